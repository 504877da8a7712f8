/**
 * No reuse of the last N passwords (N = the account's setting's history count, 0 = no rule). The
 * current password counts as the most recent one; older ones are kept in platform.password_history
 * when a password is replaced, trimmed to the longest history any setting asks for.
 */
import { verifyPassword } from './passwords.ts';
import { newId } from './tokens.ts';
import type { Db } from '../db/database.ts';
import { Code } from '../http/codes.ts';
import { ApiError } from '../http/envelope.ts';
import './password-history-tables.ts';

/** Kept per account whatever the settings say, so raising a setting's count takes effect at once. */
export const HISTORY_KEPT = 24;

export async function historyCountFor(db: Db, accountId: string): Promise<number> {
  const own = await db
    .selectFrom('platform.account as a')
    .innerJoin('platform.user_security as u', 'u.id', 'a.security_id')
    .select('u.history_count')
    .where('a.id', '=', accountId)
    .where('u.is_use', '=', 'Y')
    .executeTakeFirst();
  if (own) return own.history_count;
  const fallback = await db
    .selectFrom('platform.user_security')
    .select('history_count')
    .where('is_default', '=', 'Y')
    .where('is_use', '=', 'Y')
    .executeTakeFirst();
  return fallback?.history_count ?? 0;
}

/** Refuses (6010101, field `field`) a password among the account's last `count` ones. */
export async function assertNotReused(
  db: Db,
  accountId: string,
  password: string,
  field = 'newPassword',
): Promise<void> {
  const count = await historyCountFor(db, accountId);
  if (count <= 0) return;
  const current = await db
    .selectFrom('platform.account')
    .select('password_hash')
    .where('id', '=', accountId)
    .executeTakeFirst();
  const older = await db
    .selectFrom('platform.password_history')
    .select('password_hash')
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .limit(Math.max(0, count - 1))
    .execute();
  const hashes = [current?.password_hash, ...older.map((o) => o.password_hash)].filter((h): h is string =>
    Boolean(h),
  );
  for (const hash of hashes.slice(0, count))
    if (await verifyPassword(hash, password))
      throw new ApiError(Code.ILLEGAL_REQUEST, 'security.password.reused', { count }, [
        { field, reason: 'reused' },
      ]);
}

/** Before a password is replaced: keeps the outgoing hash, trimmed to HISTORY_KEPT. */
export async function rememberOutgoingPassword(db: Db, accountId: string): Promise<void> {
  const current = await db
    .selectFrom('platform.account')
    .select('password_hash')
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!current?.password_hash) return;
  await db
    .insertInto('platform.password_history')
    .values({ id: newId(), account_id: accountId, password_hash: current.password_hash })
    .execute();
  const keep = await db
    .selectFrom('platform.password_history')
    .select('id')
    .where('account_id', '=', accountId)
    .orderBy('created_at', 'desc')
    .limit(HISTORY_KEPT)
    .execute();
  await db
    .deleteFrom('platform.password_history')
    .where('account_id', '=', accountId)
    .where(
      'id',
      'not in',
      keep.map((k) => k.id),
    )
    .execute();
}
