/** Ending a login exactly once, so that whoever ends it (and only they) audits the end. */
import type { Db } from '../db/database.ts';
import { sessionsEnded } from './session-cache.ts';

/** Revokes a family and its sessions; true when this call ended it (false: already ended). */
export async function revokeFamilyOnce(db: Db, familyId: string, reason: string): Promise<boolean> {
  const now = new Date();
  const ended = await db
    .updateTable('platform.session_family')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null)
    .returning('id')
    .executeTakeFirst();
  await db
    .updateTable('platform.session')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
  sessionsEnded(db, { familyId });
  return Boolean(ended);
}
