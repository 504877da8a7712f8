/**
 * Tenants across the platform (spec §3 Tenant, §4): the list, batch approval (WAIT → PASSED or
 * REFUSED), removal, and the tenant's data space (its own PostgreSQL schema) created or dropped.
 * All are for the super user (the catalogue's access rule). Bad input changes nothing: every tenant
 * of a batch is checked before any is changed.
 */
import type { Db } from '../../db/database.ts';
import { dropTenantSpace } from '../../db/tenant-space.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { type HandlerContext, defineHandlers } from '../../http/handler.ts';
import type { ListRequest, ListSpec } from '../../http/list-query.ts';
import { idList, listPage } from '../people/common.ts';
import { COLUMNS, USAGE, asTenant, oneTenant, refuse, tenantsByIds, type TenantRow } from './tenant-rows.ts';
import { notifyApplicant } from './notify.ts';
import { AccountClash, provisionTenant } from './provision.ts';
import { registrationHandlers } from './registration.ts';
import { tenantEditHandlers } from './edit.ts';
import { tenantRelationHandlers } from './relations.ts';
import './tables.ts';

const TENANT_LIST: ListSpec = {
  filters: {
    name: ['t.name', 'like'],
    code: ['t.code', 'like'],
    account: ['t.account', 'like'],
    email: ['t.email', 'like'],
    approveStatus: ['t.approve_status', 'in'],
    status: ['t.status', 'in'],
    schemaStatus: ['t.schema_status', 'in'],
    parentId: ['t.parent_id', 'eq'],
    kind: ['t.kind', 'in'],
    creditCode: ['t.credit_code', 'like'],
  },
  sorts: {
    name: 't.name',
    code: 't.code',
    createTime: 't.created_at',
    approveStatus: 't.approve_status',
    status: 't.status',
  },
  defaultSort: [
    ['t.created_at', 'desc'],
    ['t.id', 'asc'],
  ],
};

/** Provisions, turning the rare account-name race into a clear message (the tenant stays PASSED). */
async function provisionOrExplain(ctx: HandlerContext, tenant: TenantRow): Promise<void> {
  try {
    await provisionTenant(ctx.db, tenant.id);
  } catch (e) {
    if (e instanceof AccountClash)
      throw new ApiError(Code.ILLEGAL_REQUEST, 'tenant.error.accountClash', {
        name: tenant.name,
        account: e.account,
      });
    throw e;
  }
}

/** Organisations, or employees other than the tenant's own administrator. */
async function spaceHoldsData(db: Db, tenantId: string): Promise<boolean> {
  const t = await db
    .selectFrom('platform.tenant')
    .select(['schema_name', 'admin_account_id'])
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const space = db.withSchema(t.schema_name);
  if (await space.selectFrom('org').select('id').limit(1).executeTakeFirst()) return true;
  let people = space.selectFrom('employee').select('id');
  const admin = t.admin_account_id;
  if (admin) people = people.where((w) => w.or([w('account_id', 'is', null), w('account_id', '<>', admin)]));
  return Boolean(await people.limit(1).executeTakeFirst());
}

async function tenantList(ctx: HandlerContext<unknown, ListRequest>, waitingOnly: boolean) {
  const page = await listPage<TenantRow>(
    waitingOnly
      ? ctx.db.selectFrom('platform.tenant as t').where('t.approve_status', '=', 'WAIT')
      : ctx.db.selectFrom('platform.tenant as t'),
    (q) => q.leftJoin('platform.tenant as p', 'p.id', 't.parent_id').select(COLUMNS).select(USAGE),
    TENANT_LIST,
    ctx.body,
  );
  return { ...page, dataResult: page.dataResult.map(asTenant) };
}

export const tenantHandlers = defineHandlers({
  ...registrationHandlers,
  ...tenantEditHandlers,
  ...tenantRelationHandlers,
  'saas.tenant.query.wait': (ctx) => tenantList(ctx, true),
  'saas.tenant.query': (ctx) => tenantList(ctx, false),

  /**
   * PASSED: each tenant is marked approved, then provisioned (account, membership, space, admin
   * employee). A crash between the two leaves it PASSED without a space: schema/create finishes it.
   * REFUSED needs a reason, kept on the tenant. Either way the applicant gets an SMS.
   */
  'saas.tenant.approve.batch': async (ctx) => {
    const { ids: raw, approveStatus, reason } = ctx.query;
    const ids = idList(raw);
    const rows = await tenantsByIds(ctx.db, ids);
    const waiting = rows.find((r) => r.approveStatus !== 'WAIT');
    if (waiting) throw refuse('notWaiting', waiting);
    const why = reason?.trim() ?? '';
    if (approveStatus === 'REFUSED' && !why)
      throw new ApiError(Code.ILLEGAL_REQUEST, 'tenant.error.reasonRequired', {}, [
        { field: 'reason', reason: 'required' },
      ]);
    await ctx.db
      .updateTable('platform.tenant')
      .set({ approve_status: approveStatus, refuse_reason: approveStatus === 'REFUSED' ? why : null })
      .where('id', 'in', ids)
      .where('approve_status', '=', 'WAIT')
      .execute();
    for (const row of rows) {
      if (approveStatus === 'PASSED') await provisionOrExplain(ctx, row);
      await notifyApplicant(ctx, row, approveStatus, why);
    }
    return null;
  },

  'saas.tenant.remove': async (ctx) => {
    const ids = idList(ctx.query.ids);
    const rows = await tenantsByIds(ctx.db, ids);
    const withSpace = rows.find((r) => r.schemaStatus === 'CREATED');
    if (withSpace) throw refuse('spaceInUse', withSpace);
    const branch = await ctx.db
      .selectFrom('platform.tenant')
      .select(['id', 'parent_id'])
      .where('parent_id', 'in', ids)
      .where('id', 'not in', ids)
      .executeTakeFirst();
    if (branch)
      throw refuse(
        'hasBranches',
        rows.find((r) => r.id === branch.parent_id)!,
      );
    // Memberships go with the tenant (on delete cascade); sessions forget it (set null).
    await ctx.db.transaction().execute(async (tx) => {
      await tx.updateTable('platform.tenant').set({ parent_id: null }).where('id', 'in', ids).execute();
      await tx.deleteFrom('platform.tenant').where('id', 'in', ids).execute();
    });
    return null;
  },

  'saas.tenant.schema.create': async (ctx) => {
    const tenant = await oneTenant(ctx.db, ctx.query.id);
    if (tenant.approveStatus !== 'PASSED') throw refuse('notApproved', tenant);
    if (tenant.schemaStatus === 'CREATED') throw refuse('spaceExists', tenant);
    await provisionOrExplain(ctx, tenant);
    return asTenant(await oneTenant(ctx.db, tenant.id));
  },

  'saas.tenant.schema.drop': async (ctx) => {
    const tenant = await oneTenant(ctx.db, ctx.query.id);
    if (tenant.schemaStatus !== 'CREATED') throw refuse('noSpace', tenant);
    // The caller's own session works in that space; dropping it would pull the floor away.
    if (ctx.auth?.tenantId === tenant.id) throw refuse('ownTenant', tenant);
    // A boolean: the query validator coerces 'true' and 'false'.
    if (ctx.query.confirm !== true && (await spaceHoldsData(ctx.db, tenant.id)))
      throw refuse('spaceHoldsData', tenant);
    await dropTenantSpace(ctx.db, tenant.id);
    return asTenant(await oneTenant(ctx.db, tenant.id));
  },
});
