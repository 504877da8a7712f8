/**
 * Accounts: the password policy, password changes and resets, registration (personal and enterprise
 * employee), and switching the session's tenant. Every password set here passes the policy and the
 * common-password block list (server/auth/password-policy.ts); a change ends the account's sessions.
 *
 * An account may belong to several tenants, so its credentials are the account's own: a tenant admin
 * (employee:resetPassword) resets only accounts that belong to their tenant alone; the password of an
 * account shared with another tenant changes only by the account itself or the super user. Registration
 * proves the mobile by its SMS code before it says whether a name or number is taken, and every answer
 * that could tell whether an account or tenant exists is rate-limited (the 'lookup' bucket).
 */
import { requireOutranks } from '../../auth/account-guard.ts';
import {
  accountById,
  accountNameTaken,
  accountsByMobile,
  isUniqueViolation,
  membership,
  mobileTaken,
  setPassword,
  type AccountRow,
} from '../../auth/accounts.ts';
import { beginAttempt, clearFailures, subjectForAccount } from '../../auth/brute-force.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import { assertPasswordAllowed } from '../../auth/password-policy.ts';
import { assertNotReused } from '../../auth/password-history.ts';
import { hit, limitIp, limitLookups } from '../../auth/rate-limit.ts';
import { invalidatePermissions } from '../../auth/permissions.ts';
import { recordLogin } from '../../audit/login-log.ts';
import { requirePermission } from '../../http/access.ts';
import { defaultSetting, policyOf, settingFor } from '../../auth/security-settings.ts';
import {
  resolveSession,
  revokeAccountSessions,
  setSessionTenant,
  type AuthContext,
} from '../../auth/session.ts';
import { newId } from '../../auth/tokens.ts';
import type { Db } from '../../db/database.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { bearerToken } from '../../http/catalogue-routes.ts';
import { checkCode } from '../../sms/codes.ts';
import { type HandlerContext, type OperationBody, authOf, defineHandlers } from '../../http/handler.ts';
import { buildUserContext } from '../auth/context.ts';
import { refuseWhileActing } from '../auth/common.ts';

interface PasswordChange {
  userIds?: string;
  newPassword?: string;
  repeatPassword?: string;
  primitivePassword?: string;
  reset?: 0 | 1 | 2;
}

/** At most this many accounts per admin reset (each costs one argon2 hash). */
export const MAX_RESET_BATCH = 50;

const mismatch = () =>
  new ApiError(Code.ILLEGAL_REQUEST, 'validation.passwordMismatch', {}, [
    { field: 'repeatPassword', reason: 'mismatch' },
  ]);

async function changeOwnPassword(ctx: HandlerContext, body: PasswordChange): Promise<true> {
  const auth = authOf(ctx);
  if (body.userIds && body.userIds.split(',').some((id) => id !== auth.accountId))
    throw new ApiError(Code.NO_PERMISSION);
  if (!body.newPassword || body.newPassword !== body.repeatPassword) throw mismatch();
  const account = await accountById(ctx.db, auth.accountId);
  if (!account) throw new ApiError(Code.ILLEGAL_TOKEN);
  await limitIp(ctx, 'login');
  const setting = await settingFor(ctx.db, account.id);
  // The current password is a secret check like a login: guarded against guessing.
  const attempt = await beginAttempt(ctx.db, {
    subject: subjectForAccount(account.id),
    ip: ctx.request.ip,
    maxFailures: setting.maxFailures,
    captchaAllowed: false,
  });
  if (!(await verifyPassword(account.password_hash, body.primitivePassword ?? ''))) {
    await attempt.fail();
    throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.password.primitiveWrong', {}, [
      { field: 'primitivePassword', reason: 'wrong' },
    ]);
  }
  await attempt.succeed();
  if (body.newPassword === body.primitivePassword)
    throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.password.sameAsOld');
  assertPasswordAllowed(body.newPassword, setting, account, ctx.lang);
  await assertNotReused(ctx.db, account.id, body.newPassword);
  await setPassword(ctx.db, account.id, body.newPassword, false);
  await revokeAccountSessions(ctx.db, account.id, 'password-changed');
  return true;
}

/** The tenants an account belongs to, as members or as employees waiting for activation. */
export async function tenantsOfAccount(db: Db, accountId: string): Promise<Set<string>> {
  const members = await db
    .selectFrom('platform.tenant_member')
    .select('tenant_id')
    .where('account_id', '=', accountId)
    .execute();
  return new Set(members.map((m) => m.tenant_id));
}

/**
 * Whether the account's credentials (password, mobile) are the caller's to change: the super user's
 * always; a tenant admin's (or a holder of `permission`) only for an account that belongs to the session's
 * tenant and to no other.
 */
export async function mayChangeCredentials(db: Db, auth: AuthContext, target: AccountRow): Promise<boolean> {
  if (auth.isSuper) return true;
  if (!auth.tenantId || target.is_super) return false;
  const tenants = await tenantsOfAccount(db, target.id);
  return tenants.size === 1 && tenants.has(auth.tenantId);
}

/**
 * reset 1 (a given password) and 2 (the configured default): the super user for anyone, a holder of
 * employee:resetPassword for accounts of their tenant alone (see mayChangeCredentials).
 */
async function resetOthers(ctx: HandlerContext, body: PasswordChange): Promise<true> {
  const auth = authOf(ctx);
  if (!auth.isSuper) {
    if (!auth.tenantId) throw new ApiError(Code.TENANT_DENIED);
    await requirePermission(ctx.db, auth, 'employee:resetPassword');
  }
  const ids = [...new Set((body.userIds ?? '').split(',').filter(Boolean))];
  if (ids.length === 0)
    throw new ApiError(Code.ILLEGAL_REQUEST, 'validation.required', {}, [
      { field: 'userIds', reason: 'required' },
    ]);
  if (ids.length > MAX_RESET_BATCH)
    throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.password.batchTooLarge', { limit: MAX_RESET_BATCH });
  // Resetting one's own password would skip the current-password check.
  if (ids.includes(auth.accountId)) throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.password.resetSelf');
  let password: string;
  if (body.reset === 2) {
    if (!ctx.config.defaultPassword) throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.password.noDefault');
    password = ctx.config.defaultPassword;
  } else {
    if (!body.newPassword || body.newPassword !== body.repeatPassword) throw mismatch();
    password = body.newPassword;
  }
  const targets: AccountRow[] = [];
  for (const id of ids) {
    const target = await accountById(ctx.db, id);
    // An unknown id and another tenant's account read the same.
    if (!target || !(await mayChangeCredentials(ctx.db, auth, target)))
      throw new ApiError(Code.NO_PERMISSION, 'security.sharedCredentials');
    await requireOutranks(ctx.db, auth, target.id, target.fullname);
    assertPasswordAllowed(password, await settingFor(ctx.db, target.id), target, ctx.lang);
    await assertNotReused(ctx.db, target.id, password);
    targets.push(target);
  }
  for (const target of targets) {
    // The admin knows the new password, so the user must choose their own at the next sign-in.
    await setPassword(ctx.db, target.id, password, true);
    await revokeAccountSessions(ctx.db, target.id, 'password-reset');
    await clearFailures(ctx.db, subjectForAccount(target.id));
    invalidatePermissions(ctx.db, { accountId: target.id });
  }
  return true;
}

/** SMS password resets per mobile and per account in an hour, whatever the addresses they come from. */
export const RESETS_PER_HOUR = 10;

async function limitResets(ctx: HandlerContext, keys: string[]): Promise<void> {
  for (const key of keys) {
    const { count, retryAfter } = await hit(ctx.db, 'sms-reset', key, 3600);
    if (count > RESETS_PER_HOUR) {
      ctx.reply.header('retry-after', String(retryAfter));
      throw new ApiError(Code.ILLEGAL_IP, 'security.resetTooMany', {}, { reason: 'reset-limit', retryAfter });
    }
  }
}

/** Forgotten password: mobile + 'verify' SMS code + new password (policy enforced); unlocks the account. */
async function resetBySms(
  ctx: HandlerContext<unknown, OperationBody<'user.reset.passwd.tenant' | 'fldUser.reset.passwd.tenant'>>,
): Promise<true> {
  const { body } = ctx;
  await limitIp(ctx, 'login');
  if (body.newPassword !== body.repeatPassword) throw mismatch();
  let candidates = await accountsByMobile(ctx.db, body.mobile);
  if (body.account) candidates = candidates.filter((a) => a.account === body.account);
  if (candidates.length > 1) throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.sms.mobileAmbiguous');
  const account = candidates[0];
  await limitResets(ctx, [`mobile:${body.mobile}`, ...(account ? [`acct:${account.id}`] : [])]);
  const setting = account ? await settingFor(ctx.db, account.id) : await defaultSetting(ctx.db);
  assertPasswordAllowed(
    body.newPassword,
    setting,
    { account: account?.account, mobile: body.mobile },
    ctx.lang,
  );
  await checkCode(ctx.db, ctx.config, body.mobile, 'verify', body.validCode);
  if (!account) throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.reset.noAccount');
  await assertNotReused(ctx.db, account.id, body.newPassword);
  await setPassword(ctx.db, account.id, body.newPassword, false);
  await revokeAccountSessions(ctx.db, account.id, 'password-reset');
  await clearFailures(ctx.db, subjectForAccount(account.id));
  invalidatePermissions(ctx.db, { accountId: account.id });
  await recordLogin(ctx.db, {
    event: 'password-reset',
    outcome: 'success',
    accountId: account.id,
    account: account.account,
    grantType: 'sms',
    ip: ctx.request.ip,
  });
  return true;
}

interface Registration {
  account: string;
  password: string;
  name: string;
  mobile: string;
  validCode: string;
  email?: string;
  gender?: 'male' | 'female';
}

/** Checks a registration and creates the account (active, no tenant yet); answers its row. */
async function registerAccount(
  ctx: HandlerContext,
  body: Registration,
  /** More rows to write in the same transaction (the enterprise registration's employee). */
  also?: (tx: Db, created: { id: string; account: string }) => Promise<void>,
  /** The caller already checked the code (peek) and counted the lookup. */
  mobileProven = false,
): Promise<{ id: string; account: string }> {
  if (!mobileProven) await limitIp(ctx, 'login');
  const account = body.account.trim();
  assertPasswordAllowed(
    body.password,
    await defaultSetting(ctx.db),
    { account, mobile: body.mobile },
    ctx.lang,
    'password',
  );
  // The mobile's code first: only someone holding the phone learns whether a name or number is taken
  // (peek: the code stays usable for the retry with another name), and those answers are rate-limited.
  if (!mobileProven) {
    await checkCode(ctx.db, ctx.config, body.mobile, 'verify', body.validCode, { peek: true });
    await limitLookups(ctx);
  }
  if (await accountNameTaken(ctx.db, account))
    throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.register.accountTaken', { account });
  if (await mobileTaken(ctx.db, body.mobile)) throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.phone.taken');
  await checkCode(ctx.db, ctx.config, body.mobile, 'verify', body.validCode);
  const id = newId();
  const passwordHash = await hashPassword(body.password);
  try {
    await ctx.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('platform.account')
        .values({
          id,
          account,
          fullname: body.name.trim(),
          mobile: body.mobile,
          email: body.email ?? null,
          password_hash: passwordHash,
          password_changed_at: new Date(),
        })
        .execute();
      await also?.(tx, { id, account });
    });
  } catch (e) {
    if (isUniqueViolation(e))
      throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.register.accountTaken', { account });
    throw e;
  }
  return { id, account };
}

export const userHandlers = defineHandlers({
  'user.passwordPolicy': async (ctx) => policyOf(await defaultSetting(ctx.db)),

  'user.change.passwd': async (ctx) => {
    const auth = authOf(ctx);
    refuseWhileActing(auth);
    const { body } = ctx;
    return (body.reset ?? 0) === 0 ? changeOwnPassword(ctx, body) : resetOthers(ctx, body);
  },

  /** Registration mode: the caller's own password only; every session ends (the caller signs in again). */
  'user.register.change.passwd': async (ctx) => {
    refuseWhileActing(authOf(ctx));
    const { body } = ctx;
    if ((body.reset ?? 0) !== 0) throw new ApiError(Code.NO_PERMISSION);
    return changeOwnPassword(ctx, body);
  },

  'user.reset.passwd.tenant': resetBySms,
  'fldUser.reset.passwd.tenant': resetBySms,

  /** Personal registration, only while it is open (REG_OPEN). */
  'user.register': async (ctx) => {
    if (!ctx.config.regOpen) throw new ApiError(Code.NO_PERMISSION, 'auth.register.closed');
    return registerAccount(ctx, ctx.body);
  },

  /**
   * Enterprise registration of an employee account (TENANT_REG_OPEN): the account is created and active,
   * and an employee record waits in the tenant as 'inactive' (not activated). Membership of the tenant is
   * the tenant administrator's approval, which comes later.
   */
  'fldEmployee.create': async (ctx) => {
    if (!ctx.config.tenantRegOpen) throw new ApiError(Code.NO_PERMISSION, 'auth.register.closed');
    const { tenantCode } = ctx.query;
    const { body } = ctx;
    // As registration: the mobile's code before anything that tells whether a tenant or name exists.
    await limitIp(ctx, 'login');
    await checkCode(ctx.db, ctx.config, body.mobile, 'verify', body.validCode, { peek: true });
    await limitLookups(ctx);
    const tenant = await ctx.db
      .selectFrom('platform.tenant')
      .select(['id', 'schema_name'])
      .where('code', '=', tenantCode)
      .where('status', '=', 'ENABLED')
      .where('approve_status', '=', 'PASSED')
      .where('schema_status', '=', 'CREATED')
      .executeTakeFirst();
    // Unknown, not approved, disabled or without a space: one answer.
    if (!tenant) throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.register.noTenant', { tenant: tenantCode });
    const space = ctx.db.withSchema(tenant.schema_name);
    const clash = await space
      .selectFrom('employee')
      .select('id')
      .where('account', '=', body.account.trim())
      .executeTakeFirst();
    if (clash)
      throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.register.accountTaken', { account: body.account });
    const employee = {
      id: newId(),
      account_id: '',
      account: body.account.trim(),
      name: body.name.trim(),
      status: 'inactive' as const,
      gender: body.gender ?? 'male',
      email: body.email ?? null,
      mobile: body.mobile,
    };
    await registerAccount(
      ctx,
      body,
      async (tx, created) => {
        employee.account_id = created.id;
        await tx.withSchema(tenant.schema_name).insertInto('employee').values(employee).execute();
      },
      true,
    );
    return {
      id: employee.id,
      account: employee.account,
      name: employee.name,
      status: employee.status,
      gender: employee.gender,
      email: employee.email,
      mobile: employee.mobile,
    };
  },

  /**
   * Makes another tenant the session's current one: a tenant the account belongs to (any for the super
   * user) with an enabled space, else 6010105. While acting, a non-super actor stays within tenants
   * they administer. Answers the new user context.
   */
  'user.switchTenant': async (ctx) => {
    const auth = authOf(ctx);
    const { tenantId } = ctx.body;
    // Unknown and not one's own read the same (6010105); the tries are counted.
    await limitLookups(ctx);
    const tenant = await ctx.db
      .selectFrom('platform.tenant')
      .select('id')
      .where('id', '=', tenantId)
      .where('status', '=', 'ENABLED')
      .where('schema_status', '=', 'CREATED')
      .executeTakeFirst();
    if (!tenant) throw new ApiError(Code.TENANT_DENIED);
    if (!auth.isSuper && !(await membership(ctx.db, auth.accountId, tenantId)))
      throw new ApiError(Code.TENANT_DENIED);
    if (
      auth.actor &&
      !auth.actor.isSuper &&
      !(await membership(ctx.db, auth.actor.accountId, tenantId))?.is_admin
    ) {
      throw new ApiError(Code.TENANT_DENIED);
    }
    await setSessionTenant(ctx.db, auth.sessionId, tenantId);
    return buildUserContext(ctx.db, ctx.config, await resolveSession(ctx.db, bearerToken(ctx.request)));
  },
});
