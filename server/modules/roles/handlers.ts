/**
 * Roles of a tenant's space: lists (with the subsystem's name), the subsystem → role tree of the role
 * assignment widget (only role nodes can be chosen), save, copy (with grants and menu resources),
 * removal (with its grants), and who holds a role directly. An employee's inherited roles (source
 * 'other', from an organisation or a position) cannot be removed from the employee (spec §6).
 */
import { requireMayGiveRoles } from '../../auth/grant-guard.ts';
import { sql } from 'kysely';
import { newId } from '../../auth/tokens.ts';
import { isUniqueViolation } from '../../auth/accounts.ts';
import { translate } from '../../http/i18n.ts';
import type { HandlerContext } from '../../http/handler.ts';
import { authOf, defineHandlers } from '../../http/handler.ts';
import { tenantSchemaOf } from '../../http/handler.ts';
import type { ListRequest, ListSpec, PageResult } from '../../http/list-query.ts';
import {
  compact,
  idList,
  invalid,
  listPage,
  notFound,
  requireIds,
  requireParam,
  spaceOf,
  takeParam,
  type Space,
  type TreeNode,
} from '../people/common.ts';
import { holdsRoleDirectly, inheritsRole, partyRoleEntries } from '../people/party.ts';

export const ROLE_LIST: ListSpec = {
  filters: {
    name: ['r.name', 'like'],
    alias: ['r.alias', 'like'],
    enabled: ['r.enabled', 'eq'],
  },
  sorts: {
    name: 'r.name',
    alias: 'r.alias',
    createTime: 'r.created_at',
    enabled: 'r.enabled',
    subSystemName: 's.name',
  },
  defaultSort: [
    ['r.name', 'asc'],
    ['r.id', 'asc'],
  ],
};

const ROLE_COLUMNS = [
  'r.id',
  'r.name',
  'r.alias',
  'r.system_id as subSystemId',
  's.name as subSystemName',
  'r.enabled',
  'r.description',
  'r.created_at as createTime',
] as const;

function withSystem(space: Space) {
  return space.selectFrom('role as r').leftJoin('platform.subsystem as s', 's.id', 'r.system_id');
}

async function findRole(space: Space, where: { id?: string; alias?: string }) {
  let q = withSystem(space).select([...ROLE_COLUMNS]);
  if (where.id !== undefined) q = q.where('r.id', '=', where.id);
  if (where.alias !== undefined) q = q.where(sql<string>`lower(r.alias)`, '=', where.alias.toLowerCase());
  const row = await q.executeTakeFirst();
  return row ? compact(row) : undefined;
}

async function requireRole(space: Space, id: string) {
  const row = await findRole(space, { id });
  if (!row) throw notFound('role', id);
  return row;
}

async function assertAliasFree(
  space: Space,
  alias: string,
  exceptId: string | undefined,
  lang: HandlerContext['lang'],
) {
  const clash = await space
    .selectFrom('role')
    .select('id')
    .where(sql<string>`lower(alias)`, '=', alias.toLowerCase())
    .where('id', '<>', exceptId ?? '')
    .executeTakeFirst();
  if (clash) throw invalid(lang, 'people.role.aliasTaken', { alias }, 'alias');
}

/** The role list, optionally narrowed to one subsystem (SYSTEM_ID or systemId). */
async function roleList<T>(
  ctx: HandlerContext<unknown, ListRequest>,
  opts: { requireSystem?: boolean } = {},
): Promise<PageResult<T>> {
  const req = ctx.body;
  const keys = ['SYSTEM_ID', 'systemId', 'subSystemId'];
  const { value: systemId, rest } = opts.requireSystem
    ? requireParam(req, keys, ctx.lang)
    : takeParam(req, keys);
  let base = spaceOf(ctx).selectFrom('role as r');
  if (systemId !== undefined) base = base.where('r.system_id', '=', systemId);
  return listPage<T>(
    base,
    (q) => q.leftJoin('platform.subsystem as s', 's.id', 'r.system_id').select([...ROLE_COLUMNS]),
    ROLE_LIST,
    rest,
  );
}

export const roleHandlers = defineHandlers({
  'role.query': (ctx) => roleList(ctx),
  'role.queryWithSys': (ctx) => roleList(ctx),
  'role.queryWithSysBySysId': (ctx) => roleList(ctx, { requireSystem: true }),
  /** Roles carry no grade of their own here: the same list, with subsystem names. */
  'role.queryWithGrade': (ctx) => roleList(ctx),

  'role.queryByOrgId': async (ctx) => {
    const { orgId } = ctx.query;
    const space = spaceOf(ctx);
    await requireIds(space, 'org', [orgId]);
    return partyRoleEntries(ctx.db, space, 'org', orgId);
  },

  'role.queryByPositionId': async (ctx) => {
    const { positionId } = ctx.query;
    const space = spaceOf(ctx);
    await requireIds(space, 'position', [positionId]);
    return partyRoleEntries(ctx.db, space, 'position', positionId);
  },

  /** Subsystems (disabled) with their roles below; roles of no subsystem under a last 'other' node. */
  'role.findTreeData': async (ctx) => {
    const { systemId } = ctx.body;
    let systemsQ = ctx.db
      .selectFrom('platform.subsystem')
      .select(['id', 'name', 'alias'])
      .orderBy('sn')
      .orderBy('name');
    if (systemId) systemsQ = systemsQ.where('id', '=', systemId);
    let rolesQ = spaceOf(ctx)
      .selectFrom('role')
      .select(['id', 'name', 'alias', 'system_id', 'enabled'])
      .orderBy('name')
      .orderBy('id');
    if (systemId) rolesQ = rolesQ.where('system_id', '=', systemId);
    const [systems, roles] = await Promise.all([systemsQ.execute(), rolesQ.execute()]);
    const known = new Set(systems.map((s) => s.id));
    const roleNode = (r: (typeof roles)[number], parentId: string, systemName: string | null): TreeNode => ({
      id: r.id,
      parentId,
      name: r.name,
      alias: r.alias,
      type: 'role',
      subSystemName: systemName,
      enabled: r.enabled,
      disabled: false,
      isParent: false,
    });
    const nodes: TreeNode[] = systems.map((s) => {
      const children = roles.filter((r) => r.system_id === s.id).map((r) => roleNode(r, s.id, s.name));
      return {
        id: s.id,
        parentId: '0',
        name: s.name,
        alias: s.alias,
        type: 'subsystem',
        disabled: true,
        isParent: children.length > 0,
        children,
      };
    });
    const orphans = roles.filter((r) => !r.system_id || !known.has(r.system_id));
    if (orphans.length && !systemId) {
      const name = translate(ctx.lang, 'people.role.noSubsystem');
      nodes.push({
        id: 'none',
        parentId: '0',
        name,
        type: 'subsystem',
        disabled: true,
        isParent: true,
        children: orphans.map((r) => roleNode(r, 'none', null)),
      });
    }
    return nodes;
  },

  'role.get': async (ctx) => requireRole(spaceOf(ctx), ctx.query.id),

  'role.getByAlias': async (ctx) => {
    const { alias } = ctx.query;
    const row = await findRole(spaceOf(ctx), { alias });
    if (!row) throw notFound('role', alias);
    return row;
  },

  'role.save': async (ctx) => {
    const body = ctx.body;
    const space = spaceOf(ctx);
    const alias = body.alias.trim();
    const current = body.id
      ? await space.selectFrom('role').selectAll().where('id', '=', body.id).executeTakeFirst()
      : undefined;
    if (body.id && !current) throw notFound('role', body.id);
    const systemId = body.subSystemId === undefined ? (current?.system_id ?? null) : body.subSystemId || null;
    if (systemId) {
      const s = await ctx.db
        .selectFrom('platform.subsystem')
        .select('id')
        .where('id', '=', systemId)
        .executeTakeFirst();
      if (!s) throw invalid(ctx.lang, 'people.role.noSuchSubsystem', { id: systemId }, 'subSystemId');
    }
    await assertAliasFree(space, alias, current?.id, ctx.lang);
    const values = {
      name: body.name.trim(),
      alias,
      system_id: systemId,
      enabled: body.enabled ?? current?.enabled ?? true,
      description: body.description === undefined ? (current?.description ?? null) : body.description,
    };
    const id = current?.id ?? newId();
    try {
      if (current) await space.updateTable('role').set(values).where('id', '=', id).execute();
      else
        await space
          .insertInto('role')
          .values({ id, ...values })
          .execute();
    } catch (e) {
      if (isUniqueViolation(e)) throw invalid(ctx.lang, 'people.role.aliasTaken', { alias }, 'alias');
      throw e;
    }
    return requireRole(space, id);
  },

  /** Removes roles with everything granted through them (their grants and menu resources). */
  'role.remove': async (ctx) => {
    const ids = idList(ctx.query.ids);
    const space = spaceOf(ctx);
    await requireIds(space, 'role', ids);
    await space.deleteFrom('role').where('id', 'in', ids).execute();
    return null;
  },

  /** A new role like the source: same subsystem, state and description, the same grants and menu resources. */
  'role.copy': async (ctx) => {
    const body = ctx.body;
    const schema = tenantSchemaOf(ctx);
    const alias = body.alias.trim();
    const id = newId();
    try {
      await ctx.db.transaction().execute(async (db) => {
        const tx = db.withSchema(schema);
        const source = await tx.selectFrom('role').selectAll().where('id', '=', body.id).executeTakeFirst();
        if (!source) throw notFound('role', body.id);
        await assertAliasFree(tx, alias, undefined, ctx.lang);
        await tx
          .insertInto('role')
          .values({
            id,
            name: body.name.trim(),
            alias,
            system_id: source.system_id,
            enabled: source.enabled,
            description: source.description,
          })
          .execute();
        await tx
          .insertInto('role_grant')
          .columns(['role_id', 'party_type', 'party_id'])
          .expression((eb) =>
            eb
              .selectFrom('role_grant')
              .select([sql.val(id).as('role_id'), 'party_type', 'party_id'])
              .where('role_id', '=', source.id),
          )
          .execute();
        await tx
          .insertInto('role_resource')
          .columns(['role_id', 'resource_id'])
          .expression((eb) =>
            eb
              .selectFrom('role_resource')
              .select([sql.val(id).as('role_id'), 'resource_id'])
              .where('role_id', '=', source.id),
          )
          .execute();
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw invalid(ctx.lang, 'people.role.aliasTaken', { alias }, 'alias');
      throw e;
    }
    return requireRole(spaceOf(ctx), id);
  },

  'role.transfer': async (ctx) => {
    const raw = ctx.query.ids ?? '';
    if (!raw.trim()) return [];
    const ids = idList(raw);
    const rows = await withSystem(spaceOf(ctx))
      .select([...ROLE_COLUMNS])
      .where('r.id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, compact(r)]));
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  },

  /** Grants the role to employees directly (source own). */
  'role.addUser': async (ctx) => {
    const { roleId, userIds } = ctx.query;
    const ids = idList(userIds, 'userIds');
    const space = spaceOf(ctx);
    await requireRole(space, roleId);
    await requireIds(space, 'employee', ids);
    await requireMayGiveRoles(ctx.db, authOf(ctx), [roleId]);
    await space
      .insertInto('role_grant')
      .values(ids.map((party_id) => ({ role_id: roleId, party_type: 'employee' as const, party_id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    return null;
  },

  /**
   * Withdraws the direct grant of a role from employees. An employee who holds the role only through an
   * organisation or a position (source 'other') cannot lose it here: the whole call is refused.
   */
  'role.removeUser': async (ctx) => {
    const { roleId, userIds } = ctx.query;
    const ids = idList(userIds, 'userIds');
    const space = spaceOf(ctx);
    const role = await requireRole(space, roleId);
    await requireIds(space, 'employee', ids);
    const inheritedOnly = await space
      .selectFrom('employee as e')
      .select(['e.id', 'e.name'])
      .where('e.id', 'in', ids)
      .where((eb) => eb.and([eb.not(holdsRoleDirectly(eb, roleId)), inheritsRole(eb, roleId)]))
      .executeTakeFirst();
    if (inheritedOnly) {
      throw invalid(
        ctx.lang,
        'people.role.inheritedOnly',
        { name: inheritedOnly.name, role: role.name },
        'userIds',
      );
    }
    await space
      .deleteFrom('role_grant')
      .where('role_id', '=', roleId)
      .where('party_type', '=', 'employee')
      .where('party_id', 'in', ids)
      .execute();
    return null;
  },
});
