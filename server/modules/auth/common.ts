/** Helpers shared by the sign-in, session, SMS and password handlers. */
import { maybePrune } from '../../auth/housekeeping.ts';
import {
  issueSessionInFamily,
  resolveSession,
  type AuthContext,
  type IssuedToken,
  type SessionOptions,
} from '../../auth/session.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { bearerToken } from '../../http/catalogue-routes.ts';
import type { HandlerContext } from '../../http/handler.ts';

export function sessionMeta(
  ctx: HandlerContext,
): Pick<SessionOptions, 'ip' | 'client' | 'refreshTtl' | 'maxAge'> {
  const ua = ctx.request.headers['user-agent'];
  return {
    ip: ctx.request.ip,
    client: typeof ua === 'string' ? ua : undefined,
    refreshTtl: ctx.config.refreshTokenTtl,
    maxAge: ctx.config.sessionMaxAge,
  };
}

/** Opens a session for a signed-in account (a new login family unless opts say otherwise). */
export async function openSession(
  ctx: HandlerContext,
  accountId: string,
  opts: SessionOptions = {},
): Promise<IssuedToken> {
  await maybePrune(ctx.db, ctx.request.log, ctx.config.logRetentionDays);
  const { token } = await issueSessionInFamily(ctx.db, accountId, ctx.config.accessTokenTtl, {
    ...sessionMeta(ctx),
    ...opts,
  });
  return token;
}

/**
 * The session of a public operation that needs one anyway (authorize/apply…): the route resolved it
 * leniently; here a missing or bad token answers its precise code.
 */
export async function requireSession(ctx: HandlerContext): Promise<AuthContext> {
  return ctx.auth ?? resolveSession(ctx.db, bearerToken(ctx.request));
}

/** Security-sensitive self-service (own password, own mobile) is not for someone acting as the user. */
export function refuseWhileActing(auth: AuthContext): void {
  if (auth.actor) throw new ApiError(Code.NO_PERMISSION, 'auth.switch.forbiddenWhileActing');
}

/** The caller's own account only (userId fields of the self-service calls). */
export function requireSelf(auth: AuthContext, userId: string | undefined): void {
  if (userId !== undefined && userId !== auth.accountId) throw new ApiError(Code.NO_PERMISSION);
}
