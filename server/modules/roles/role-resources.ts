/**
 * What a role grants of one subsystem's menu (the role list's 分配资源 dialog): the whole set of its
 * pages and buttons there is replaced at once, so the checked tree the administrator saw is what the
 * role holds afterwards. Its grants in other subsystems stay. An id that is not a resource of that
 * subsystem refuses the whole call, and so does a resource whose rights the caller may not give. Holders' cached permissions are dropped by the route layer after
 * every write.
 */
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { requireMayGiveResources } from '../../auth/grant-guard.ts';
import { authOf, defineHandlers, tenantSchemaOf } from '../../http/handler.ts';
import { invalid, notFound } from '../people/common.ts';

export const roleResourceHandlers = defineHandlers({
  'role.saveResources': async (ctx) => {
    const { roleId, systemId } = ctx.body;
    const wanted = [...new Set(ctx.body.resourceIds)];
    const schema = tenantSchemaOf(ctx);
    const system = await ctx.db
      .selectFrom('platform.subsystem')
      .select('id')
      .where('id', '=', systemId)
      .executeTakeFirst();
    if (!system) throw new ApiError(Code.NOT_FOUND, 'resource.error.noSystem', { id: systemId });
    const inSystem = new Set(
      (
        await ctx.db.selectFrom('platform.resource').select('id').where('system_id', '=', systemId).execute()
      ).map((r) => r.id),
    );
    const stranger = wanted.find((id) => !inSystem.has(id));
    if (stranger) throw invalid(ctx.lang, 'resourceAdmin.error.notInSystem', { id: stranger }, 'resourceIds');
    const before = new Set(
      (
        await ctx.db
          .withSchema(schema)
          .selectFrom('role_resource')
          .select('resource_id')
          .where('role_id', '=', roleId)
          .execute()
      ).map((r) => r.resource_id),
    );
    // What the role gains must be the caller's to give (server/auth/grant-guard.ts).
    await requireMayGiveResources(
      ctx.db,
      authOf(ctx),
      wanted.filter((id) => !before.has(id)),
    );
    await ctx.db.transaction().execute(async (db) => {
      const tx = db.withSchema(schema);
      const role = await tx
        .selectFrom('role')
        .select('id')
        .where('id', '=', roleId)
        .forUpdate()
        .executeTakeFirst();
      if (!role) throw notFound('role', roleId);
      if (inSystem.size) {
        await tx
          .deleteFrom('role_resource')
          .where('role_id', '=', roleId)
          .where('resource_id', 'in', [...inSystem])
          .execute();
      }
      if (wanted.length) {
        await tx
          .insertInto('role_resource')
          .values(wanted.map((resource_id) => ({ role_id: roleId, resource_id })))
          .execute();
      }
    });
    return { count: wanted.length };
  },
});
