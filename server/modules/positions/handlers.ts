/**
 * Positions (posts) of a tenant's space: a tree of posts (parent links), each optionally placed in an
 * organisation and carrying a level; the roles granted to posts; removal guarded by sub-posts and holders.
 * Who holds a post (main post, principal) is kept by the employee calls (employee_position).
 */
import { requireMayGiveRoles } from '../../auth/grant-guard.ts';
import { sql } from 'kysely';
import { newId } from '../../auth/tokens.ts';
import { translate } from '../../http/i18n.ts';
import { authOf, defineHandlers } from '../../http/handler.ts';
import type { ListSpec } from '../../http/list-query.ts';
import type { Selectable } from 'kysely';
import type { Database } from '../../db/tables.ts';
import {
  compact,
  idList,
  invalid,
  isoTime,
  listPage,
  notFound,
  requireIds,
  spaceOf,
  takeParam,
  type Space,
} from '../people/common.ts';
import { dropPartyLinks, grantRoles, revokeRoles } from '../people/party.ts';
import { levelHandlers } from './levels.ts';
import {
  assertKeyFree,
  changeTree,
  moveNode,
  placeNode,
  removeNodes,
  sortSiblings,
  treeChildren,
  treeLevel,
  type TreeKind,
} from '../people/tree-table.ts';

export const POSITION_LIST: ListSpec = {
  filters: {
    name: ['p.name', 'like'],
    code: ['p.code', 'like'],
    levelId: ['p.level_id', 'eq'],
    parentId: ['p.parent_id', 'eq'],
  },
  sorts: {
    name: 'p.name',
    code: 'p.code',
    sn: 'p.sn',
    createTime: 'p.created_at',
    level: 'l.level',
    orgName: 'o.name',
  },
  defaultSort: [
    ['p.sn', 'asc'],
    ['p.name', 'asc'],
    ['p.id', 'asc'],
  ],
};

const POSITION_COLUMNS = [
  'p.id',
  'p.name',
  'p.code',
  'p.org_id as orgId',
  'p.parent_id as parentId',
  'p.level_id as levelId',
  'p.sn',
  'p.description',
  'p.created_at as createTime',
  'o.name as orgName',
  'l.name as levelName',
  'l.level as level',
] as const;

function withNames(space: Space) {
  return space
    .selectFrom('position as p')
    .leftJoin('org as o', 'o.id', 'p.org_id')
    .leftJoin('level as l', 'l.id', 'p.level_id');
}

async function findPosition(space: Space, where: { id?: string; code?: string }) {
  let q = withNames(space).select([...POSITION_COLUMNS]);
  if (where.id !== undefined) q = q.where('p.id', '=', where.id);
  if (where.code !== undefined) q = q.where(sql<string>`lower(p.code)`, '=', where.code.toLowerCase());
  const row = await q.executeTakeFirst();
  return row ? compact({ ...row, createTime: isoTime(row.createTime) }) : undefined;
}

async function requirePosition(space: Space, id: string) {
  const row = await findPosition(space, { id });
  if (!row) throw notFound('position', id);
  return row;
}

type PositionRow = Selectable<Database['position']>;

export const POSITION_TREE: TreeKind<PositionRow> = {
  table: 'position',
  what: 'position',
  key: 'code',
  toNode: (r) => ({
    id: r.id,
    parentId: r.parent_id,
    name: r.name,
    code: r.code,
    orgId: r.org_id,
    disabled: false,
  }),
  decorate: async (space, nodes) => {
    const orgIds = [...new Set(nodes.flatMap((n) => (typeof n.orgId === 'string' ? [n.orgId] : [])))];
    const orgs = orgIds.length
      ? await space.selectFrom('org').select(['id', 'name']).where('id', 'in', orgIds).execute()
      : [];
    const names = new Map(orgs.map((o) => [o.id, o.name]));
    for (const n of nodes) n.orgName = typeof n.orgId === 'string' ? (names.get(n.orgId) ?? null) : null;
  },
  guardRemove: async (tx, ids, names, lang) => {
    const holder = await tx
      .selectFrom('employee_position')
      .select('position_id')
      .where('position_id', 'in', ids)
      .executeTakeFirst();
    if (holder) throw invalid(lang, 'people.position.hasEmployees', { name: names.get(holder.position_id) });
  },
  detach: (tx, ids) => dropPartyLinks(tx, 'position', ids),
};

export const positionHandlers = defineHandlers({
  ...levelHandlers,
  /**
   * The post tree. type '1' with posId: the posts below posId. Otherwise parentId's children; without a
   * parent, the disabled root '0' with the first level.
   */
  'position.findTreeData': async (ctx) => {
    const space = spaceOf(ctx);
    const { type, posId, parentId } = ctx.body;
    if (type === '1' && posId) return treeChildren(space, POSITION_TREE, posId);
    return treeLevel(space, POSITION_TREE, parentId, () => translate(ctx.lang, 'people.position.root'));
  },

  'position.get': async (ctx) => requirePosition(spaceOf(ctx), ctx.query.id),

  'position.load': async (ctx) => requirePosition(spaceOf(ctx), ctx.query.id),

  'position.getByAlias': async (ctx) => {
    const { alias } = ctx.query;
    const row = await findPosition(spaceOf(ctx), { code: alias });
    if (!row) throw notFound('position', alias);
    return row;
  },

  'position.save': async (ctx) => {
    const body = ctx.body;
    const name = body.name.trim();
    const code = body.code.trim();
    return changeTree(ctx, POSITION_TREE, async (tx) => {
      const current = body.id
        ? await tx.selectFrom('position').selectAll().where('id', '=', body.id).executeTakeFirst()
        : undefined;
      if (body.id && !current) throw notFound('position', body.id);
      const { parent, sn } = await placeNode(tx, POSITION_TREE, ctx.lang, current, body.parentId, body.sn);
      const orgId = body.orgId === undefined ? (current?.org_id ?? null) : body.orgId || null;
      if (orgId) await requireIds(tx, 'org', [orgId]);
      const levelId = body.levelId === undefined ? (current?.level_id ?? null) : body.levelId || null;
      if (levelId) {
        const level = await tx
          .selectFrom('level')
          .select('id')
          .where('id', '=', levelId)
          .where('type', '=', 'position')
          .executeTakeFirst();
        if (!level) throw invalid(ctx.lang, 'people.position.noSuchLevel', { id: levelId }, 'levelId');
      }
      await assertKeyFree(tx, POSITION_TREE, ctx.lang, code, current?.id);
      const values = {
        parent_id: parent,
        org_id: orgId,
        name,
        code,
        level_id: levelId,
        sn,
        description: body.description === undefined ? (current?.description ?? null) : body.description,
      };
      const id = current?.id ?? newId();
      if (current) await tx.updateTable('position').set(values).where('id', '=', id).execute();
      else
        await tx
          .insertInto('position')
          .values({ id, ...values })
          .execute();
      return requirePosition(tx, id);
    });
  },

  /** Refused while a post has sub-posts (not removed with it) or holders. */
  'position.remove': async (ctx) => {
    const ids = idList(ctx.query.ids);
    await changeTree(ctx, POSITION_TREE, (tx) => removeNodes(tx, POSITION_TREE, ctx.lang, ids));
    return null;
  },

  'position.saveMove': async (ctx) => {
    const { id, parentId } = ctx.query;
    return changeTree(ctx, POSITION_TREE, async (tx) => {
      await moveNode(tx, POSITION_TREE, ctx.lang, id, parentId);
      return requirePosition(tx, id);
    });
  },

  'position.saveSort': async (ctx) => {
    const ids = idList(ctx.query.ids);
    await changeTree(ctx, POSITION_TREE, (tx) => sortSiblings(tx, POSITION_TREE, ctx.lang, ids));
    return null;
  },

  /** Posts of an organisation (ORG_ID; all posts without it) with their level and organisation names. */
  'position.queryWithLevelByOrgId': async (ctx) => {
    const { value: orgId, rest } = takeParam(ctx.body, ['ORG_ID', 'orgId']);
    let base = spaceOf(ctx).selectFrom('position as p');
    if (orgId !== undefined) base = base.where('p.org_id', '=', orgId);
    return listPage(
      base,
      (q) =>
        q
          .leftJoin('org as o', 'o.id', 'p.org_id')
          .leftJoin('level as l', 'l.id', 'p.level_id')
          .select([...POSITION_COLUMNS]),
      POSITION_LIST,
      rest,
    );
  },

  'position.assignOrg': async (ctx) => {
    const { positionId, orgId } = ctx.query;
    const space = spaceOf(ctx);
    await requirePosition(space, positionId);
    await requireIds(space, 'org', [orgId]);
    await space.updateTable('position').set({ org_id: orgId }).where('id', '=', positionId).execute();
    return null;
  },

  /** Takes the post out of the organisation if it is there (a post sits in one organisation at most). */
  'position.removeOrg': async (ctx) => {
    const { positionId, orgId } = ctx.query;
    const space = spaceOf(ctx);
    await requirePosition(space, positionId);
    await space
      .updateTable('position')
      .set({ org_id: null })
      .where('id', '=', positionId)
      .where('org_id', '=', orgId)
      .execute();
    return null;
  },

  'position.assignRole': async (ctx) => {
    const { positionId, roleIds } = ctx.query;
    const ids = idList(roleIds, 'roleIds');
    const space = spaceOf(ctx);
    await requirePosition(space, positionId);
    await requireIds(space, 'role', ids);
    await requireMayGiveRoles(ctx.db, authOf(ctx), ids);
    await grantRoles(space, 'position', positionId, ids);
    return null;
  },

  'position.removeRole': async (ctx) => {
    const { positionId, roleIds } = ctx.query;
    const ids = idList(roleIds, 'roleIds');
    const space = spaceOf(ctx);
    await requirePosition(space, positionId);
    await revokeRoles(space, 'position', positionId, ids);
    return null;
  },

  'position.transfer': async (ctx) => {
    const raw = ctx.query.ids ?? '';
    if (!raw.trim()) return [];
    const ids = idList(raw);
    const rows = await withNames(spaceOf(ctx))
      .select([...POSITION_COLUMNS])
      .where('p.id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, compact({ ...r, createTime: isoTime(r.createTime) })]));
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  },
});
