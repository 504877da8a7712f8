/**
 * Enterprise self-registration (/tenantRegister, saas/tenant/register) and the supplementary entry
 * (/perfect, fldUser/perfect). The applicant proves the mobile with a 'verify' SMS code (sent by
 * fldRegister/send after an image captcha). The tenant waits for approval (WAIT); its administrator's
 * password is kept only as an argon2 hash on the tenant row until approval creates the account
 * (provision.ts). Names, aliases, credit codes, account names and mobiles already in use are refused;
 * as with account registration, those answers come only after the SMS code checks out and are counted.
 */
import { accountNameTaken, accountsByMobile, isUniqueViolation, mobileTaken } from '../../auth/accounts.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { assertPasswordAllowed } from '../../auth/password-policy.ts';
import { limitIp, limitLookups } from '../../auth/rate-limit.ts';
import { defaultSetting } from '../../auth/security-settings.ts';
import { newId } from '../../auth/tokens.ts';
import type { Db } from '../../db/database.ts';
import { tenantSchemaName } from '../../db/tenant-space.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { checkCode } from '../../sms/codes.ts';
import { type HandlerContext, type OperationBody, defineHandlers } from '../../http/handler.ts';
import { checkedCreditCode } from './credit-code.ts';
import './tables.ts';

type TenantRegistration = OperationBody<'saas.tenant.register'>;

const taken = (key: string, params: Record<string, unknown>, field: string) =>
  new ApiError(Code.ILLEGAL_REQUEST, `tenant.register.${key}`, params, [{ field, reason: 'taken' }]);

/** Refuses a name or credit code another tenant (other than `exceptId`) holds; refused ones do not count. */
async function assertEnterpriseFree(
  db: Db,
  name: string,
  creditCode: string,
  exceptId?: string,
): Promise<void> {
  let q = db
    .selectFrom('platform.tenant')
    .select(['id', 'name', 'credit_code'])
    .where((w) =>
      w.or([w(w.fn('lower', ['name']), '=', name.toLowerCase()), w('credit_code', '=', creditCode)]),
    );
  if (exceptId) q = q.where('id', '<>', exceptId);
  const clash = await q.executeTakeFirst();
  if (!clash) return;
  if (clash.credit_code === creditCode) throw taken('creditCodeTaken', { code: creditCode }, 'creditCode');
  throw taken('nameTaken', { name }, 'name');
}

/** An account name is in use when an account has it or a registration not refused waits with it. */
async function accountReserved(db: Db, account: string): Promise<boolean> {
  if (await accountNameTaken(db, account)) return true;
  return Boolean(
    await db
      .selectFrom('platform.tenant')
      .select('id')
      .where('account', '=', account)
      .where('admin_account_id', 'is', null)
      .where('approve_status', '<>', 'REFUSED')
      .executeTakeFirst(),
  );
}

async function mobileReserved(db: Db, mobile: string): Promise<boolean> {
  if (await mobileTaken(db, mobile)) return true;
  return Boolean(
    await db
      .selectFrom('platform.tenant')
      .select('id')
      .where('mobile', '=', mobile)
      .where('admin_account_id', 'is', null)
      .where('approve_status', '<>', 'REFUSED')
      .executeTakeFirst(),
  );
}

async function register(ctx: HandlerContext<unknown, TenantRegistration>) {
  if (!ctx.config.tenantRegOpen) throw new ApiError(Code.NO_PERMISSION, 'auth.register.closed');
  const { body } = ctx;
  await limitIp(ctx, 'login');
  const name = body.name.trim();
  const code = body.code.trim();
  const account = body.account.trim();
  const creditCode = checkedCreditCode(body.creditCode);
  assertPasswordAllowed(
    body.password,
    await defaultSetting(ctx.db),
    { account, mobile: body.mobile },
    ctx.lang,
    'password',
  );
  // The code first (peek: it stays usable for a retry with another name), then the existence answers.
  await checkCode(ctx.db, ctx.config, body.mobile, 'verify', body.validCode, { peek: true });
  await limitLookups(ctx);
  await assertEnterpriseFree(ctx.db, name, creditCode);
  const schemaName = tenantSchemaName(code);
  const aliasClash = await ctx.db
    .selectFrom('platform.tenant')
    .select('id')
    .where((w) => w.or([w('code', '=', code), w('schema_name', '=', schemaName)]))
    .executeTakeFirst();
  if (aliasClash) throw taken('codeTaken', { code }, 'code');
  if (await accountReserved(ctx.db, account))
    throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.register.accountTaken', { account }, [
      { field: 'account', reason: 'taken' },
    ]);
  if (await mobileReserved(ctx.db, body.mobile)) throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.phone.taken');
  let parentId: string | null = null;
  if (body.parentName?.trim()) {
    const parent = await ctx.db
      .selectFrom('platform.tenant')
      .select('id')
      .where('name', '=', body.parentName.trim())
      .where('approve_status', '=', 'PASSED')
      .executeTakeFirst();
    if (!parent)
      throw new ApiError(Code.ILLEGAL_REQUEST, 'tenant.register.noParent', { name: body.parentName.trim() }, [
        { field: 'parentName', reason: 'unknown' },
      ]);
    parentId = parent.id;
  }
  await checkCode(ctx.db, ctx.config, body.mobile, 'verify', body.validCode);
  const id = newId();
  try {
    await ctx.db
      .insertInto('platform.tenant')
      .values({
        id,
        code,
        name,
        schema_name: schemaName,
        kind: body.kind ?? 'enterprise',
        credit_code: creditCode,
        account,
        contact_name: body.contactName?.trim() || null,
        email: body.email,
        mobile: body.mobile,
        scale: body.scale ?? null,
        parent_id: parentId,
        admin_password_hash: await hashPassword(body.password),
      })
      .execute();
  } catch (e) {
    // Two registrations of the same enterprise at once: the unique indexes decide.
    if (isUniqueViolation(e)) throw taken('nameTaken', { name }, 'name');
    throw e;
  }
  return {
    id,
    name,
    code,
    account,
    email: body.email,
    approveStatus: 'WAIT' as const,
    status: 'ENABLED' as const,
  };
}

/**
 * Supplementary entry: the holder of the mobile completes the registration's details. A registration
 * still waiting (or refused: it then waits again, the refusal answered) takes the enterprise's name,
 * credit code and address; an account with that mobile takes the person's name and e-mail.
 */
async function perfect(ctx: HandlerContext<unknown, OperationBody<'fldUser.perfect'>>) {
  const { body } = ctx;
  await limitIp(ctx, 'login');
  const creditCode = body.creditCode?.trim() ? checkedCreditCode(body.creditCode) : undefined;
  await checkCode(ctx.db, ctx.config, body.mobile, 'verify', body.validCode, { peek: true });
  await limitLookups(ctx);
  const pending = await ctx.db
    .selectFrom('platform.tenant')
    .select(['id', 'name', 'credit_code', 'approve_status'])
    .where('mobile', '=', body.mobile)
    .where('admin_account_id', 'is', null)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  const accounts = await accountsByMobile(ctx.db, body.mobile);
  if (!pending && accounts.length === 0) throw new ApiError(Code.ILLEGAL_REQUEST, 'tenant.perfect.nothing');
  if (pending) {
    const name = body.enterpriseName?.trim() || pending.name;
    await assertEnterpriseFree(ctx.db, name, creditCode ?? pending.credit_code ?? '', pending.id);
  }
  await checkCode(ctx.db, ctx.config, body.mobile, 'verify', body.validCode);
  await ctx.db.transaction().execute(async (tx) => {
    if (pending) {
      await tx
        .updateTable('platform.tenant')
        .set({
          name: body.enterpriseName?.trim() || pending.name,
          ...(creditCode ? { credit_code: creditCode } : {}),
          ...(body.address !== undefined ? { address: body.address.trim() || null } : {}),
          contact_name: body.name.trim(),
          ...(body.email ? { email: body.email } : {}),
          approve_status: 'WAIT',
          refuse_reason: null,
        })
        .where('id', '=', pending.id)
        .execute();
    }
    for (const a of accounts)
      await tx
        .updateTable('platform.account')
        .set({ fullname: body.name.trim(), ...(body.email ? { email: body.email } : {}) })
        .where('id', '=', a.id)
        .execute();
  });
  return null;
}

export const registrationHandlers = defineHandlers({
  'saas.tenant.register': register,
  'fldUser.perfect': perfect,
});
