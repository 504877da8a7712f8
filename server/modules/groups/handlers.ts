/**
 * User groups of a tenant's space: the list of the user-group selector (search by name and alias),
 * nested groups as a lazy tree, and a group saved or loaded together with its members (cascade).
 */
import { sql } from 'kysely';
import { newId } from '../../auth/tokens.ts';
import { isUniqueViolation } from '../../auth/accounts.ts';
import { translate } from '../../http/i18n.ts';
import type { HandlerMap } from '../handler.ts';
import { tenantSchemaOf } from '../handler.ts';
import type { ListRequest, ListSpec } from '../list-query.ts';
import {
  compact,
  descendantsOf,
  idList,
  invalid,
  listPage,
  nextSn,
  notFound,
  requireIds,
  ROOT_ID,
  rootNode,
  spaceOf,
  type Space,
  type TreeNode,
} from '../people/common.ts';

interface GroupBody {
  id?: string;
  name: string;
  alias: string;
  parentId?: string | null;
  sn?: number;
  description?: string | null;
  members?: { id: string }[];
}

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
  return row ? compact(row) : undefined;
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

async function treeChildren(space: Space, parentId: string): Promise<TreeNode[]> {
  const rows = await space
    .selectFrom('user_group as g')
    .select([
      'g.id',
      'g.parent_id',
      'g.name',
      'g.alias',
      (eb) =>
        eb
          .exists(eb.selectFrom('user_group as c').select('c.id').whereRef('c.parent_id', '=', 'g.id'))
          .as('has_children'),
    ])
    .where('g.parent_id', '=', parentId)
    .orderBy('g.sn')
    .orderBy('g.name')
    .orderBy('g.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parent_id,
    name: r.name,
    alias: r.alias,
    disabled: false,
    isParent: Boolean(r.has_children),
  }));
}

export const groupHandlers: HandlerMap = {
  'group.query': async (ctx) =>
    listPage(
      spaceOf(ctx).selectFrom('user_group as g'),
      (q) => q.select([...GROUP_COLUMNS]),
      GROUP_LIST,
      ctx.body as ListRequest,
    ),

  'group.get': async (ctx) => requireGroup(spaceOf(ctx), (ctx.query as { id: string }).id),

  'group.getByKey': async (ctx) => {
    const { key } = ctx.query as { key: string };
    const row = await findGroup(spaceOf(ctx), { alias: key });
    if (!row) throw notFound('group', key);
    return row;
  },

  'group.loadCascade': async (ctx) => withMembers(spaceOf(ctx), (ctx.query as { id: string }).id),

  'group.findTreeData': async (ctx) => {
    const space = spaceOf(ctx);
    const { parentId } = ctx.body as { parentId?: string };
    if (parentId === undefined || parentId === '') {
      return [rootNode(translate(ctx.lang, 'people.group.root'), await treeChildren(space, ROOT_ID))];
    }
    return treeChildren(space, parentId);
  },

  /** The group and, when `members` is given, exactly those members (employee ids), in one transaction. */
  'group.saveCascade': async (ctx) => {
    const body = ctx.body as GroupBody;
    const schema = tenantSchemaOf(ctx);
    const alias = body.alias.trim();
    let id = body.id ?? '';
    try {
      await ctx.db.transaction().execute(async (db) => {
        const tx = db.withSchema(schema);
        await sql`lock table ${sql.id(schema, 'user_group')} in share row exclusive mode`.execute(tx);
        const current = body.id
          ? await tx.selectFrom('user_group').selectAll().where('id', '=', body.id).executeTakeFirst()
          : undefined;
        if (body.id && !current) throw notFound('group', body.id);
        const parent =
          body.parentId === undefined
            ? (current?.parent_id ?? ROOT_ID)
            : body.parentId
              ? body.parentId
              : ROOT_ID;
        if (parent !== ROOT_ID) {
          await requireIds(tx, 'user_group', [parent]);
          if (current) {
            const rows = await tx.selectFrom('user_group').select(['id', 'parent_id']).execute();
            if (parent === current.id || descendantsOf(rows, current.id).has(parent)) {
              throw invalid(ctx.lang, 'people.group.moveIntoOwnSubtree', {}, 'parentId');
            }
          }
        }
        const clash = await tx
          .selectFrom('user_group')
          .select('id')
          .where(sql<string>`lower(alias)`, '=', alias.toLowerCase())
          .where('id', '<>', current?.id ?? '')
          .executeTakeFirst();
        if (clash) throw invalid(ctx.lang, 'people.group.aliasTaken', { alias }, 'alias');
        const memberIds = body.members ? [...new Set(body.members.map((m) => m.id))] : undefined;
        if (memberIds) await requireIds(tx, 'employee', memberIds);
        const values = {
          name: body.name.trim(),
          alias,
          parent_id: parent,
          description: body.description === undefined ? (current?.description ?? null) : body.description,
        };
        if (current) {
          id = current.id;
          const sn =
            body.sn ?? (parent !== current.parent_id ? await nextSn(tx, 'user_group', parent) : current.sn);
          await tx
            .updateTable('user_group')
            .set({ ...values, sn })
            .where('id', '=', id)
            .execute();
        } else {
          id = newId();
          await tx
            .insertInto('user_group')
            .values({ id, ...values, sn: body.sn ?? (await nextSn(tx, 'user_group', parent)) })
            .execute();
        }
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
    const ids = idList((ctx.query as { ids: string }).ids);
    const space = spaceOf(ctx);
    await requireIds(space, 'user_group', ids);
    const child = await space
      .selectFrom('user_group as c')
      .innerJoin('user_group as p', 'p.id', 'c.parent_id')
      .select('p.name')
      .where('c.parent_id', 'in', ids)
      .where('c.id', 'not in', ids)
      .executeTakeFirst();
    if (child) throw invalid(ctx.lang, 'people.group.hasChildren', { name: child.name });
    await space.deleteFrom('user_group').where('id', 'in', ids).execute();
    return null;
  },
};
