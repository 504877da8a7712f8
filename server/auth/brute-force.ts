/**
 * Brute-force protection for everything that checks a secret of an account (password logins, SMS code
 * logins, the unlock screen's password check, the current password of a change). Failures are rows of
 * platform.auth_failure keyed by a subject ('acct:<id>' for a known account, 'name:<input>' otherwise, so
 * unknown names behave exactly like known ones), shared by every server instance:
 *
 * - after CAPTCHA_AFTER consecutive failures the next attempt must carry a solved captcha (6020104);
 * - beyond the setting's maxFailures (default 5) each further failure locks for 60 s more, capped at 15 min;
 * - at most HOURLY_CAP failures per hour per subject, after which attempts are refused unchecked;
 * - a success clears the consecutive count (the hourly count stays).
 *
 * An attempt is recorded as a failure before the secret is checked and cleared on success, and the limits
 * are checked again against the failures recorded before it, so parallel requests cannot slip past them.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { Code } from '../http/codes.ts';
import { ApiError } from '../http/envelope.ts';
import { verifyCaptcha } from '../captcha/store.ts';

export const CAPTCHA_AFTER = 3;
export const HOURLY_CAP = 100;
export const LOCK_STEP_SECONDS = 60;
export const LOCK_MAX_SECONDS = 15 * 60;
/** Consecutive failures older than this no longer count. */
export const FAILURE_MEMORY_MS = 24 * 3600 * 1000;

export const subjectForAccount = (accountId: string): string => `acct:${accountId}`;
export const subjectForName = (name: string): string => `name:${name.trim().toLowerCase()}`;

export interface GuardState {
  consecutive: number;
  hourly: number;
  lastFailureAt: Date | null;
}

export async function guardState(db: Db, subject: string, beforeId?: number): Promise<GuardState> {
  const now = Date.now();
  const dayAgo = new Date(now - FAILURE_MEMORY_MS);
  const hourAgo = new Date(now - 3600 * 1000);
  let q = db
    .selectFrom('platform.auth_failure')
    .select([
      sql<number>`count(*) filter (where not cleared)::int`.as('consecutive'),
      sql<number>`count(*) filter (where created_at > ${hourAgo})::int`.as('hourly'),
      sql<Date | string | null>`max(created_at) filter (where not cleared)`.as('last'),
    ])
    .where('subject', '=', subject)
    .where('created_at', '>', dayAgo);
  if (beforeId !== undefined) q = q.where('id', '<', beforeId);
  const row = await q.executeTakeFirstOrThrow();
  return {
    consecutive: row.consecutive,
    hourly: row.hourly,
    lastFailureAt: row.last ? new Date(row.last) : null,
  };
}

/** Seconds the subject stays locked (0 when not locked). */
export function lockSeconds(state: GuardState, maxFailures: number, now = Date.now()): number {
  if (maxFailures <= 0 || !state.lastFailureAt) return 0;
  const over = state.consecutive - maxFailures;
  if (over <= 0) return 0;
  const until = state.lastFailureAt.getTime() + Math.min(over * LOCK_STEP_SECONDS, LOCK_MAX_SECONDS) * 1000;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

function assertOpen(state: GuardState, maxFailures: number): void {
  if (state.hourly >= HOURLY_CAP) {
    throw new ApiError(
      Code.BAD_CREDENTIALS,
      'auth.login.tooManyFailures',
      { limit: HOURLY_CAP },
      { reason: 'hourly-limit' },
    );
  }
  const locked = lockSeconds(state, maxFailures);
  if (locked > 0) {
    throw new ApiError(
      Code.BAD_CREDENTIALS,
      'auth.login.locked',
      { seconds: locked },
      { reason: 'locked', retryAfter: locked },
    );
  }
}

export interface Attempt {
  /** The secret was right: clears the consecutive failures. */
  succeed(): Promise<void>;
  /** The secret was wrong: the attempt stays a failure. Returns the consecutive failures now counted. */
  fail(): Promise<number>;
}

export async function beginAttempt(
  db: Db,
  opts: {
    subject: string;
    ip?: string;
    maxFailures: number;
    /** Whether this kind of attempt can present a captcha (login forms can; the unlock screen cannot). */
    captchaAllowed: boolean;
    captcha?: { captcha?: string; requestId?: string };
  },
): Promise<Attempt> {
  const before = await guardState(db, opts.subject);
  assertOpen(before, opts.maxFailures);
  let captchaSolved = false;
  if (opts.captchaAllowed && before.consecutive >= CAPTCHA_AFTER) {
    await verifyCaptcha(db, opts.captcha ?? {});
    captchaSolved = true;
  }
  const { id } = await db
    .insertInto('platform.auth_failure')
    .values({ subject: opts.subject, ip: opts.ip ?? null })
    .returning('id')
    .executeTakeFirstOrThrow();
  const prior = await guardState(db, opts.subject, id);
  try {
    assertOpen(prior, opts.maxFailures);
    if (opts.captchaAllowed && prior.consecutive >= CAPTCHA_AFTER && !captchaSolved) {
      throw new ApiError(Code.CAPTCHA_REQUIRED, 'error.code.6020104', {}, { reason: 'required' });
    }
  } catch (e) {
    await db.deleteFrom('platform.auth_failure').where('id', '=', id).execute();
    throw e;
  }
  return {
    succeed: () => clearFailures(db, opts.subject),
    fail: async () => prior.consecutive + 1,
  };
}

export async function clearFailures(db: Db, subject: string): Promise<void> {
  await db
    .updateTable('platform.auth_failure')
    .set({ cleared: true })
    .where('subject', '=', subject)
    .where('cleared', '=', false)
    .execute();
}

export async function pruneFailures(db: Db): Promise<void> {
  await db
    .deleteFrom('platform.auth_failure')
    .where('created_at', '<', new Date(Date.now() - FAILURE_MEMORY_MS))
    .execute();
}
