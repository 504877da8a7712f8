/**
 * Per-IP rate limits in fixed one-minute windows, counted in platform.rate_limit so that several server
 * instances share them. Buckets: 'login' (token and login calls, unlock), 'sms' (every code send and code
 * check), 'captcha' (new captcha images), 'lookup' (calls whose answer could tell whether an account name,
 * a mobile or a tenant exists: registration, acting as, switching tenant, creating employees).
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { Code } from '../http/codes.ts';
import { ApiError } from '../http/envelope.ts';
import type { HandlerContext } from '../http/handler.ts';

export type RateBucket = 'login' | 'sms' | 'captcha' | 'lookup';

/** Counts one hit; returns the count in the current window and the seconds until it ends. */
export async function hit(
  db: Db,
  bucket: string,
  key: string,
  windowSeconds = 60,
): Promise<{ count: number; retryAfter: number }> {
  const now = Date.now();
  const start = Math.floor(now / (windowSeconds * 1000)) * windowSeconds * 1000;
  const row = await db
    .insertInto('platform.rate_limit')
    .values({ bucket, key, window_start: new Date(start), count: 1 })
    .onConflict((oc) =>
      oc.columns(['bucket', 'key', 'window_start']).doUpdateSet({ count: sql`rate_limit.count + 1` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return {
    count: row.count,
    retryAfter: Math.max(1, Math.ceil((start + windowSeconds * 1000 - now) / 1000)),
  };
}

/** Refuses the call with 6010102 once the caller's IP has used up the bucket for this minute. */
export async function limitIp(ctx: HandlerContext, bucket: RateBucket): Promise<void> {
  const limit = ctx.config.rateLimitPerMinute;
  if (!limit) return;
  const { count, retryAfter } = await hit(ctx.db, bucket, ctx.request.ip);
  if (count > limit) {
    ctx.reply.header('retry-after', String(retryAfter));
    throw new ApiError(
      Code.ILLEGAL_IP,
      'auth.rateLimited',
      { seconds: retryAfter },
      { reason: 'rate-limit', bucket, retryAfter },
    );
  }
}

/**
 * Existence checks: counted per client address and, when signed in, per account too (an account behind
 * many addresses is still one), 6010102 once either has used up the minute.
 */
export async function limitLookups(ctx: HandlerContext): Promise<void> {
  await limitIp(ctx, 'lookup');
  const limit = ctx.config.rateLimitPerMinute;
  const accountId = ctx.auth?.actor?.accountId ?? ctx.auth?.accountId;
  if (!limit || !accountId) return;
  const { count, retryAfter } = await hit(ctx.db, 'lookup', `acct:${accountId}`);
  if (count > limit) {
    ctx.reply.header('retry-after', String(retryAfter));
    throw new ApiError(
      Code.ILLEGAL_IP,
      'auth.rateLimited',
      { seconds: retryAfter },
      { reason: 'rate-limit', bucket: 'lookup', retryAfter },
    );
  }
}

export async function pruneRateLimits(db: Db): Promise<void> {
  await db
    .deleteFrom('platform.rate_limit')
    .where('window_start', '<', new Date(Date.now() - 2 * 3600 * 1000))
    .execute();
}
