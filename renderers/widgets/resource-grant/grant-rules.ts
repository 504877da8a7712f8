/**
 * The rules of the role's resource grant tree: the flat list the server sends (parentId links) nested
 * into a tree, and what checking a node does. A button only works on its page and a page only shows
 * under its parents, so checking a node checks its ancestors too; checking a page checks its buttons
 * (and any entries below it); unchecking a node unchecks everything below it and leaves its parents.
 * The tree is drawn with checkStrictly: these rules, not antd's, decide, so a page granted without
 * its buttons stays granted.
 */

export interface GrantRow {
  id: string;
  parentId?: string | null;
  name: string;
  alias?: string;
  checked?: boolean;
}

export interface GrantNode extends GrantRow {
  children: GrantNode[];
}

/** Nests the rows by parentId, keeping their order; rows whose parent is missing are top level. */
export function nestRows(rows: readonly GrantRow[]): GrantNode[] {
  const ids = new Set(rows.map((r) => r.id));
  const byParent = new Map<string, GrantRow[]>();
  for (const r of rows) {
    const parent = r.parentId && ids.has(r.parentId) ? r.parentId : '';
    byParent.set(parent, [...(byParent.get(parent) ?? []), r]);
  }
  const build = (parent: string, seen: Set<string>): GrantNode[] =>
    (byParent.get(parent) ?? [])
      .filter((r) => !seen.has(r.id))
      .map((r) => ({ ...r, children: build(r.id, new Set([...seen, r.id])) }));
  return build('', new Set());
}

function descendants(rows: readonly GrantRow[], id: string): string[] {
  const out: string[] = [];
  const queue = [id];
  while (queue.length) {
    const current = queue.shift()!;
    for (const r of rows) {
      if (r.parentId === current && !out.includes(r.id) && r.id !== id) {
        out.push(r.id);
        queue.push(r.id);
      }
    }
  }
  return out;
}

function ancestors(rows: readonly GrantRow[], id: string): string[] {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const out: string[] = [];
  let parent = byId.get(id)?.parentId;
  while (parent && byId.has(parent) && !out.includes(parent)) {
    out.push(parent);
    parent = byId.get(parent)?.parentId;
  }
  return out;
}

/** The granted ids after checking (on) or unchecking (off) one node, in the rows' order. */
export function toggleGrant(
  rows: readonly GrantRow[],
  granted: readonly string[],
  id: string,
  on: boolean,
): string[] {
  const next = new Set(granted);
  if (on) {
    for (const x of [id, ...ancestors(rows, id), ...descendants(rows, id)]) next.add(x);
  } else {
    for (const x of [id, ...descendants(rows, id)]) next.delete(x);
  }
  return rows.map((r) => r.id).filter((x) => next.has(x));
}

/** The ids the server says the role holds. */
export function checkedIds(rows: readonly GrantRow[]): string[] {
  return rows.filter((r) => r.checked).map((r) => r.id);
}
