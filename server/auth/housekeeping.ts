/**
 * Old rows of the sign-in tables are pruned by the sign-in calls themselves, at most once every
 * PRUNE_EVERY_MS per process and database (so no separate job is needed; several instances just prune
 * a little more often).
 */
import type { Db } from '../db/database.ts';
import { pruneCaptchas } from '../captcha/store.ts';
import { pruneSmsCodes } from '../sms/codes.ts';
import { pruneAuthCodes } from '../sso/authorize.ts';
import { pruneFailures } from './brute-force.ts';
import { pruneRateLimits } from './rate-limit.ts';
import { pruneSessions } from './session.ts';
import './permission-tables.ts';

export const PRUNE_EVERY_MS = 10 * 60 * 1000;
const lastRun = new WeakMap<Db, number>();

/** Login and operation log rows older than the retention (LOG_RETENTION_DAYS) go. */
export async function pruneLogs(db: Db, retentionDays: number): Promise<void> {
  const before = new Date(Date.now() - retentionDays * 86_400_000);
  await db.deleteFrom('platform.login_log').where('created_at', '<', before).execute();
  await db.deleteFrom('platform.operation_log').where('created_at', '<', before).execute();
}

export async function pruneAll(db: Db, logRetentionDays = 180): Promise<void> {
  await pruneLogs(db, logRetentionDays);
  await pruneFailures(db);
  await pruneRateLimits(db);
  await pruneCaptchas(db);
  await pruneSmsCodes(db);
  await pruneAuthCodes(db);
  await pruneSessions(db);
  await db
    .deleteFrom('platform.verification_grant')
    .where('expires_at', '<', new Date(Date.now() - 3600 * 1000))
    .execute();
}

export async function maybePrune(
  db: Db,
  log?: { warn(obj: unknown, msg: string): void },
  logRetentionDays?: number,
): Promise<void> {
  const now = Date.now();
  if (now - (lastRun.get(db) ?? 0) < PRUNE_EVERY_MS) return;
  lastRun.set(db, now);
  await pruneAll(db, logRetentionDays).catch((err: unknown) =>
    log?.warn({ err: String(err) }, 'pruning the sign-in tables failed'),
  );
}
