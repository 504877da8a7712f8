/**
 * Organisations of a tenant's space: the lazy tree of the organisation picker, save with consistent
 * paths (ids '.'-separated in `path`, names '/'-separated in `path_name`), moves of whole subtrees,
 * sibling order, removal guarded by children and members, and the roles granted to organisations.
 */
import { sql } from 'kysely';
import { newId } from '../../auth/tokens.ts';
import { translate } from '../../http/i18n.ts';
import type { HandlerMap } from '../handler.ts';
import { tenantSchemaOf } from '../handler.ts';
import {
  compact,
  descendantsOf,
  idList,
  invalid,
  nextSn,
  notFound,
  requireIds,
  ROOT_ID,
  rootNode,
  spaceOf,
  tenantName,
  type Space,
  type TreeNode,
} from '../people/common.ts';
import { dropPartyLinks, grantRoles, revokeRoles } from '../people/party.ts';

interface OrgBody {
  id?: string;
  parentId?: string;
  name: string;
  code: string;
  sn?: number;
  grade?: string | null;
  description?: string | null;
}

const ORG_COLUMNS = [
  'id',
  'parent_id',
  'name',
  'code',
  'path',
  'path_name',
  'sn',
  'grade',
  'description',
] as const;

type OrgRow = {
  id: string;
  parent_id: string;
  name: string;
  code: string;
  path: string;
  path_name: string | null;
  sn: number;
  grade: string | null;
  description: string | null;
};

export function orgOut(r: OrgRow) {
  return compact({
    id: r.id,
    parentId: r.parent_id,
    name: r.name,
    code: r.code,
    path: r.path,
    pathName: r.path_name ?? r.name,
    sn: r.sn,
    grade: r.grade,
    description: r.description,
  });
}

export async function findOrg(space: Space, id: string): Promise<OrgRow | undefined> {
  return space.selectFrom('org').select(ORG_COLUMNS).where('id', '=', id).executeTakeFirst();
}

async function requireOrg(space: Space, id: string): Promise<OrgRow> {
  const row = await findOrg(space, id);
  if (!row) throw notFound('org', id);
  return row;
}

/**
 * Recomputes `path` and `path_name` of a node and everything below it from the parent links, so a
 * rename or a move leaves every path consistent.
 */
async function rewritePaths(tx: Space, rootId: string): Promise<void> {
  const rows = await tx.selectFrom('org').select(['id', 'parent_id', 'name', 'path', 'path_name']).execute();
  const byId = new Map(rows.map((r) => [r.id, r]));
  const memo = new Map<string, { path: string; name: string }>();
  const walk = (id: string, depth = 0): { path: string; name: string } => {
    const known = memo.get(id);
    if (known) return known;
    const r = byId.get(id)!;
    const parent = byId.get(r.parent_id);
    const up = parent && depth < 1000 ? walk(parent.id, depth + 1) : null;
    const out = up
      ? { path: `${up.path}.${r.id}`, name: `${up.name}/${r.name}` }
      : { path: r.id, name: r.name };
    memo.set(id, out);
    return out;
  };
  for (const id of [rootId, ...descendantsOf(rows, rootId)]) {
    const r = byId.get(id);
    if (!r) continue;
    const next = walk(id);
    if (next.path !== r.path || next.name !== r.path_name) {
      await tx
        .updateTable('org')
        .set({ path: next.path, path_name: next.name })
        .where('id', '=', id)
        .execute();
    }
  }
}

/** Serialises structural changes of a tenant's tree, so two moves cannot build a cycle together. */
async function lockTree(tx: Space, schema: string, table: 'org' | 'position' | 'user_group'): Promise<void> {
  await sql`lock table ${sql.id(schema, table)} in share row exclusive mode`.execute(tx);
}

/** Refuses a parent that is the node itself or one of its descendants. */
async function assertParentOutsideSubtree(
  tx: Space,
  id: string,
  parentId: string,
  lang: Parameters<typeof invalid>[0],
) {
  if (parentId === ROOT_ID) return;
  const rows = await tx.selectFrom('org').select(['id', 'parent_id']).execute();
  if (parentId === id || descendantsOf(rows, id).has(parentId)) {
    throw invalid(lang, 'people.org.moveIntoOwnSubtree', {}, 'parentId');
  }
}

async function treeChildren(space: Space, parentId: string): Promise<TreeNode[]> {
  const rows = await space
    .selectFrom('org as o')
    .select([
      'o.id',
      'o.parent_id',
      'o.name',
      'o.code',
      'o.path',
      'o.path_name',
      (eb) =>
        eb
          .exists(eb.selectFrom('org as c').select('c.id').whereRef('c.parent_id', '=', 'o.id'))
          .as('has_children'),
    ])
    .where('o.parent_id', '=', parentId)
    .orderBy('o.sn')
    .orderBy('o.name')
    .orderBy('o.id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    parentId: r.parent_id,
    name: r.name,
    code: r.code,
    path: r.path,
    pathName: r.path_name ?? r.name,
    disabled: false,
    isParent: Boolean(r.has_children),
  }));
}

export const orgHandlers: HandlerMap = {
  /** Absent parentId: the disabled root '0' (named after the tenant) with the first level; else that node's children. */
  'org.findTreeData': async (ctx) => {
    const space = spaceOf(ctx);
    const { parentId } = ctx.body as { parentId?: string };
    if (parentId === undefined || parentId === '') {
      const name = (await tenantName(ctx)) || translate(ctx.lang, 'people.org.root');
      return [rootNode(name, await treeChildren(space, ROOT_ID))];
    }
    return treeChildren(space, parentId);
  },

  'org.get': async (ctx) => orgOut(await requireOrg(spaceOf(ctx), (ctx.query as { id: string }).id)),

  'org.save': async (ctx) => {
    const body = ctx.body as OrgBody;
    const schema = tenantSchemaOf(ctx);
    const name = body.name.trim();
    const code = body.code.trim();
    const parentId = body.parentId === undefined || body.parentId === '' ? undefined : body.parentId;
    return ctx.db.transaction().execute(async (db) => {
      const tx = db.withSchema(schema);
      await lockTree(tx, schema, 'org');
      const current = body.id ? await requireOrg(tx, body.id) : undefined;
      const parent = parentId ?? current?.parent_id ?? ROOT_ID;
      if (parent !== ROOT_ID) await requireOrg(tx, parent);
      const clash = await tx
        .selectFrom('org')
        .select('id')
        .where(sql<string>`lower(code)`, '=', code.toLowerCase())
        .where('id', '<>', current?.id ?? '')
        .executeTakeFirst();
      if (clash) throw invalid(ctx.lang, 'people.org.codeTaken', { code }, 'code');
      let id: string;
      if (current) {
        id = current.id;
        if (parent !== current.parent_id) await assertParentOutsideSubtree(tx, id, parent, ctx.lang);
        await tx
          .updateTable('org')
          .set({
            parent_id: parent,
            name,
            code,
            sn: body.sn ?? (parent !== current.parent_id ? await nextSn(tx, 'org', parent) : current.sn),
            grade: body.grade === undefined ? current.grade : body.grade,
            description: body.description === undefined ? current.description : body.description,
          })
          .where('id', '=', id)
          .execute();
      } else {
        id = newId();
        await tx
          .insertInto('org')
          .values({
            id,
            parent_id: parent,
            name,
            code,
            path: id,
            path_name: name,
            sn: body.sn ?? (await nextSn(tx, 'org', parent)),
            grade: body.grade ?? null,
            description: body.description ?? null,
          })
          .execute();
      }
      await rewritePaths(tx, id);
      return orgOut((await findOrg(tx, id))!);
    });
  },

  /** Refused while an organisation has sub-organisations (not removed with it) or members; its positions stay, without organisation. */
  'org.remove': async (ctx) => {
    const ids = idList((ctx.query as { ids: string }).ids);
    const schema = tenantSchemaOf(ctx);
    await ctx.db.transaction().execute(async (db) => {
      const tx = db.withSchema(schema);
      await lockTree(tx, schema, 'org');
      const rows = await tx.selectFrom('org').select(['id', 'name']).where('id', 'in', ids).execute();
      const missing = ids.find((id) => !rows.some((r) => r.id === id));
      if (missing) throw notFound('org', missing);
      const names = new Map(rows.map((r) => [r.id, r.name]));
      const child = await tx
        .selectFrom('org')
        .select(['parent_id'])
        .where('parent_id', 'in', ids)
        .where('id', 'not in', ids)
        .executeTakeFirst();
      if (child) throw invalid(ctx.lang, 'people.org.hasChildren', { name: names.get(child.parent_id) });
      const member =
        (await tx.selectFrom('employee_org').select('org_id').where('org_id', 'in', ids).executeTakeFirst())
          ?.org_id ??
        (await tx.selectFrom('employee').select('org_id').where('org_id', 'in', ids).executeTakeFirst())
          ?.org_id;
      if (member) throw invalid(ctx.lang, 'people.org.hasEmployees', { name: names.get(member) });
      await tx.updateTable('position').set({ org_id: null }).where('org_id', 'in', ids).execute();
      await dropPartyLinks(tx, 'org', ids);
      await tx.deleteFrom('org').where('id', 'in', ids).execute();
    });
    return null;
  },

  /** Re-parents a node (parentId '0' for the top level) and rewrites the paths of its subtree. */
  'org.saveMove': async (ctx) => {
    const { id, parentId } = ctx.query as { id: string; parentId: string };
    const parent = parentId === '' ? ROOT_ID : parentId;
    const schema = tenantSchemaOf(ctx);
    return ctx.db.transaction().execute(async (db) => {
      const tx = db.withSchema(schema);
      await lockTree(tx, schema, 'org');
      const node = await requireOrg(tx, id);
      if (parent !== ROOT_ID) await requireOrg(tx, parent);
      await assertParentOutsideSubtree(tx, id, parent, ctx.lang);
      if (node.parent_id !== parent) {
        await tx
          .updateTable('org')
          .set({ parent_id: parent, sn: await nextSn(tx, 'org', parent) })
          .where('id', '=', id)
          .execute();
        await rewritePaths(tx, id);
      }
      return orgOut((await findOrg(tx, id))!);
    });
  },

  /** ids: siblings in their new display order. */
  'org.saveSort': async (ctx) => {
    const ids = idList((ctx.query as { ids: string }).ids);
    const space = spaceOf(ctx);
    const rows = await space.selectFrom('org').select(['id', 'parent_id']).where('id', 'in', ids).execute();
    const missing = ids.find((id) => !rows.some((r) => r.id === id));
    if (missing) throw notFound('org', missing);
    if (new Set(rows.map((r) => r.parent_id)).size > 1)
      throw invalid(ctx.lang, 'people.sortNotSiblings', {}, 'ids');
    await ctx.db.transaction().execute(async (db) => {
      const tx = db.withSchema(tenantSchemaOf(ctx));
      for (const [sn, id] of ids.entries())
        await tx.updateTable('org').set({ sn }).where('id', '=', id).execute();
    });
    return null;
  },

  /** The organisations of an id list, in its order; unknown ids are left out. */
  'org.transfer': async (ctx) => {
    const raw = (ctx.query as { ids?: string }).ids ?? '';
    if (!raw.trim()) return [];
    const ids = idList(raw);
    const rows = await spaceOf(ctx).selectFrom('org').select(ORG_COLUMNS).where('id', 'in', ids).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => (byId.has(id) ? [orgOut(byId.get(id)!)] : []));
  },

  'org.assignRole': async (ctx) => {
    const { orgId, roleIds } = ctx.query as { orgId: string; roleIds: string };
    const ids = idList(roleIds, 'roleIds');
    const space = spaceOf(ctx);
    await requireOrg(space, orgId);
    await requireIds(space, 'role', ids);
    await grantRoles(space, 'org', orgId, ids);
    return null;
  },

  'org.removeRole': async (ctx) => {
    const { orgId, roleIds } = ctx.query as { orgId: string; roleIds: string };
    const ids = idList(roleIds, 'roleIds');
    const space = spaceOf(ctx);
    await requireOrg(space, orgId);
    await revokeRoles(space, 'org', orgId, ids);
    return null;
  },
};
