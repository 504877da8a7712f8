/**
 * Organisations of a tenant's space: the lazy tree of the organisation picker, save with consistent
 * paths (ids '.'-separated in `path`, names '/'-separated in `path_name`), moves of whole subtrees,
 * sibling order, removal guarded by children and members, and the roles granted to organisations.
 */
import { requireMayGiveRoles } from '../../auth/grant-guard.ts';
import { newId } from '../../auth/tokens.ts';
import { translate } from '../../http/i18n.ts';
import { authOf, defineHandlers } from '../../http/handler.ts';
import {
  compact,
  idList,
  invalid,
  notFound,
  requireIds,
  spaceOf,
  tenantName,
  type Space,
} from '../people/common.ts';
import { dropPartyLinks, grantRoles, revokeRoles } from '../people/party.ts';
import {
  afterPlace,
  assertKeyFree,
  changeTree,
  moveNode,
  placeNode,
  removeNodes,
  sortSiblings,
  treeLevel,
  type TreeKind,
} from '../people/tree-table.ts';

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

export const ORG_TREE: TreeKind<OrgRow> = {
  table: 'org',
  what: 'org',
  key: 'code',
  paths: true,
  toNode: (r) => ({
    id: r.id,
    parentId: r.parent_id,
    name: r.name,
    code: r.code,
    path: r.path,
    pathName: r.path_name ?? r.name,
    disabled: false,
  }),
  guardRemove: async (tx, ids, names, lang) => {
    const member =
      (await tx.selectFrom('employee_org').select('org_id').where('org_id', 'in', ids).executeTakeFirst())
        ?.org_id ??
      (await tx.selectFrom('employee').select('org_id').where('org_id', 'in', ids).executeTakeFirst())
        ?.org_id;
    if (member) throw invalid(lang, 'people.org.hasEmployees', { name: names.get(member) });
  },
  // Its positions stay, without organisation.
  detach: async (tx, ids) => {
    await tx.updateTable('position').set({ org_id: null }).where('org_id', 'in', ids).execute();
    await dropPartyLinks(tx, 'org', ids);
  },
};

export const orgHandlers = defineHandlers({
  /** Absent parentId: the disabled root '0' (named after the tenant) with the first level; else that node's children. */
  'org.findTreeData': async (ctx) => {
    const { parentId } = ctx.body;
    return treeLevel(
      spaceOf(ctx),
      ORG_TREE,
      parentId,
      async () => (await tenantName(ctx)) || translate(ctx.lang, 'people.org.root'),
    );
  },

  'org.get': async (ctx) => orgOut(await requireOrg(spaceOf(ctx), ctx.query.id)),

  'org.save': async (ctx) => {
    const body = ctx.body;
    const name = body.name.trim();
    const code = body.code.trim();
    return changeTree(ctx, ORG_TREE, async (tx) => {
      const current = body.id ? await requireOrg(tx, body.id) : undefined;
      await assertKeyFree(tx, ORG_TREE, ctx.lang, code, current?.id);
      // '' keeps the current parent for organisations (positions and groups read it as the root).
      const parentId = body.parentId === '' ? undefined : body.parentId;
      const { parent, sn } = await placeNode(tx, ORG_TREE, ctx.lang, current, parentId, body.sn);
      const id = current?.id ?? newId();
      const values = {
        parent_id: parent,
        name,
        code,
        sn,
        grade: body.grade === undefined ? (current?.grade ?? null) : body.grade,
        description: body.description === undefined ? (current?.description ?? null) : body.description,
      };
      if (current) await tx.updateTable('org').set(values).where('id', '=', id).execute();
      else
        await tx
          .insertInto('org')
          .values({ id, ...values, path: id, path_name: name })
          .execute();
      await afterPlace(tx, ORG_TREE, id);
      return orgOut((await findOrg(tx, id))!);
    });
  },

  /** Refused while an organisation has sub-organisations (not removed with it) or members; its positions stay, without organisation. */
  'org.remove': async (ctx) => {
    const ids = idList(ctx.query.ids);
    await changeTree(ctx, ORG_TREE, (tx) => removeNodes(tx, ORG_TREE, ctx.lang, ids));
    return null;
  },

  /** Re-parents a node (parentId '0' for the top level) and rewrites the paths of its subtree. */
  'org.saveMove': async (ctx) => {
    const { id, parentId } = ctx.query;
    return changeTree(ctx, ORG_TREE, async (tx) => {
      await moveNode(tx, ORG_TREE, ctx.lang, id, parentId);
      return orgOut((await findOrg(tx, id))!);
    });
  },

  /** ids: siblings in their new display order. */
  'org.saveSort': async (ctx) => {
    const ids = idList(ctx.query.ids);
    await changeTree(ctx, ORG_TREE, (tx) => sortSiblings(tx, ORG_TREE, ctx.lang, ids));
    return null;
  },

  /** The organisations of an id list, in its order; unknown ids are left out. */
  'org.transfer': async (ctx) => {
    const raw = ctx.query.ids ?? '';
    if (!raw.trim()) return [];
    const ids = idList(raw);
    const rows = await spaceOf(ctx).selectFrom('org').select(ORG_COLUMNS).where('id', 'in', ids).execute();
    const byId = new Map(rows.map((r) => [r.id, r]));
    return ids.flatMap((id) => (byId.has(id) ? [orgOut(byId.get(id)!)] : []));
  },

  'org.assignRole': async (ctx) => {
    const { orgId, roleIds } = ctx.query;
    const ids = idList(roleIds, 'roleIds');
    const space = spaceOf(ctx);
    await requireOrg(space, orgId);
    await requireIds(space, 'role', ids);
    await requireMayGiveRoles(ctx.db, authOf(ctx), ids);
    await grantRoles(space, 'org', orgId, ids);
    return null;
  },

  'org.removeRole': async (ctx) => {
    const { orgId, roleIds } = ctx.query;
    const ids = idList(roleIds, 'roleIds');
    const space = spaceOf(ctx);
    await requireOrg(space, orgId);
    await revokeRoles(space, 'org', orgId, ids);
    return null;
  },
});
