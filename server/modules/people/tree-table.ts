/**
 * The tree tables of a tenant's space — organisations, positions and user groups — and every change of
 * their structure: lazy children under a disabled root, placing a node (create, re-parent, rename),
 * moves, sibling order and guarded removal. Nodes hang off `parent_id` ('0' is the root) and are ordered
 * by `sn`; organisations also keep materialised paths (ids '.'-separated in `path`, names
 * '/'-separated in `path_name`).
 *
 * Every change runs through `changeTree`: one transaction that first locks the table in share row
 * exclusive mode. Readers go on; a second change of the same tree waits, so two moves cannot build a
 * cycle together and a removal cannot race a move under the node it removes.
 */
import { sql, type Kysely } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { Language } from '../../http/i18n.ts';
import type { HandlerContext } from '../../http/handler.ts';
import { tenantSchemaOf } from '../../http/handler.ts';
import { invalid, notFound, ROOT_ID, type Space, type TreeNode } from './common.ts';

export type TreeTableName = 'org' | 'position' | 'user_group';

/** The columns every tree table has. */
export interface TreeRow {
  id: string;
  parent_id: string;
  name: string;
  sn: number;
}

/** The tree tables seen through their common columns (path columns: organisations only, `paths`). */
type TreeDb = { [K in TreeTableName]: TreeRow & { path: string; path_name: string | null } };

export interface TreeKind<R extends TreeRow = TreeRow> {
  table: TreeTableName;
  /** Its not-found key and message prefix: people.<what>.hasChildren, .moveIntoOwnSubtree, .<key>Taken. */
  what: 'org' | 'position' | 'group';
  /** The unique (case-insensitive) business key: code of organisations and positions, alias of groups. */
  key: 'code' | 'alias';
  /** Organisations keep `path` and `path_name` in step with the parent links. */
  paths?: boolean;
  /** A node of the lazy tree from a row of the table. */
  toNode: (row: R) => TreeNode;
  /** Adds what the rows do not hold (the organisation name of a position) to a level of nodes. */
  decorate?: (space: Space, nodes: TreeNode[]) => Promise<void>;
  /** Refuses removal while other records depend on the nodes (members, holders). */
  guardRemove?: (tx: Space, ids: string[], names: Map<string, string>, lang: Language) => Promise<void>;
  /** Detaches what refers to removed nodes before they go (role grants, a position's organisation). */
  detach?: (tx: Space, ids: string[]) => Promise<void>;
}

/** The disabled root of a lazy tree (spec §3 'Tree node'), with the first level already loaded. */
export function rootNode(name: string, children: TreeNode[]): TreeNode {
  return { id: ROOT_ID, parentId: null, name, disabled: true, isParent: children.length > 0, children };
}

/** Ids of every node below `id` in a parent-linked list of rows. */
export function descendantsOf(rows: { id: string; parent_id: string }[], id: string): Set<string> {
  const children = new Map<string, string[]>();
  for (const r of rows) children.set(r.parent_id, [...(children.get(r.parent_id) ?? []), r.id]);
  const out = new Set<string>();
  const stack = [...(children.get(id) ?? [])];
  while (stack.length) {
    const next = stack.pop()!;
    if (out.has(next)) continue;
    out.add(next);
    stack.push(...(children.get(next) ?? []));
  }
  return out;
}

/** The tree tables typed by their common columns (the same query builder serves all three). */
function trees(space: Space): Kysely<TreeDb> {
  return space as unknown as Kysely<TreeDb>;
}

/** Runs `change` in one transaction holding the tree's lock, in the request's tenant space. */
export async function changeTree<T>(
  ctx: HandlerContext,
  kind: AnyKind,
  change: (tx: Space) => Promise<T>,
): Promise<T> {
  return inTreeTransaction(ctx.db, tenantSchemaOf(ctx), kind, change);
}

/** The same, for a tenant schema named directly (seeds, tests). */
export async function inTreeTransaction<T>(
  db: Db,
  schema: string,
  kind: AnyKind,
  change: (tx: Space) => Promise<T>,
): Promise<T> {
  return db.transaction().execute(async (trx) => {
    const tx = trx.withSchema(schema);
    await sql`lock table ${sql.id(schema, kind.table)} in share row exclusive mode`.execute(tx);
    return change(tx);
  });
}

export async function findNode(space: Space, kind: AnyKind, id: string): Promise<TreeRow | undefined> {
  return trees(space)
    .selectFrom(kind.table)
    .select(['id', 'parent_id', 'name', 'sn'])
    .where('id', '=', id)
    .executeTakeFirst();
}

export async function requireNode(space: Space, kind: AnyKind, id: string): Promise<TreeRow> {
  const row = await findNode(space, kind, id);
  if (!row) throw notFound(kind.what, id);
  return row;
}

type AnyKind = Pick<TreeKind, 'table' | 'what' | 'key' | 'paths'>;

/** Sort number after the last child of `parentId`. */
export async function nextSn(space: Space, kind: AnyKind, parentId: string): Promise<number> {
  const row = await trees(space)
    .selectFrom(kind.table)
    .select(sql<number>`coalesce(max(sn), -1)::int + 1`.as('n'))
    .where('parent_id', '=', parentId)
    .executeTakeFirst();
  return row?.n ?? 0;
}

/** One level of the lazy tree: the children of `parentId` in display order, each knowing whether it has children. */
export async function treeChildren<R extends TreeRow>(
  space: Space,
  kind: TreeKind<R>,
  parentId: string,
): Promise<TreeNode[]> {
  const rows = (await trees(space)
    .selectFrom(kind.table)
    .selectAll()
    .where('parent_id', '=', parentId)
    .orderBy('sn')
    .orderBy('name')
    .orderBy('id')
    .execute()) as unknown as R[];
  if (rows.length === 0) return [];
  const parents = await trees(space)
    .selectFrom(kind.table)
    .select('parent_id')
    .distinct()
    .where(
      'parent_id',
      'in',
      rows.map((r) => r.id),
    )
    .execute();
  const withChildren = new Set(parents.map((p) => p.parent_id));
  const nodes = rows.map((r) => ({ ...kind.toNode(r), disabled: false, isParent: withChildren.has(r.id) }));
  await kind.decorate?.(space, nodes);
  return nodes;
}

/** Absent or '' parent: the disabled root named `rootName` with the first level loaded; else one level. */
export async function treeLevel<R extends TreeRow>(
  space: Space,
  kind: TreeKind<R>,
  parentId: string | undefined,
  rootName: () => Promise<string> | string,
): Promise<TreeNode[]> {
  if (parentId === undefined || parentId === '') {
    return [rootNode(await rootName(), await treeChildren(space, kind, ROOT_ID))];
  }
  return treeChildren(space, kind, parentId);
}

/** Refuses `key` when another node of the tree has it, whatever its case. */
export async function assertKeyFree(
  tx: Space,
  kind: AnyKind,
  lang: Language,
  key: string,
  exceptId: string | undefined,
): Promise<void> {
  const clash = await (
    tx as unknown as Kysely<{ [K in TreeTableName]: { id: string; code: string; alias: string } }>
  )
    .selectFrom(kind.table)
    .select('id')
    .where(sql<string>`lower(${sql.ref(kind.key)})`, '=', key.toLowerCase())
    .where('id', '<>', exceptId ?? '')
    .executeTakeFirst();
  if (clash) throw invalid(lang, `people.${kind.what}.${kind.key}Taken`, { [kind.key]: key }, kind.key);
}

/**
 * Where a created or edited node goes: `parentId` undefined keeps the current parent (the root for a
 * new node), '' or null means the root. The parent must exist and, for an existing node, lie outside
 * its subtree. `sn` defaults to the end of a new parent's children, else the current place.
 */
export async function placeNode(
  tx: Space,
  kind: AnyKind,
  lang: Language,
  current: TreeRow | undefined,
  parentId: string | null | undefined,
  sn: number | undefined,
): Promise<{ parent: string; sn: number }> {
  const parent = parentId === undefined ? (current?.parent_id ?? ROOT_ID) : parentId || ROOT_ID;
  if (parent !== ROOT_ID) await requireNode(tx, kind, parent);
  if (current && parent !== current.parent_id)
    await assertParentOutsideSubtree(tx, kind, lang, current.id, parent);
  const moved = !current || parent !== current.parent_id;
  return { parent, sn: sn ?? (moved ? await nextSn(tx, kind, parent) : current.sn) };
}

/** Refuses a parent that is the node itself or one of its descendants. */
async function assertParentOutsideSubtree(
  tx: Space,
  kind: AnyKind,
  lang: Language,
  id: string,
  parentId: string,
): Promise<void> {
  if (parentId === ROOT_ID) return;
  const rows = await trees(tx).selectFrom(kind.table).select(['id', 'parent_id']).execute();
  if (parentId === id || descendantsOf(rows, id).has(parentId)) {
    throw invalid(lang, `people.${kind.what}.moveIntoOwnSubtree`, {}, 'parentId');
  }
}

/** After a node was created, renamed or moved: organisations rewrite the paths of its subtree. */
export async function afterPlace(tx: Space, kind: AnyKind, id: string): Promise<void> {
  if (kind.paths) await rewritePaths(tx, kind, id);
}

/** Re-parents a node ('' or '0': the top level) at the end of its new siblings. */
export async function moveNode(
  tx: Space,
  kind: AnyKind,
  lang: Language,
  id: string,
  parentId: string,
): Promise<void> {
  const node = await requireNode(tx, kind, id);
  const parent = parentId || ROOT_ID;
  if (parent !== ROOT_ID) await requireNode(tx, kind, parent);
  await assertParentOutsideSubtree(tx, kind, lang, id, parent);
  if (node.parent_id === parent) return;
  await trees(tx)
    .updateTable(kind.table)
    .set({ parent_id: parent, sn: await nextSn(tx, kind, parent) })
    .where('id', '=', id)
    .execute();
  await afterPlace(tx, kind, id);
}

/** `ids`: siblings in their new display order. */
export async function sortSiblings(tx: Space, kind: AnyKind, lang: Language, ids: string[]): Promise<void> {
  const rows = await trees(tx)
    .selectFrom(kind.table)
    .select(['id', 'parent_id'])
    .where('id', 'in', ids)
    .execute();
  const missing = ids.find((id) => !rows.some((r) => r.id === id));
  if (missing) throw notFound(kind.what, missing);
  if (new Set(rows.map((r) => r.parent_id)).size > 1)
    throw invalid(lang, 'people.sortNotSiblings', {}, 'ids');
  for (const [sn, id] of ids.entries())
    await trees(tx).updateTable(kind.table).set({ sn }).where('id', '=', id).execute();
}

/**
 * Removes nodes; refused while one has children not removed with it, or while the kind's guard finds
 * dependants. Nothing changes when refused.
 */
export async function removeNodes<R extends TreeRow>(
  tx: Space,
  kind: TreeKind<R>,
  lang: Language,
  ids: string[],
): Promise<void> {
  const rows = await trees(tx).selectFrom(kind.table).select(['id', 'name']).where('id', 'in', ids).execute();
  const missing = ids.find((id) => !rows.some((r) => r.id === id));
  if (missing) throw notFound(kind.what, missing);
  const names = new Map(rows.map((r) => [r.id, r.name]));
  const child = await trees(tx)
    .selectFrom(kind.table)
    .select('parent_id')
    .where('parent_id', 'in', ids)
    .where('id', 'not in', ids)
    .executeTakeFirst();
  if (child) throw invalid(lang, `people.${kind.what}.hasChildren`, { name: names.get(child.parent_id) });
  await kind.guardRemove?.(tx, ids, names, lang);
  await kind.detach?.(tx, ids);
  await trees(tx).deleteFrom(kind.table).where('id', 'in', ids).execute();
}

/**
 * Recomputes `path` and `path_name` of a node and everything below it from the parent links, so a
 * rename or a move leaves every path consistent.
 */
async function rewritePaths(tx: Space, kind: AnyKind, rootId: string): Promise<void> {
  const rows = await trees(tx)
    .selectFrom(kind.table)
    .select(['id', 'parent_id', 'name', 'path', 'path_name'])
    .execute();
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
      await trees(tx)
        .updateTable(kind.table)
        .set({ path: next.path, path_name: next.name })
        .where('id', '=', id)
        .execute();
    }
  }
}
