/**
 * User groups of a tenant's space: the list of the user-group selector (search by name and alias),
 * nested groups as a lazy tree, and a group saved or loaded together with its members (cascade).
 */
import { sql, type Selectable } from 'kysely';
import type { Database } from '../../db/tables.ts';
import { newId } from '../../auth/tokens.ts';
import { isUniqueViolation } from '../../auth/accounts.ts';
import { translate } from '../../http/i18n.ts';
import { defineHandlers } from '../../http/handler.ts';
import { seesPersonalData } from '../employees/scope.ts';
import type { ListSpec } from '../../http/list-query.ts';
import {
  compact,
  idList,
  invalid,
  isoTime,
  listPage,
  notFound,
  requireIds,
  spaceOf,
  type Space,
} from '../people/common.ts';
import {
  assertKeyFree,
  changeTree,
  placeNode,
  removeNodes,
  treeLevel,
  type TreeKind,
} from '../people/tree-table.ts';

export const GROUP_LIST: ListSpec = {
  filters: {
    name: ['g.name', 'like'],
    alias: ['g.alias', 'like'],
    parentId: ['g.parent_id', 'eq'],
  },
  sorts: { name: 'g.name', alias: 'g.alias', sn: 'g.sn', createTime: 'g.created_at' },
  defaultSort: [
    ['g.sn', 'asc'],
    ['g.name', 'asc'],
    ['g.id', 'asc'],
  ],
};

const GROUP_COLUMNS = [
  'g.id',
  'g.name',
  'g.alias',
  'g.parent_id as parentId',
  'g.sn',
  'g.description',
  'g.created_at as createTime',
] as const;

async function findGroup(space: Space, where: { id?: string; alias?: string }) {
  let q = space.selectFrom('user_group as g').select([...GROUP_COLUMNS]);
  if (where.id !== undefined) q = q.where('g.id', '=', where.id);
  if (where.alias !== undefined) q = q.where(sql<string>`lower(g.alias)`, '=', where.alias.toLowerCase());
  const row = await q.executeTakeFirst();
  return row ? compact({ ...row, createTime: isoTime(row.createTime) }) : undefined;
}

async function requireGroup(space: Space, id: string) {
  const row = await findGroup(space, { id });
  if (!row) throw notFound('group', id);
  return row;
}

async function withMembers(space: Space, id: string) {
  const [group, members] = await Promise.all([
    requireGroup(space, id),
    space
      .selectFrom('user_group_member as m')
      .innerJoin('employee as e', 'e.id', 'm.employee_id')
      .leftJoin('org as o', 'o.id', 'e.org_id')
      .select(['e.id', 'e.account', 'e.name', 'e.status', 'o.name as orgName'])
      .where('m.group_id', '=', id)
      .orderBy('e.name')
      .orderBy('e.id')
      .execute(),
  ]);
  return { ...group, members: members.map((m) => compact(m)) };
}

export const GROUP_TREE: TreeKind<Selectable<Database['user_group']>> = {
  table: 'user_group',
  what: 'group',
  key: 'alias',
  toNode: (r) => ({ id: r.id, parentId: r.parent_id, name: r.name, alias: r.alias, disabled: false }),
  // Memberships go with the group (foreign key on delete cascade).
};

export const groupHandlers = defineHandlers({
  'group.query': async (ctx) =>
    listPage(
      spaceOf(ctx).selectFrom('user_group as g'),
      (q) => q.select([...GROUP_COLUMNS]),
      GROUP_LIST,
      ctx.body,
    ),

  'group.get': async (ctx) => requireGroup(spaceOf(ctx), ctx.query.id),

  'group.getByKey': async (ctx) => {
    const { key } = ctx.query;
    const row = await findGroup(spaceOf(ctx), { alias: key });
    if (!row) throw notFound('group', key);
    return row;
  },

  'group.loadCascade': async (ctx) => {
    const group = await withMembers(spaceOf(ctx), ctx.query.id);
    if (await seesPersonalData(ctx)) return group;
    // The directory only (employees/scope.ts).
    return {
      ...group,
      members: group.members.map((m) => ({ id: m.id, name: m.name, orgName: m.orgName })),
    };
  },

  'group.findTreeData': async (ctx) => {
    const { parentId } = ctx.body;
    return treeLevel(spaceOf(ctx), GROUP_TREE, parentId, () => translate(ctx.lang, 'people.group.root'));
  },

  /** The group and, when `members` is given, exactly those members (employee ids), in one transaction. */
  'group.saveCascade': async (ctx) => {
    const body = ctx.body;
    const alias = body.alias.trim();
    let id = body.id ?? '';
    try {
      await changeTree(ctx, GROUP_TREE, async (tx) => {
        const current = body.id
          ? await tx.selectFrom('user_group').selectAll().where('id', '=', body.id).executeTakeFirst()
          : undefined;
        if (body.id && !current) throw notFound('group', body.id);
        const { parent, sn } = await placeNode(tx, GROUP_TREE, ctx.lang, current, body.parentId, body.sn);
        await assertKeyFree(tx, GROUP_TREE, ctx.lang, alias, current?.id);
        const memberIds = body.members ? [...new Set(body.members.map((m) => m.id))] : undefined;
        if (memberIds) await requireIds(tx, 'employee', memberIds);
        const values = {
          name: body.name.trim(),
          alias,
          parent_id: parent,
          sn,
          description: body.description === undefined ? (current?.description ?? null) : body.description,
        };
        id = current?.id ?? newId();
        if (current) await tx.updateTable('user_group').set(values).where('id', '=', id).execute();
        else
          await tx
            .insertInto('user_group')
            .values({ id, ...values })
            .execute();
        if (memberIds) {
          await tx.deleteFrom('user_group_member').where('group_id', '=', id).execute();
          if (memberIds.length) {
            await tx
              .insertInto('user_group_member')
              .values(memberIds.map((employee_id) => ({ group_id: id, employee_id })))
              .execute();
          }
        }
      });
    } catch (e) {
      if (isUniqueViolation(e)) throw invalid(ctx.lang, 'people.group.aliasTaken', { alias }, 'alias');
      throw e;
    }
    return withMembers(spaceOf(ctx), id);
  },

  /** Removes groups and their memberships; refused while a group has sub-groups not removed with it. */
  'group.remove': async (ctx) => {
    const ids = idList(ctx.query.ids);
    await changeTree(ctx, GROUP_TREE, (tx) => removeNodes(tx, GROUP_TREE, ctx.lang, ids));
    return null;
  },
});
