/**
 * SMS code sends and the mobile change. Every send needs a solved image captcha and passes the per-IP
 * 'sms' bucket; the per-mobile 60 s wait and hourly cap live in server/sms/codes.ts.
 *
 * fldUser/sendMsg/apply picks the purpose with extraData:
 *   (absent) or 'login' — SMS login; username is the mobile or the account name; sent to the account's mobile;
 *   'oldPhone'          — step 1 of a mobile change; signed in; username must be the caller's current mobile;
 *   'newPhone'          — step 2; signed in; username is the new mobile.
 * user/send/sms/tenant and fldRegister/send send 'verify' codes (registration, forgotten password).
 */
import { isMobile } from '../../../schemas/validators.ts';
import { accountById, accountByName, accountsByMobile, mobileTaken } from '../../auth/accounts.ts';
import { limitIp, limitLookups } from '../../auth/rate-limit.ts';
import { newId } from '../../auth/tokens.ts';
import { verifyCaptcha } from '../../captcha/store.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { translate } from '../../http/i18n.ts';
import { checkCode, sendCode, type SendDeps } from '../../sms/codes.ts';
import type { HandlerContext } from '../../http/handler.ts';
import { defineHandlers } from '../../http/handler.ts';
import { authOf } from '../../http/handler.ts';
import { refuseWhileActing, requireSelf, requireSession } from './common.ts';

export const PHONE_CHANGE_GRANT = 'change-phone';
/** After the old mobile is confirmed, the new one must be bound within this time. */
export const PHONE_GRANT_MINUTES = 15;

const depsOf = (ctx: HandlerContext): SendDeps => ({
  db: ctx.db,
  config: ctx.config,
  log: ctx.request.log,
  lang: ctx.lang,
  ip: ctx.request.ip,
});

async function guardSend(
  ctx: HandlerContext,
  captcha: { captcha?: string; requestId?: string },
): Promise<void> {
  await limitIp(ctx, 'sms');
  await verifyCaptcha(ctx.db, captcha);
}

export const smsHandlers = defineHandlers({
  'fldUser.sendMsg.apply': async (ctx) => {
    const body = ctx.body;
    const purpose = body.extraData?.trim() || 'login';
    const username = body.username.trim();
    if (!['login', 'oldPhone', 'newPhone'].includes(purpose))
      throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.sms.unknownPurpose', { purpose });
    // A signed-in caller is needed before the captcha is spent on a change-mobile send.
    const auth = purpose === 'login' ? null : await requireSession(ctx);
    if (auth) refuseWhileActing(auth);
    await guardSend(ctx, body);

    if (auth && purpose === 'oldPhone') {
      const account = await accountById(ctx.db, auth.accountId);
      if (!account?.mobile || account.mobile !== username)
        throw new ApiError(Code.WARNING, 'auth.phone.oldMismatch');
      await sendCode(depsOf(ctx), account.mobile, 'old-phone', account.id);
      return null;
    }
    if (auth && purpose === 'newPhone') {
      if (!isMobile(username)) throw new ApiError(Code.ILLEGAL_REQUEST, 'validation.mobile');
      const account = await accountById(ctx.db, auth.accountId);
      if (account?.mobile === username) throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.phone.same');
      // Whether a number is taken is an existence answer: counted.
      await limitLookups(ctx);
      if (await mobileTaken(ctx.db, username, auth.accountId))
        throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.phone.taken');
      await sendCode(depsOf(ctx), username, 'new-phone', auth.accountId);
      return null;
    }
    // Login: the same answer whether or not an account exists behind the name or number.
    const byMobile = isMobile(username);
    const accounts = byMobile
      ? await accountsByMobile(ctx.db, username)
      : [await accountByName(ctx.db, username)].filter((a) => a?.status === 'actived');
    const account = accounts.length === 1 ? accounts[0] : undefined;
    const mobile = account?.mobile ?? (byMobile ? username : null);
    if (mobile)
      await sendCode(depsOf(ctx), mobile, 'login', account?.id ?? null, {
        deliver: Boolean(account?.mobile),
      });
    return null;
  },

  /** Forgotten password (tenant pages): sent only when an account has this mobile, answered the same either way. */
  'user.send.sms.tenant': async (ctx) => {
    const q = ctx.query;
    await guardSend(ctx, q);
    const accounts = await accountsByMobile(ctx.db, q.mobile);
    await sendCode(depsOf(ctx), q.mobile, 'verify', accounts[0]?.id ?? null, {
      deliver: accounts.length > 0,
    });
    return null;
  },

  /** Registration and forgotten-password pages: a code to prove the mobile is the caller's. */
  'fldRegister.send': async (ctx) => {
    const body = ctx.body;
    await guardSend(ctx, body);
    await sendCode(depsOf(ctx), body.mobile, 'verify');
    return null;
  },

  /** Checks a 'verify' code without consuming it (a wizard's first step); wrong guesses still count. */
  'smsMsg.msgCheck': async (ctx) => {
    const body = ctx.body;
    await limitIp(ctx, 'sms');
    try {
      await checkCode(ctx.db, ctx.config, body.mobile, 'verify', body.validCode, { peek: true });
      return true;
    } catch (e) {
      if (e instanceof ApiError && e.code === Code.ILLEGAL_REQUEST) return false;
      throw e;
    }
  },

  /**
   * Step 1 of a mobile change: data false with the message 原手机号不匹配 when the phone is not the
   * account's; a wrong or used code is an error; true grants step 2 for PHONE_GRANT_MINUTES.
   */
  'fldUser.checkOldPhone': async (ctx) => {
    const auth = authOf(ctx);
    refuseWhileActing(auth);
    const body = ctx.body;
    requireSelf(auth, body.userId);
    const account = await accountById(ctx.db, auth.accountId);
    if (!account?.mobile || account.mobile !== body.phone) {
      return ctx.reply.send({
        state: Code.SUCCESS,
        message: translate(ctx.lang, 'auth.phone.oldMismatch'),
        cause: null,
        data: false,
      });
    }
    await limitIp(ctx, 'sms');
    await checkCode(ctx.db, ctx.config, body.phone, 'old-phone', body.validCode);
    const now = Date.now();
    await ctx.db
      .insertInto('platform.verification_grant')
      .values({
        id: newId(),
        account_id: account.id,
        purpose: PHONE_CHANGE_GRANT,
        created_at: new Date(now),
        expires_at: new Date(now + PHONE_GRANT_MINUTES * 60_000),
      })
      .execute();
    return true;
  },

  /** Step 2: binds the new mobile (proven by its own code) after step 1, or directly when none is bound yet. */
  'fldUser.changePhone': async (ctx) => {
    const auth = authOf(ctx);
    refuseWhileActing(auth);
    const body = ctx.body;
    requireSelf(auth, body.userId);
    const account = await accountById(ctx.db, auth.accountId);
    if (!account) throw new ApiError(Code.ILLEGAL_TOKEN);
    const grant = account.mobile
      ? await ctx.db
          .selectFrom('platform.verification_grant')
          .select('id')
          .where('account_id', '=', account.id)
          .where('purpose', '=', PHONE_CHANGE_GRANT)
          .where('used_at', 'is', null)
          .where('expires_at', '>', new Date())
          .orderBy('created_at', 'desc')
          .executeTakeFirst()
      : undefined;
    if (account.mobile && !grant) throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.phone.verifyOldFirst');
    if (account.mobile === body.phone) throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.phone.same');
    if (await mobileTaken(ctx.db, body.phone, account.id))
      throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.phone.taken');
    await limitIp(ctx, 'sms');
    await checkCode(ctx.db, ctx.config, body.phone, 'new-phone', body.validCode);
    await ctx.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('platform.account')
        .set({ mobile: body.phone })
        .where('id', '=', account.id)
        .execute();
      if (grant)
        await tx
          .updateTable('platform.verification_grant')
          .set({ used_at: new Date() })
          .where('id', '=', grant.id)
          .execute();
    });
    // The employee records of the account's tenants show the same number.
    const spaces = await ctx.db
      .selectFrom('platform.tenant_member as m')
      .innerJoin('platform.tenant as t', 't.id', 'm.tenant_id')
      .select('t.schema_name')
      .where('m.account_id', '=', account.id)
      .where('t.schema_status', '=', 'CREATED')
      .execute();
    for (const s of spaces) {
      await ctx.db
        .withSchema(s.schema_name)
        .updateTable('employee')
        .set({ mobile: body.phone })
        .where('account', '=', account.account)
        .execute()
        .catch((err: unknown) =>
          ctx.request.log.warn({ err: String(err), schema: s.schema_name }, 'employee mobile not updated'),
        );
    }
    return true;
  },
});
