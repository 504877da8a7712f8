/** The session's own calls: context, logout, unlock check, SSO logout address, captcha, open flags. */
import { accountById } from '../../auth/accounts.ts';
import { beginAttempt, subjectForAccount } from '../../auth/brute-force.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { limitIp } from '../../auth/rate-limit.ts';
import { settingFor } from '../../auth/security-settings.ts';
import { clearRefreshCookie } from '../../auth/refresh-cookie.ts';
import { revokeFamily, type AuthContext } from '../../auth/session.ts';
import { createCaptcha } from '../../captcha/store.ts';
import type { Db } from '../../db/database.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { casLogoutUrl } from '../../sso/cas.ts';
import { defineHandlers } from '../../http/handler.ts';
import { authOf } from '../../http/handler.ts';
import { buildUserContext } from './context.ts';
import { recordLogin } from '../../audit/login-log.ts';
import { recordActingEnd } from '../../audit/acting-log.ts';
import { dropCachedSessions } from '../../auth/session-cache.ts';

/** Ends the session's login; while acting, also the actor's own login it came from. */
async function endLogin(db: Db, auth: AuthContext, reason: string): Promise<void> {
  if (auth.familyId) await revokeFamily(db, auth.familyId, reason);
  else
    await db
      .updateTable('platform.session')
      .set({ revoked_at: new Date(), revoked_reason: reason })
      .where('id', '=', auth.sessionId)
      .execute();
  dropCachedSessions(db, { sessionId: auth.sessionId });
  if (auth.actor?.familyId) await revokeFamily(db, auth.actor.familyId, reason);
}

export const sessionHandlers = defineHandlers({
  'user.context': async (ctx) => buildUserContext(ctx.db, ctx.config, authOf(ctx)),

  'user.logout': async (ctx) => {
    const auth = authOf(ctx);
    await endLogin(ctx.db, auth, 'logout');
    // The login's refresh token is dead now; the browser forgets it too.
    clearRefreshCookie(ctx.request, ctx.reply, ctx.config);
    await recordLogin(ctx.db, {
      event: 'logout',
      outcome: 'success',
      accountId: auth.accountId,
      account: auth.account,
      actorAccount: auth.actor?.account ?? null,
      tenantId: auth.tenantId,
      ip: ctx.request.ip,
    });
    // Logging out while acting ends the acting login too: the login log pairs it with its start.
    if (auth.actor)
      await recordActingEnd(ctx.db, {
        actorAccount: auth.actor.account,
        target: { accountId: auth.accountId, account: auth.account },
        tenantId: auth.tenantId,
        familyId: auth.familyId,
        endReason: 'logout',
        ip: ctx.request.ip,
      });
    return true;
  },

  /**
   * Without a password: the token is still valid (true). With one: the unlock screen's check of the
   * signed-in person's password — the actor's own while acting. Failures count for brute force; once the
   * account would be locked the session ends (6020201), so a locked screen cannot be guessed open.
   */
  'authentication.verify': async (ctx) => {
    const auth = authOf(ctx);
    const password = ctx.body.password;
    if (password === undefined) return true;
    await limitIp(ctx, 'login');
    const who = auth.actor?.accountId ?? auth.accountId;
    const account = await accountById(ctx.db, who);
    const setting = await settingFor(ctx.db, who);
    const attempt = await beginAttempt(ctx.db, {
      subject: subjectForAccount(who),
      ip: ctx.request.ip,
      maxFailures: setting.maxFailures,
      captchaAllowed: false,
    });
    if (await verifyPassword(account?.password_hash ?? null, password)) {
      await attempt.succeed();
      return true;
    }
    const failures = await attempt.fail();
    if (setting.maxFailures > 0 && failures > setting.maxFailures) {
      await endLogin(ctx.db, auth, 'unlock-failures');
      throw new ApiError(Code.ILLEGAL_TOKEN, 'auth.verify.tooMany');
    }
    throw new ApiError(Code.BAD_CREDENTIALS, 'auth.verify.wrong');
  },

  'user.getSsoLogoutInfo': async (ctx) => ({ logoutUrl: casLogoutUrl(ctx.config) }),

  'user.captcha': async (ctx) => {
    await limitIp(ctx, 'captcha');
    const q = ctx.query;
    return createCaptcha(ctx.db, { replaces: q.requestId, ip: ctx.request.ip });
  },

  /** The context of the signed-in user named by account or mobile (the SMS login page's follow-up). */
  'fldUser.context': async (ctx) => {
    const auth = authOf(ctx);
    const username = ctx.body.username.trim();
    const account = await accountById(ctx.db, auth.accountId);
    if (username !== auth.account && (!account?.mobile || username !== account.mobile))
      throw new ApiError(Code.NO_PERMISSION);
    return buildUserContext(ctx.db, ctx.config, auth);
  },

  'user.open': async (ctx) => ctx.config.regOpen,
  'user.open.tenant': async (ctx) => ctx.config.tenantRegOpen,
});
