/**
 * Tenants across the platform (spec §3 Tenant, §4): the list, batch approval (WAIT → PASSED or
 * REFUSED), removal, and the tenant's data space (its own PostgreSQL schema) created or dropped.
 * All are for the super user (the catalogue's access rule). Bad input changes nothing: every tenant
 * of a batch is checked before any is changed.
 */
import type { Db } from '../../db/database.ts';
import { createTenantSpace, dropTenantSpace } from '../../db/tenant-space.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import type { HandlerContext, HandlerMap } from '../handler.ts';
import type { ListRequest, ListSpec } from '../list-query.ts';
import { formatDateTime, idList, listPage } from '../people/common.ts';

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

interface TenantRow {
  id: string;
  name: string;
  code: string;
  account: string | null;
  email: string | null;
  scale: string | null;
  parentId: string | null;
  parentName: string | null;
  approveStatus: string;
  status: string;
  schemaStatus: string;
  createTime: Date | string;
}

const tenants = (db: Db) =>
  db.selectFrom('platform.tenant as t').leftJoin('platform.tenant as p', 'p.id', 't.parent_id');

const COLUMNS = [
  't.id',
  't.name',
  't.code',
  't.account',
  't.email',
  't.scale',
  't.parent_id as parentId',
  'p.name as parentName',
  't.approve_status as approveStatus',
  't.status',
  't.schema_status as schemaStatus',
  't.created_at as createTime',
] as const;

/** The entity shape: no nulls where the schema wants a string, times as the spec shows them. */
function asTenant(row: TenantRow) {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    account: row.account ?? '',
    email: row.email ?? '',
    ...(row.scale ? { scale: row.scale } : {}),
    parentId: row.parentId,
    parentName: row.parentName,
    approveStatus: row.approveStatus,
    status: row.status,
    schemaStatus: row.schemaStatus,
    createTime: formatDateTime(row.createTime),
  };
}

async function tenantsByIds(db: Db, ids: string[]): Promise<TenantRow[]> {
  const rows = (await tenants(db).select(COLUMNS).where('t.id', 'in', ids).execute()) as TenantRow[];
  const missing = ids.find((id) => !rows.some((r) => r.id === id));
  if (missing !== undefined) throw new ApiError(Code.NOT_FOUND, 'tenant.error.notFound', { id: missing });
  // In the order asked, so the first offender named is the first one given.
  return ids.map((id) => rows.find((r) => r.id === id)!);
}

async function oneTenant(db: Db, id: unknown): Promise<TenantRow> {
  return (await tenantsByIds(db, idList(id, 'id').slice(0, 1)))[0];
}

const refuse = (key: string, tenant: TenantRow) =>
  new ApiError(Code.ILLEGAL_REQUEST, `tenant.error.${key}`, { name: tenant.name, id: tenant.id });

export const tenantHandlers: HandlerMap = {
  'saas.tenant.query': async (ctx) => {
    const page = await listPage<TenantRow>(
      ctx.db.selectFrom('platform.tenant as t'),
      (q) => q.leftJoin('platform.tenant as p', 'p.id', 't.parent_id').select(COLUMNS),
      TENANT_LIST,
      ctx.body as ListRequest,
    );
    return { ...page, dataResult: page.dataResult.map(asTenant) };
  },

  'saas.tenant.approve.batch': async (ctx: HandlerContext) => {
    const { ids: raw, approveStatus } = ctx.query as { ids: string; approveStatus: 'PASSED' | 'REFUSED' };
    const ids = idList(raw);
    const rows = await tenantsByIds(ctx.db, ids);
    const waiting = rows.find((r) => r.approveStatus !== 'WAIT');
    if (waiting) throw refuse('notWaiting', waiting);
    await ctx.db
      .updateTable('platform.tenant')
      .set({ approve_status: approveStatus })
      .where('id', 'in', ids)
      .where('approve_status', '=', 'WAIT')
      .execute();
    return null;
  },

  'saas.tenant.remove': async (ctx) => {
    const ids = idList((ctx.query as { ids: string }).ids);
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
    const tenant = await oneTenant(ctx.db, (ctx.query as { id: string }).id);
    if (tenant.approveStatus !== 'PASSED') throw refuse('notApproved', tenant);
    if (tenant.schemaStatus === 'CREATED') throw refuse('spaceExists', tenant);
    await createTenantSpace(ctx.db, tenant.id);
    return asTenant(await oneTenant(ctx.db, tenant.id));
  },

  'saas.tenant.schema.drop': async (ctx) => {
    const tenant = await oneTenant(ctx.db, (ctx.query as { id: string }).id);
    if (tenant.schemaStatus !== 'CREATED') throw refuse('noSpace', tenant);
    // The caller's own session works in that space; dropping it would pull the floor away.
    if (ctx.auth?.tenantId === tenant.id) throw refuse('ownTenant', tenant);
    await dropTenantSpace(ctx.db, tenant.id);
    return asTenant(await oneTenant(ctx.db, tenant.id));
  },
};
