/**
 * The checked trees of the role screens: a subsystem's resources (flat, the client nests them by
 * parentId) flagged with whether a role holds each one, or whether a user reaches it through any of the
 * roles granted to them, their organisations or their posts. Both read the session's tenant only.
 */
import { fitsTenantKind, grantedResources } from '../../auth/permissions.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { type HandlerContext, authOf, defineHandlers } from '../../http/handler.ts';
import { systemRows } from './resource-admin.ts';

async function flagged(ctx: HandlerContext, systemId: string, checked: Set<string>) {
  const auth = authOf(ctx);
  // Resources carrying rights this kind of tenant cannot hold are not offered (grant-guard refuses them).
  const rows = (await systemRows(ctx.db, systemId)).filter(
    (r) => auth.isSuper || fitsTenantKind(r.permissions, auth.tenantKind),
  );
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parent_id,
    name: r.name,
    alias: r.alias,
    checked: checked.has(r.id),
  }));
}

function space(ctx: HandlerContext): string {
  const schema = authOf(ctx).tenantSchema;
  if (!schema) throw new ApiError(Code.TENANT_DENIED);
  return schema;
}

export const grantTreeHandlers = defineHandlers({
  'auth.resources.findRoleResTreeChecked': async (ctx) => {
    const { roleId, systemId } = ctx.query;
    const t = ctx.db.withSchema(space(ctx));
    const role = await t.selectFrom('role').select('id').where('id', '=', roleId).executeTakeFirst();
    if (!role) throw new ApiError(Code.NOT_FOUND, 'resource.error.noRole', { id: roleId });
    const held = await t
      .selectFrom('role_resource')
      .select('resource_id')
      .where('role_id', '=', roleId)
      .execute();
    return flagged(ctx, systemId, new Set(held.map((h) => h.resource_id)));
  },

  /** userId: the account id (or the employee id) of a member of the session's tenant. */
  'auth.resources.findUserResTreeCheckedBySys': async (ctx) => {
    const { userId, systemId } = ctx.query;
    const schema = space(ctx);
    const employee = await ctx.db
      .withSchema(schema)
      .selectFrom('employee')
      .select('account_id')
      .where((w) => w.or([w('account_id', '=', userId), w('id', '=', userId)]))
      .executeTakeFirst();
    if (!employee?.account_id) throw new ApiError(Code.NOT_FOUND, 'resource.error.noUser', { id: userId });
    const { resources } = await grantedResources(ctx.db, {
      accountId: employee.account_id,
      tenantSchema: schema,
      systemId,
    });
    return flagged(ctx, systemId, resources);
  },
});
