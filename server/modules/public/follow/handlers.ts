/**
 * The catalogue handlers of following (schemas/api/public-follow.yaml): subscribe (double opt-in, captcha,
 * limits per client address and per e-mail), confirm, unsubscribe (the page's call and RFC 8058's
 * one-click POST), and the Atom feed of one saved search or case.
 */
import { hit } from '../../../auth/rate-limit.ts';
import { verifyCaptcha } from '../../../captcha/store.ts';
import { Code } from '../../../http/codes.ts';
import { ApiError } from '../../../http/envelope.ts';
import { defineHandlers, type HandlerContext } from '../../../http/handler.ts';
import { exportGateOf } from '../export-gate.ts';
import type { PublicList } from '../filters.ts';
import { todayOf } from '../publications.ts';
import { searchFeedXml } from './search-feed.ts';
import { confirmSubscription, endSubscription, normalEmail, requestSubscription } from './subscriptions.ts';
import { followableCase, originOf, searchTarget, targetKey, type FollowTarget } from './target.ts';

/** Subscription requests per client address per minute, and per e-mail address per hour. */
export const SUBSCRIBES_PER_IP = 5;
export const SUBSCRIBES_PER_EMAIL = 5;

/** Counts one request in `bucket`; past `max` in the window, 6010102 with Retry-After (0 turns limits off). */
async function limit(ctx: HandlerContext, bucket: string, key: string, max: number, windowSeconds = 60) {
  if (!ctx.config.rateLimitPerMinute) return;
  const { count, retryAfter } = await hit(ctx.db, bucket, key, windowSeconds);
  if (count > Math.min(max, ctx.config.rateLimitPerMinute)) {
    ctx.reply.header('retry-after', String(retryAfter));
    throw new ApiError(
      Code.ILLEGAL_IP,
      'auth.rateLimited',
      { seconds: retryAfter },
      { reason: 'rate-limit', bucket },
    );
  }
}

const badTarget = () => new ApiError(Code.ILLEGAL_REQUEST, 'publicFollow.error.target');

/** Exactly one target: a case number, or a list with (optionally) its filters. */
async function targetOf(
  ctx: HandlerContext,
  caseNo: string | undefined,
  list: PublicList | undefined,
  parameters: { key: string; value?: unknown }[],
): Promise<FollowTarget> {
  if (caseNo !== undefined && list === undefined && parameters.length === 0)
    return followableCase(ctx.db, caseNo);
  if (caseNo === undefined && list !== undefined) return searchTarget(list, parameters);
  throw badTarget();
}

export const followHandlers = defineHandlers({
  'publicity.follow.subscribe': async (ctx) => {
    const b = ctx.body;
    // The request is checked first: a refused one stores nothing, not even a count.
    const target = await targetOf(ctx, b.caseNo, b.list, b.parameters ?? []);
    const email = normalEmail(b.email);
    await limit(ctx, 'follow', ctx.request.ip, SUBSCRIBES_PER_IP);
    await limit(ctx, 'follow-email', email, SUBSCRIBES_PER_EMAIL, 3600);
    await verifyCaptcha(ctx.db, { captcha: b.captcha, requestId: b.requestId });
    await requestSubscription(ctx.db, ctx.config, {
      email,
      target,
      lang: ctx.lang,
      origin: originOf(ctx.request),
    });
    return null;
  },

  'publicity.follow.confirm': (ctx) => confirmSubscription(ctx.db, ctx.body.token, ctx.lang),

  'publicity.follow.unsubscribe': (ctx) => {
    // The page sends the token in the body; a mail program's one-click POST has it in the address.
    const token = ctx.body.token ?? ctx.query.token;
    if (!token) throw new ApiError(Code.ILLEGAL_REQUEST, 'publicFollow.error.badToken');
    return endSubscription(ctx.db, token, ctx.lang);
  },

  'publicity.follow.feed': async (ctx) => {
    const gate = exportGateOf(ctx.request.server, ctx.config);
    gate.admit(ctx.request.ip, ctx.reply);
    const { list, caseNo, _t, ...filters } = ctx.query;
    void _t;
    const parameters = Object.entries(filters).map(([key, value]) => ({ key, value }));
    const target = await targetOf(ctx, caseNo, list, parameters);
    const origin = originOf(ctx.request);
    const today = todayOf();
    // The feed's own address names the target as checked (filters in a fixed order), like its cache key.
    const query = new URLSearchParams(
      target.kind === 'case'
        ? { caseNo: target.caseNo }
        : { list: target.list, ...(target.filters as Record<string, string>) },
    );
    const key = JSON.stringify(['follow-feed', origin, today, ctx.lang, targetKey(target)]);
    const { download, cached } = await gate.get(key, async () => ({
      body: Buffer.from(
        await searchFeedXml(ctx.db, target, {
          origin,
          today,
          lang: ctx.lang,
          selfLink: `${origin}${ctx.config.apiBase}/publicity/follow/feed?${query}`,
        }),
      ),
      type: 'application/atom+xml; charset=utf-8',
    }));
    return ctx.reply
      .header('cache-control', 'public, max-age=300')
      .header('x-cache', cached ? 'hit' : 'miss')
      .type(download.type)
      .send(download.body);
  },
});
