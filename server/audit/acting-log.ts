/**
 * Acting as another user, as the login log shows it: an 'acting-start' row when an administrator starts
 * acting (actor, target, reason) and an 'acting-end' row however it ends (exit, logout, expiry, the right
 * lost), each with the acting reason and start time. The reason and start come from the acting login's
 * 'switch' row of platform.acting_audit (acting-audit.ts), found by its session family.
 */
import type { Db } from '../db/database.ts';
import { recordLogin } from './login-log.ts';

export interface ActingStart {
  reason: string | null;
  startedAt: Date | null;
}

/** The acting login's reason and start, or nulls when the family has no 'switch' row. */
export async function actingStartOf(db: Db, familyId: string | null | undefined): Promise<ActingStart> {
  if (!familyId) return { reason: null, startedAt: null };
  const row = await db
    .selectFrom('platform.acting_audit')
    .select(['reason', 'created_at'])
    .where('family_id', '=', familyId)
    .where('event', '=', 'switch')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return { reason: row?.reason ?? null, startedAt: row ? new Date(row.created_at) : null };
}

export async function recordActingStart(
  db: Db,
  e: {
    actorAccount: string;
    target: { accountId: string; account: string };
    tenantId: string | null | undefined;
    familyId: string;
    reason: string;
    ip: string | null;
  },
): Promise<void> {
  // The start as the acting audit has it, so the start and end rows carry the same time.
  const start = await actingStartOf(db, e.familyId);
  await recordLogin(db, {
    event: 'acting-start',
    outcome: 'success',
    accountId: e.target.accountId,
    account: e.target.account,
    actorAccount: e.actorAccount,
    tenantId: e.tenantId,
    grantType: 'switch',
    actingReason: e.reason,
    actingStartedAt: start.startedAt ?? new Date(),
    ip: e.ip,
  });
}

/**
 * The end of an acting login. `endReason`: switch-exit (the actor went back), logout, acting-expired,
 * acting-right-lost.
 */
export async function recordActingEnd(
  db: Db,
  e: {
    actorAccount: string;
    target: { accountId: string; account: string };
    tenantId: string | null;
    familyId: string | null | undefined;
    endReason: string;
    ip: string | null;
  },
): Promise<void> {
  const start = await actingStartOf(db, e.familyId);
  await recordLogin(db, {
    event: 'acting-end',
    outcome: 'success',
    accountId: e.target.accountId,
    account: e.target.account,
    actorAccount: e.actorAccount,
    tenantId: e.tenantId,
    reason: e.endReason,
    actingReason: start.reason,
    actingStartedAt: start.startedAt,
    ip: e.ip,
  });
}
