/**
 * Sign-in: the token endpoint (password, authorization code, refresh token), mobile logins (password or
 * SMS code), the CAS ticket login and our own authorization codes. Every password check goes through the
 * brute-force guard of the account and the per-IP 'login' bucket. An SMS code login counts its failures
 * against the code and the phone (server/sms/codes.ts), never against the account: anyone can ask for a
 * code to any number, so SMS failures must not lock the account's password sign-in. Every sign-in and
 * every refused one is a row of the login log.
 */
import { accountByName, accountsByMobile, type AccountRow } from '../../auth/accounts.ts';
import { beginAttempt, subjectForAccount, subjectForName } from '../../auth/brute-force.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { limitIp } from '../../auth/rate-limit.ts';
import { settingFor } from '../../auth/security-settings.ts';
import { clearRefreshCookie, refreshTokenFromCookie } from '../../auth/refresh-cookie.ts';
import { refreshSession, type IssuedToken } from '../../auth/session.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { checkCode } from '../../sms/codes.ts';
import { consumeAuthCode, isOwnAuthCode, issueAuthCode } from '../../sso/authorize.ts';
import { recordLogin } from '../../audit/login-log.ts';
import { validateCasTicket } from '../../sso/cas.ts';
import { oauthConfigured, usernameForOAuthCode } from '../../sso/oauth.ts';
import type { AuthorizeApplyBody } from '../../../schemas/generated/operations.ts';
import type { HandlerContext } from '../../http/handler.ts';
import { defineHandlers } from '../../http/handler.ts';
import { openSession, requireSession, sessionMeta } from './common.ts';

interface TokenRequest {
  grant_type: 'password_credentials' | 'authorization_code' | 'refresh_token';
  username?: string;
  password?: string;
  client_id?: string;
  client_secret?: string;
  code?: string;
  state?: string;
  redirect_uri?: string;
  refresh_token?: string;
  captcha?: string;
  requestId?: string;
}

interface Captcha {
  captcha?: string;
  requestId?: string;
}

/** One account for a mobile; two active accounts on one number must sign in by account name. */
async function accountForMobile(ctx: HandlerContext, mobile: string): Promise<AccountRow | undefined> {
  const found = await accountsByMobile(ctx.db, mobile);
  if (found.length > 1) throw new ApiError(Code.BAD_CREDENTIALS, 'auth.sms.mobileAmbiguous');
  return found[0];
}

/** Why a sign-in was refused, for the login log: the cause's reason, else the message key's last part. */
function reasonOf(e: ApiError): string {
  const cause = e.causeDetail as { reason?: unknown } | null;
  if (cause && typeof cause === 'object' && typeof cause.reason === 'string') return cause.reason;
  return e.key.split('.').pop() ?? String(e.code);
}

/** Runs a sign-in and writes its outcome to the login log. */
async function logged(
  ctx: HandlerContext,
  grantType: string,
  typed: string | undefined,
  signIn: () => Promise<IssuedToken>,
): Promise<IssuedToken> {
  const ua = ctx.request.headers['user-agent'];
  const base = {
    event: 'login' as const,
    grantType,
    ip: ctx.request.ip,
    client: typeof ua === 'string' ? ua : null,
  };
  try {
    const token = await signIn();
    const account = await ctx.db
      .selectFrom('platform.account')
      .select('account')
      .where('id', '=', token.uid)
      .executeTakeFirst();
    await recordLogin(ctx.db, {
      ...base,
      outcome: 'success',
      accountId: token.uid,
      account: account?.account ?? typed,
    });
    return token;
  } catch (e) {
    if (e instanceof ApiError) {
      const known = typed ? await knownAccount(ctx, typed) : undefined;
      await recordLogin(ctx.db, {
        ...base,
        outcome: 'failure',
        accountId: known?.id ?? null,
        account: known?.account ?? typed ?? null,
        code: e.code,
        reason: reasonOf(e),
        ...(known ? {} : { tenantId: null }),
      });
    }
    throw e;
  }
}

/** The account a typed name or mobile stands for, when exactly one does. */
async function knownAccount(ctx: HandlerContext, typed: string): Promise<AccountRow | undefined> {
  const byName = await accountByName(ctx.db, typed);
  if (byName) return byName;
  const byMobile = await accountsByMobile(ctx.db, typed);
  return byMobile.length === 1 ? byMobile[0] : undefined;
}

/** Password check of a known or unknown account, guarded; opens the session. */
async function passwordLogin(
  ctx: HandlerContext,
  account: AccountRow | undefined,
  typedName: string,
  password: string,
  captcha: Captcha,
): Promise<IssuedToken> {
  const setting = await settingFor(ctx.db, account?.id);
  const attempt = await beginAttempt(ctx.db, {
    subject: account ? subjectForAccount(account.id) : subjectForName(typedName),
    ip: ctx.request.ip,
    maxFailures: setting.maxFailures,
    captchaAllowed: true,
    captcha,
  });
  const ok = await verifyPassword(account?.password_hash ?? null, password);
  if (!account || !ok) {
    await attempt.fail();
    throw new ApiError(Code.BAD_CREDENTIALS);
  }
  await attempt.succeed();
  if (account.status !== 'actived') throw new ApiError(Code.BAD_CREDENTIALS, 'auth.login.inactive');
  return openSession(ctx, account.id, { grantType: 'password_credentials' });
}

/**
 * SMS code login for a mobile. Guessing is bounded by the code (MAX_ATTEMPTS wrong guesses kill it, counted
 * atomically) and by the phone (a new code at most every 60 s, SMS_PER_PHONE_PER_HOUR an hour).
 */
async function smsLogin(ctx: HandlerContext, mobile: string, validCode: string): Promise<IssuedToken> {
  const account = await accountForMobile(ctx, mobile);
  await checkCode(ctx.db, ctx.config, mobile, 'login', validCode);
  if (!account) throw new ApiError(Code.BAD_CREDENTIALS, 'auth.sms.codeInvalid');
  if (account.status !== 'actived') throw new ApiError(Code.BAD_CREDENTIALS, 'auth.login.inactive');
  return openSession(ctx, account.id, { grantType: 'sms' });
}

/** An account named by a trusted third party (CAS, OAuth server): it must exist here and be active. */
async function ssoAccount(ctx: HandlerContext, name: string): Promise<AccountRow> {
  const account = await accountByName(ctx.db, name);
  if (!account) throw new ApiError(Code.BAD_CREDENTIALS, 'auth.sso.noAccount', { account: name });
  if (account.status !== 'actived') throw new ApiError(Code.BAD_CREDENTIALS, 'auth.login.inactive');
  return account;
}

async function ticketLogin(ctx: HandlerContext, ticket: string): Promise<IssuedToken> {
  const user = await validateCasTicket(ctx.config, ticket);
  const account = await ssoAccount(ctx, user);
  return openSession(ctx, account.id, { grantType: 'cas' });
}

async function authorizationCodeLogin(ctx: HandlerContext, body: TokenRequest): Promise<IssuedToken> {
  if (!body.code) throw new ApiError(Code.ILLEGAL_TOKEN, 'auth.oauth.codeInvalid');
  // Our own codes first (they are 256-bit random, so no external code collides), then the external server.
  if (await isOwnAuthCode(ctx.db, body.code)) {
    const granted = await consumeAuthCode(ctx.db, {
      code: body.code,
      clientId: body.client_id,
      clientSecret: body.client_secret,
    });
    const account = await ctx.db
      .selectFrom('platform.account')
      .select(['id', 'status'])
      .where('id', '=', granted.accountId)
      .executeTakeFirst();
    if (!account || account.status !== 'actived')
      throw new ApiError(Code.BAD_CREDENTIALS, 'auth.login.inactive');
    return openSession(ctx, account.id, {
      grantType: 'authorization_code',
      tenantId: granted.tenantId ?? undefined,
    });
  }
  if (!oauthConfigured(ctx.config)) throw new ApiError(Code.ILLEGAL_TOKEN, 'auth.oauth.codeInvalid');
  const name = await usernameForOAuthCode(ctx.config, body.code, body.redirect_uri);
  const account = await ssoAccount(ctx, name);
  return openSession(ctx, account.id, { grantType: 'oauth' });
}

async function authorize(
  ctx: HandlerContext<unknown, AuthorizeApplyBody>,
  withRedirect: boolean,
): Promise<{ code: string; redirectUrl: string }> {
  const auth = await requireSession(ctx);
  // A code would give a session of the target without the acting mark (and without its audit).
  if (auth.actor) throw new ApiError(Code.NO_PERMISSION, 'auth.switch.forbiddenWhileActing');
  const body = ctx.body;
  return issueAuthCode(ctx.db, {
    clientId: body.client_id,
    accountId: auth.accountId,
    tenantId: auth.tenantId,
    state: body.login_state,
    withRedirect,
  });
}

export const loginHandlers = defineHandlers({
  'authentication.apply': async (ctx) => {
    const body = ctx.body;
    // Refresh tokens (256 random bits, single use) leave nothing to guess, and an office behind one
    // address refreshes often: only the guessable grants count against the per-IP 'login' bucket.
    if (body.grant_type !== 'refresh_token') await limitIp(ctx, 'login');
    switch (body.grant_type) {
      case 'password_credentials': {
        if (!body.username || !body.password) throw new ApiError(Code.BAD_CREDENTIALS);
        const { username, password } = body;
        return logged(ctx, 'password_credentials', username, async () =>
          passwordLogin(ctx, await accountByName(ctx.db, username), username, password, body),
        );
      }
      case 'refresh_token': {
        // A browser's refresh token is its HttpOnly cookie (server/auth/refresh-cookie.ts); other
        // clients may still send theirs in the body.
        const fromCookie = body.refresh_token ? undefined : refreshTokenFromCookie(ctx.request);
        const presented = body.refresh_token || fromCookie;
        if (!presented) throw new ApiError(Code.ILLEGAL_TOKEN);
        try {
          return await refreshSession(ctx.db, presented, ctx.config.accessTokenTtl, sessionMeta(ctx));
        } catch (e) {
          // A refused cookie is of no more use: the browser forgets it (the answer keeps the header).
          if (fromCookie && e instanceof ApiError) clearRefreshCookie(ctx.request, ctx.reply, ctx.config);
          throw e;
        }
      }
      case 'authorization_code':
        return logged(ctx, 'authorization_code', undefined, () => authorizationCodeLogin(ctx, body));
      default:
        throw new ApiError(Code.ILLEGAL_REQUEST, 'server.unsupportedGrant', {
          grant: String(body.grant_type),
        });
    }
  },

  'fldUser.login.apply': async (ctx) => {
    const { body } = ctx;
    await limitIp(ctx, 'login');
    const { mobile, validCode } = body;
    if (validCode) return logged(ctx, 'sms', mobile, () => smsLogin(ctx, mobile, validCode));
    return logged(ctx, 'password_credentials', mobile, async () =>
      passwordLogin(ctx, await accountForMobile(ctx, mobile), mobile, body.passWd ?? '', body),
    );
  },

  'fldUser.login.token.apply': async (ctx) => {
    const body = ctx.body;
    await limitIp(ctx, 'login');
    // The catalogue leaves this body open (a CAS ticket, or a mobile and its code): read strings only.
    const text = (key: string) => (typeof body[key] === 'string' ? (body[key] as string) : '');
    const ticket = text('ticket') || text('token');
    if (ticket) return logged(ctx, 'cas', undefined, () => ticketLogin(ctx, ticket));
    const mobile = text('mobile');
    const validCode = text('validCode');
    if (mobile && validCode) return logged(ctx, 'sms', mobile, () => smsLogin(ctx, mobile, validCode));
    throw new ApiError(Code.BAD_CREDENTIALS);
  },

  'authorize.apply': (ctx) => authorize(ctx, true),
  'authorize.applyByApp': (ctx) => authorize(ctx, false),
});
