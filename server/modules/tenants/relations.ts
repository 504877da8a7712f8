/**
 * What the tenant list's dialogs need beyond saas/tenant/save: the tenants that may be a tenant's main
 * tenant (never itself or one of its branches, so the choice can make no cycle), and platform accounts
 * for the user relations dialog — every account found by name or account, or a tenant's members with
 * their administrator flag. Super user only (the catalogue's access rule).
 */
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { defineHandlers } from '../../http/handler.ts';
import type { ListSpec } from '../../http/list-query.ts';
import { listPage, takeParam } from '../people/common.ts';
import './tables.ts';

const ACCOUNT_LIST: ListSpec = {
  filters: {
    account: ['a.account', 'like'],
    mobile: ['a.mobile', 'like'],
  },
  sorts: {
    account: 'a.account',
    name: 'a.fullname',
  },
  defaultSort: [
    ['a.account', 'asc'],
    ['a.id', 'asc'],
  ],
};

const like = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

interface AccountRow {
  id: string;
  account: string;
  name: string;
  mobile: string | null;
  email: string | null;
  status: string;
  isTenantAdmin?: boolean | null;
}

export const tenantRelationHandlers = defineHandlers({
  /** Every tenant but `id` and the tenants below it, by name; without `id` (a new tenant) all of them. */
  'saas.tenant.parent.options': async (ctx) => {
    const { id } = ctx.query;
    const rows = await ctx.db
      .selectFrom('platform.tenant')
      .select(['id', 'name', 'code', 'parent_id'])
      .orderBy('name')
      .orderBy('id')
      .execute();
    if (id && !rows.some((r) => r.id === id))
      throw new ApiError(Code.NOT_FOUND, 'tenant.error.notFound', { id });
    const excluded = new Set(id ? [id] : []);
    // Branches of branches: repeat until no tenant is added (a cycle already stored cannot loop).
    for (let grew = excluded.size > 0; grew;) {
      grew = false;
      for (const r of rows)
        if (r.parent_id && excluded.has(r.parent_id) && !excluded.has(r.id)) {
          excluded.add(r.id);
          grew = true;
        }
    }
    return rows.filter((r) => !excluded.has(r.id)).map((r) => ({ id: r.id, name: r.name, code: r.code }));
  },

  /**
   * Platform accounts, paged: `name` finds a part of the name or of the account; `tenantId` keeps the
   * members of that tenant, each with isTenantAdmin.
   */
  'saas.tenant.account.query': async (ctx) => {
    const req = ctx.body;
    const { value: tenantId, rest: afterTenant } = takeParam(req, ['tenantId']);
    const { value: name, rest } = takeParam(afterTenant, ['name']);
    if (tenantId) {
      const known = await ctx.db
        .selectFrom('platform.tenant')
        .select('id')
        .where('id', '=', tenantId)
        .executeTakeFirst();
      if (!known) throw new ApiError(Code.NOT_FOUND, 'tenant.error.notFound', { id: tenantId });
    }
    let base = ctx.db.selectFrom('platform.account as a');
    if (tenantId)
      base = base.where((w) =>
        w.exists(
          w
            .selectFrom('platform.tenant_member as m')
            .select('m.account_id')
            .whereRef('m.account_id', '=', 'a.id')
            .where('m.tenant_id', '=', tenantId),
        ),
      );
    if (name?.trim())
      base = base.where((w) =>
        w.or([w('a.fullname', 'like', like(name.trim())), w('a.account', 'like', like(name.trim()))]),
      );
    return listPage<AccountRow>(
      base,
      (q) => {
        const columns = q.select([
          'a.id',
          'a.account',
          'a.fullname as name',
          'a.mobile',
          'a.email',
          'a.status',
        ]);
        return tenantId
          ? columns
              .leftJoin('platform.tenant_member as tm', (j) =>
                j.onRef('tm.account_id', '=', 'a.id').on('tm.tenant_id', '=', tenantId),
              )
              .select('tm.is_admin as isTenantAdmin')
          : columns;
      },
      ACCOUNT_LIST,
      rest,
    );
  },
});
