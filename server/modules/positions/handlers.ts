/**
 * Positions (posts) of a tenant's space: a tree of posts (parent links), each optionally placed in an
 * organisation and carrying a level; the roles granted to posts; removal guarded by sub-posts and holders.
 * Who holds a post (main post, principal) is kept by the employee calls (employee_position).
 */
import { sql } from 'kysely';
import { newId } from '../../auth/tokens.ts';
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
  takeParam,
  type Space,
  type TreeNode,
} from '../people/common.ts';
import { dropPartyLinks, grantRoles, revokeRoles } from '../people/party.ts';

interface PositionBody {
  id?: string;
  name: string;
  code: string;
  orgId?: string | null;
  parentId?: string | null;
  levelId?: string | null;
  sn?: number;
  description?: string | null;
}

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
  return row ? compact(row) : undefined;
}

async function requirePosition(space: Space, id: string) {
  const row = await findPosition(space, { id });
  if (!row) throw notFound('position', id);
  return row;
}

async function assertParentOutsideSubtree(
  tx: Space,
  id: string,
  parentId: string,
  lang: Parameters<typeof invalid>[0],
) {
  if (parentId === ROOT_ID) return;
  const rows = await tx.selectFrom('position').select(['id', 'parent_id']).execute();
  if (parentId === id || descendantsOf(rows, id).has(parentId)) {
    throw invalid(lang, 'people.position.moveIntoOwnSubtree', {}, 'parentId');
  }
}

async function lock(tx: Space, schema: string): Promise<void> {
  await sql`lock table ${sql.id(schema, 'position')} in share row exclusive mode`.execute(tx);
}

async function treeChildren(space: Space, parentId: string): Promise<TreeNode[]> {
  const rows = await space
    .selectFrom('position as p')
    .leftJoin('org as o', 'o.id', 'p.org_id')
    .select([
      'p.id',
      'p.parent_id',
      'p.name',
      'p.code',
      'p.org_id',
      'o.name as org_name',
      (eb) =>
        eb
          .exists(eb.selectFrom('position as c').select('c.id').whereRef('c.parent_id', '=', 'p.id'))
          .as('has_children'),
    ])
    .where('p.parent_id', '=', parentId)
    .orderBy('p.sn')
    .orderBy('p.name')
    .orderBy('p.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parent_id,
    name: r.name,
    code: r.code,
    orgId: r.org_id,
    orgName: r.org_name,
    disabled: false,
    isParent: Boolean(r.has_children),
  }));
}

export const positionHandlers: HandlerMap = {
  /**
   * The post tree. type '1' with posId: the posts below posId. Otherwise parentId's children; without a
   * parent, the disabled root '0' with the first level.
   */
  'position.findTreeData': async (ctx) => {
    const space = spaceOf(ctx);
    const { type, posId, parentId } = ctx.body as { type?: string; posId?: string; parentId?: string };
    if (type === '1' && posId) return treeChildren(space, posId);
    if (parentId === undefined || parentId === '') {
      return [rootNode(translate(ctx.lang, 'people.position.root'), await treeChildren(space, ROOT_ID))];
    }
    return treeChildren(space, parentId);
  },

  'position.get': async (ctx) => requirePosition(spaceOf(ctx), (ctx.query as { id: string }).id),

  'position.load': async (ctx) => requirePosition(spaceOf(ctx), (ctx.query as { id: string }).id),

  'position.getByAlias': async (ctx) => {
    const { alias } = ctx.query as { alias: string };
    const row = await findPosition(spaceOf(ctx), { code: alias });
    if (!row) throw notFound('position', alias);
    return row;
  },

  'position.save': async (ctx) => {
    const body = ctx.body as PositionBody;
    const schema = tenantSchemaOf(ctx);
    const name = body.name.trim();
    const code = body.code.trim();
    return ctx.db.transaction().execute(async (db) => {
      const tx = db.withSchema(schema);
      await lock(tx, schema);
      const current = body.id
        ? await tx.selectFrom('position').selectAll().where('id', '=', body.id).executeTakeFirst()
        : undefined;
      if (body.id && !current) throw notFound('position', body.id);
      const parent =
        body.parentId === undefined
          ? (current?.parent_id ?? ROOT_ID)
          : body.parentId
            ? body.parentId
            : ROOT_ID;
      if (parent !== ROOT_ID) await requireIds(tx, 'position', [parent]);
      if (current && parent !== current.parent_id)
        await assertParentOutsideSubtree(tx, current.id, parent, ctx.lang);
      const orgId = body.orgId === undefined ? (current?.org_id ?? null) : body.orgId || null;
      if (orgId) await requireIds(tx, 'org', [orgId]);
      const levelId = body.levelId === undefined ? (current?.level_id ?? null) : body.levelId || null;
      if (levelId) {
        const level = await tx.selectFrom('level').select('id').where('id', '=', levelId).executeTakeFirst();
        if (!level) throw invalid(ctx.lang, 'people.position.noSuchLevel', { id: levelId }, 'levelId');
      }
      const clash = await tx
        .selectFrom('position')
        .select('id')
        .where(sql<string>`lower(code)`, '=', code.toLowerCase())
        .where('id', '<>', current?.id ?? '')
        .executeTakeFirst();
      if (clash) throw invalid(ctx.lang, 'people.position.codeTaken', { code }, 'code');
      const values = {
        parent_id: parent,
        org_id: orgId,
        name,
        code,
        level_id: levelId,
        description: body.description === undefined ? (current?.description ?? null) : body.description,
      };
      let id: string;
      if (current) {
        id = current.id;
        const sn =
          body.sn ?? (parent !== current.parent_id ? await nextSn(tx, 'position', parent) : current.sn);
        await tx
          .updateTable('position')
          .set({ ...values, sn })
          .where('id', '=', id)
          .execute();
      } else {
        id = newId();
        await tx
          .insertInto('position')
          .values({ id, ...values, sn: body.sn ?? (await nextSn(tx, 'position', parent)) })
          .execute();
      }
      return requirePosition(tx, id);
    });
  },

  /** Refused while a post has sub-posts (not removed with it) or holders. */
  'position.remove': async (ctx) => {
    const ids = idList((ctx.query as { ids: string }).ids);
    const schema = tenantSchemaOf(ctx);
    await ctx.db.transaction().execute(async (db) => {
      const tx = db.withSchema(schema);
      await lock(tx, schema);
      const rows = await tx.selectFrom('position').select(['id', 'name']).where('id', 'in', ids).execute();
      const missing = ids.find((id) => !rows.some((r) => r.id === id));
      if (missing) throw notFound('position', missing);
      const names = new Map(rows.map((r) => [r.id, r.name]));
      const child = await tx
        .selectFrom('position')
        .select('parent_id')
        .where('parent_id', 'in', ids)
        .where('id', 'not in', ids)
        .executeTakeFirst();
      if (child) throw invalid(ctx.lang, 'people.position.hasChildren', { name: names.get(child.parent_id) });
      const holder = await tx
        .selectFrom('employee_position')
        .select('position_id')
        .where('position_id', 'in', ids)
        .executeTakeFirst();
      if (holder)
        throw invalid(ctx.lang, 'people.position.hasEmployees', { name: names.get(holder.position_id) });
      await dropPartyLinks(tx, 'position', ids);
      await tx.deleteFrom('position').where('id', 'in', ids).execute();
    });
    return null;
  },

  'position.saveMove': async (ctx) => {
    const { id, parentId } = ctx.query as { id: string; parentId: string };
    const parent = parentId === '' ? ROOT_ID : parentId;
    const schema = tenantSchemaOf(ctx);
    return ctx.db.transaction().execute(async (db) => {
      const tx = db.withSchema(schema);
      await lock(tx, schema);
      const node = await requirePosition(tx, id);
      if (parent !== ROOT_ID) await requireIds(tx, 'position', [parent]);
      await assertParentOutsideSubtree(tx, id, parent, ctx.lang);
      if (node.parentId !== parent) {
        await tx
          .updateTable('position')
          .set({ parent_id: parent, sn: await nextSn(tx, 'position', parent) })
          .where('id', '=', id)
          .execute();
      }
      return requirePosition(tx, id);
    });
  },

  'position.saveSort': async (ctx) => {
    const ids = idList((ctx.query as { ids: string }).ids);
    const space = spaceOf(ctx);
    const rows = await space
      .selectFrom('position')
      .select(['id', 'parent_id'])
      .where('id', 'in', ids)
      .execute();
    const missing = ids.find((id) => !rows.some((r) => r.id === id));
    if (missing) throw notFound('position', missing);
    if (new Set(rows.map((r) => r.parent_id)).size > 1)
      throw invalid(ctx.lang, 'people.sortNotSiblings', {}, 'ids');
    await ctx.db.transaction().execute(async (db) => {
      const tx = db.withSchema(tenantSchemaOf(ctx));
      for (const [sn, id] of ids.entries())
        await tx.updateTable('position').set({ sn }).where('id', '=', id).execute();
    });
    return null;
  },

  /** Posts of an organisation (ORG_ID; all posts without it) with their level and organisation names. */
  'position.queryWithLevelByOrgId': async (ctx) => {
    const { value: orgId, rest } = takeParam(ctx.body as ListRequest, ['ORG_ID', 'orgId']);
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
    const { positionId, orgId } = ctx.query as { positionId: string; orgId: string };
    const space = spaceOf(ctx);
    await requirePosition(space, positionId);
    await requireIds(space, 'org', [orgId]);
    await space.updateTable('position').set({ org_id: orgId }).where('id', '=', positionId).execute();
    return null;
  },

  /** Takes the post out of the organisation if it is there (a post sits in one organisation at most). */
  'position.removeOrg': async (ctx) => {
    const { positionId, orgId } = ctx.query as { positionId: string; orgId: string };
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
    const { positionId, roleIds } = ctx.query as { positionId: string; roleIds: string };
    const ids = idList(roleIds, 'roleIds');
    const space = spaceOf(ctx);
    await requirePosition(space, positionId);
    await requireIds(space, 'role', ids);
    await grantRoles(space, 'position', positionId, ids);
    return null;
  },

  'position.removeRole': async (ctx) => {
    const { positionId, roleIds } = ctx.query as { positionId: string; roleIds: string };
    const ids = idList(roleIds, 'roleIds');
    const space = spaceOf(ctx);
    await requirePosition(space, positionId);
    await revokeRoles(space, 'position', positionId, ids);
    return null;
  },

  'position.transfer': async (ctx) => {
    const raw = (ctx.query as { ids?: string }).ids ?? '';
    if (!raw.trim()) return [];
    const ids = idList(raw);
    const rows = await withNames(spaceOf(ctx))
      .select([...POSITION_COLUMNS])
      .where('p.id', 'in', ids)
      .execute();
    const byId = new Map(rows.map((r) => [r.id, compact(r)]));
    return ids.flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []));
  },
};
