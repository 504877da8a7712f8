/**
 * Editing tenants (the super user's saas/tenant/save and get), their member accounts
 * (save/user/relation) and the caller's own tenants (find/tenant). Disabling a tenant ends every login
 * working in it at once (the session cache is dropped too), except the caller's own.
 */
import { newId } from '../../auth/tokens.ts';
import { dropCachedSessions } from '../../auth/session-cache.ts';
import { invalidatePermissions } from '../../auth/permissions.ts';
import type { Db } from '../../db/database.ts';
import { tenantSchemaName } from '../../db/tenant-space.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { type HandlerContext, type OperationBody, authOf, defineHandlers } from '../../http/handler.ts';
import { checkedCreditCode } from './credit-code.ts';
import { assertRoomForMembers } from './quotas.ts';
import { COLUMNS, asTenant, oneTenant, refuse, tenants } from './tenant-rows.ts';
import './tables.ts';

type TenantInput = OperationBody<'saas.tenant.save'>;

async function assertUnique(db: Db, input: TenantInput, creditCode: string | null): Promise<void> {
  const others = (q: ReturnType<typeof base>) => (input.id ? q.where('id', '<>', input.id) : q);
  const base = () => db.selectFrom('platform.tenant').select('id');
  const field = (f: string, key: string, params: Record<string, unknown>) =>
    new ApiError(Code.ILLEGAL_REQUEST, `tenant.register.${key}`, params, [{ field: f, reason: 'taken' }]);
  if (
    await others(
      base().where((w) => w(w.fn('lower', ['name']), '=', input.name.trim().toLowerCase())),
    ).executeTakeFirst()
  )
    throw field('name', 'nameTaken', { name: input.name.trim() });
  if (
    await others(
      base().where((w) =>
        w.or([w('code', '=', input.code), w('schema_name', '=', tenantSchemaName(input.code))]),
      ),
    ).executeTakeFirst()
  )
    throw field('code', 'codeTaken', { code: input.code });
  if (creditCode && (await others(base().where('credit_code', '=', creditCode)).executeTakeFirst()))
    throw field('creditCode', 'creditCodeTaken', { code: creditCode });
}

/** A main tenant must exist and must not be the tenant itself or one of its branches. */
async function assertParent(db: Db, id: string | undefined, parentId: string): Promise<void> {
  let cursor: string | null = parentId;
  for (let depth = 0; cursor && depth < 64; depth++) {
    if (cursor === id) throw new ApiError(Code.ILLEGAL_REQUEST, 'tenant.error.parentCycle');
    const row: { parent_id: string | null } | undefined = await db
      .selectFrom('platform.tenant')
      .select('parent_id')
      .where('id', '=', cursor)
      .executeTakeFirst();
    if (!row) throw new ApiError(Code.NOT_FOUND, 'tenant.error.notFound', { id: cursor });
    cursor = row.parent_id;
  }
}

/** Ends the logins working in the tenant (not the caller's own) and forgets their cached sessions. */
async function endTenantSessions(ctx: HandlerContext, tenantId: string): Promise<void> {
  const auth = authOf(ctx);
  const now = new Date();
  const families = await ctx.db
    .selectFrom('platform.session')
    .select('family_id')
    .where('tenant_id', '=', tenantId)
    .where('revoked_at', 'is', null)
    .where('family_id', 'is not', null)
    .execute();
  const ids = [...new Set(families.map((f) => f.family_id!))].filter((f) => f !== auth.familyId);
  if (ids.length) {
    await ctx.db
      .updateTable('platform.session_family')
      .set({ revoked_at: now, revoked_reason: 'tenant-disabled' })
      .where('id', 'in', ids)
      .where('revoked_at', 'is', null)
      .execute();
    await ctx.db
      .updateTable('platform.session')
      .set({ revoked_at: now, revoked_reason: 'tenant-disabled' })
      .where('family_id', 'in', ids)
      .where('revoked_at', 'is', null)
      .execute();
  }
  dropCachedSessions(ctx.db, { tenantId });
  invalidatePermissions(ctx.db, {});
}

async function save(ctx: HandlerContext<unknown, TenantInput>) {
  const input = ctx.body;
  const creditCode = input.creditCode?.trim() ? checkedCreditCode(input.creditCode) : null;
  const existing = input.id ? await oneTenant(ctx.db, input.id) : null;
  if (existing && existing.code !== input.code && existing.schemaStatus === 'CREATED')
    throw refuse('codeFixed', existing);
  await assertUnique(ctx.db, input, creditCode);
  if (input.parentId) await assertParent(ctx.db, input.id, input.parentId);
  const values = {
    name: input.name.trim(),
    code: input.code,
    schema_name: tenantSchemaName(input.code),
    account: input.account,
    email: input.email,
    mobile: input.mobile ?? null,
    scale: input.scale ?? null,
    parent_id: input.parentId ?? null,
    kind: input.kind ?? 'enterprise',
    credit_code: creditCode,
    contact_name: input.contactName?.trim() || null,
    address: input.address?.trim() || null,
    status: input.status ?? 'ENABLED',
    max_accounts: input.maxAccounts ?? null,
    max_storage_mb: input.maxStorageMb ?? null,
  };
  let id: string;
  if (existing) {
    id = existing.id;
    await ctx.db.updateTable('platform.tenant').set(values).where('id', '=', id).execute();
    if (existing.status === 'ENABLED' && values.status === 'DISABLED') await endTenantSessions(ctx, id);
  } else {
    // Made by the super user: nothing to approve; the space is created with schema/create.
    id = newId();
    await ctx.db
      .insertInto('platform.tenant')
      .values({ id, ...values, approve_status: 'PASSED' })
      .execute();
  }
  return asTenant(await oneTenant(ctx.db, id));
}

export const tenantEditHandlers = defineHandlers({
  'saas.tenant.save': save,

  'saas.tenant.get': async (ctx) => asTenant(await oneTenant(ctx.db, ctx.query.id)),

  /** The caller's usable tenants (every usable one for the super user), filtered by name or alias. */
  'saas.tenant.find.tenant': async (ctx) => {
    const auth = authOf(ctx);
    const { name, code } = ctx.body;
    let q = tenants(ctx.db)
      .select(COLUMNS)
      .where('t.status', '=', 'ENABLED')
      .where('t.approve_status', '=', 'PASSED')
      .where('t.schema_status', '=', 'CREATED');
    if (!auth.isSuper)
      q = q.where((w) =>
        w.exists(
          w
            .selectFrom('platform.tenant_member as m')
            .select('m.tenant_id')
            .whereRef('m.tenant_id', '=', 't.id')
            .where('m.account_id', '=', auth.accountId),
        ),
      );
    if (name?.trim()) q = q.where('t.name', 'like', `%${name.trim().replace(/[\\%_]/g, '\\$&')}%`);
    if (code?.trim()) q = q.where('t.code', 'like', `%${code.trim().replace(/[\\%_]/g, '\\$&')}%`);
    const rows = await q.orderBy('t.name').limit(500).execute();
    return rows.map((r) => asTenant(r as Parameters<typeof asTenant>[0]));
  },

  /**
   * Makes accounts members (optionally administrators) of a tenant; with a space, each gets an
   * employee record there too. Unknown accounts change nothing.
   */
  'saas.tenant.save.user.relation': async (ctx) => {
    const { body } = ctx;
    const tenant = await oneTenant(ctx.db, body.tenantId);
    const ids = [...new Set(body.userIds)];
    const accounts = await ctx.db
      .selectFrom('platform.account')
      .select(['id', 'account', 'fullname', 'mobile', 'email'])
      .where('id', 'in', ids)
      .execute();
    const missing = ids.find((id) => !accounts.some((a) => a.id === id));
    if (missing) throw new ApiError(Code.NOT_FOUND, 'tenant.error.noAccount', { id: missing });
    const admin = body.isTenantAdmin ?? false;
    const row =
      tenant.schemaStatus === 'CREATED'
        ? await ctx.db
            .selectFrom('platform.tenant')
            .select('schema_name')
            .where('id', '=', tenant.id)
            .executeTakeFirstOrThrow()
        : null;
    await ctx.db.transaction().execute(async (tx) => {
      await assertRoomForMembers(
        tx,
        tenant.id,
        accounts.map((a) => a.id),
      );
      for (const a of accounts) {
        await tx
          .insertInto('platform.tenant_member')
          .values({ tenant_id: tenant.id, account_id: a.id, is_admin: admin })
          .onConflict((oc) => oc.columns(['tenant_id', 'account_id']).doUpdateSet({ is_admin: admin }))
          .execute();
        if (row)
          await tx
            .withSchema(row.schema_name)
            .insertInto('employee')
            .values({
              id: newId(),
              account_id: a.id,
              account: a.account,
              name: a.fullname,
              mobile: a.mobile,
              email: a.email,
              is_admin: admin,
            })
            .onConflict((oc) => oc.column('account').doUpdateSet({ is_admin: admin }))
            .execute();
      }
    });
    for (const a of accounts) invalidatePermissions(ctx.db, { accountId: a.id });
    dropCachedSessions(ctx.db, { tenantId: tenant.id });
    return null;
  },
});
