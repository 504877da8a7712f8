/**
 * Pure functions over a lazily loaded tree of TreeNodeData: the disabled root (id 0 or '0'), which
 * nodes still have children to load, replacing a node's children, and turning a drop into the move
 * and sort calls it means. No React here, so the rules are tested on their own.
 *
 * A node's `children` is undefined while they are not loaded, [] once loaded and empty.
 */
import type { NodeId, TreeNodeData } from './tree-types.ts';

/** Spec §3: roots use id 0 or '0'. */
export function isRootId(id: unknown): boolean {
  return id === 0 || id === '0';
}

/** antd keys are strings; ids may come as numbers. */
export function keyOf(id: NodeId): string {
  return String(id);
}

/** The root is always disabled, whatever the server says; children are prepared too. */
export function prepareNodes(nodes: readonly TreeNodeData[]): TreeNodeData[] {
  return nodes.map((node) => {
    const prepared: TreeNodeData = { ...node };
    if (isRootId(node.id)) prepared.disabled = true;
    if (Array.isArray(node.children)) prepared.children = prepareNodes(node.children);
    else delete prepared.children;
    return prepared;
  });
}

/** Nothing below it: children loaded and none, or the server said it has none. */
export function isLeaf(node: TreeNodeData): boolean {
  if (Array.isArray(node.children)) return node.children.length === 0 && node.isParent !== true;
  return node.isParent === false;
}

/** Whether expanding the node must ask the server for its children. */
export function needsLoad(node: TreeNodeData): boolean {
  return !Array.isArray(node.children) && node.isParent !== false;
}

export function findNode(nodes: readonly TreeNodeData[], key: string): TreeNodeData | undefined {
  for (const node of nodes) {
    if (keyOf(node.id) === key) return node;
    if (node.children) {
      const found = findNode(node.children, key);
      if (found) return found;
    }
  }
  return undefined;
}

export interface NodePlace {
  /** The parent node, or null at the top level. */
  parent: TreeNodeData | null;
  siblings: TreeNodeData[];
  index: number;
}

export function placeOf(
  nodes: TreeNodeData[],
  key: string,
  parent: TreeNodeData | null = null,
): NodePlace | undefined {
  const index = nodes.findIndex((n) => keyOf(n.id) === key);
  if (index >= 0) return { parent, siblings: nodes, index };
  for (const node of nodes) {
    if (node.children) {
      const found = placeOf(node.children, key, node);
      if (found) return found;
    }
  }
  return undefined;
}

/** Every node in display order (depth first), loaded ones only. */
export function flattenNodes(nodes: readonly TreeNodeData[], into: TreeNodeData[] = []): TreeNodeData[] {
  for (const node of nodes) {
    into.push(node);
    if (node.children) flattenNodes(node.children, into);
  }
  return into;
}

/** Whether `key` is `ancestorKey` or lies below it. */
export function isWithin(nodes: readonly TreeNodeData[], key: string, ancestorKey: string): boolean {
  const ancestor = findNode(nodes, ancestorKey);
  return !!ancestor && (key === ancestorKey || !!(ancestor.children && findNode(ancestor.children, key)));
}

/** A copy of the tree where `update` replaces the node of `key`. */
export function updateNode(
  nodes: readonly TreeNodeData[],
  key: string,
  update: (node: TreeNodeData) => TreeNodeData,
): TreeNodeData[] {
  return nodes.map((node) => {
    if (keyOf(node.id) === key) return update(node);
    if (!node.children) return node;
    const children = updateNode(node.children, key, update);
    return children.some((c, i) => c !== node.children![i]) ? { ...node, children } : node;
  });
}

/**
 * A node's children as just loaded. Children that were expanded before keep their own loaded
 * children, so reading a level again does not fold up the levels below it.
 */
export function setChildren(
  nodes: readonly TreeNodeData[],
  key: string,
  children: readonly TreeNodeData[],
): TreeNodeData[] {
  return updateNode(nodes, key, (node) => {
    const before = new Map((node.children ?? []).map((c) => [keyOf(c.id), c]));
    const merged = prepareNodes(children).map((child) => {
      const old = before.get(keyOf(child.id));
      return old?.children && !child.children ? { ...child, children: old.children } : child;
    });
    return { ...node, children: merged, isParent: merged.length > 0 };
  });
}

/** Forget a node's children so the next expand asks again (after a change below it). */
export function unloadChildren(nodes: readonly TreeNodeData[], key: string): TreeNodeData[] {
  return updateNode(nodes, key, (node) => {
    const copy = { ...node, isParent: true };
    delete copy.children;
    return copy;
  });
}

function withoutNode(nodes: readonly TreeNodeData[], key: string): TreeNodeData[] {
  return nodes
    .filter((n) => keyOf(n.id) !== key)
    .map((n) => (n.children ? { ...n, children: withoutNode(n.children, key) } : n));
}

export function removeNode(nodes: readonly TreeNodeData[], key: string): TreeNodeData[] {
  return withoutNode(nodes, key);
}

/** Where a drop lands, in antd's terms reduced to: into a node, or before/after a sibling. */
export interface DropTarget {
  dragKey: string;
  dropKey: string;
  /**
   * 'inside': becomes the last child of dropKey (a closed node: the server puts a moved node last);
   * 'first': its first child (an open node, where antd shows the drop line above the children);
   * 'before'/'after': a sibling of dropKey.
   */
  position: 'inside' | 'first' | 'before' | 'after';
}

/** The calls a drop means, and the tree as it will look once they succeed. */
export type DropPlan =
  | { kind: 'none' }
  | {
      kind: 'change';
      id: NodeId;
      /** Set when the node changes parent: the new parent's id ('0' for the top level). */
      moveTo?: NodeId;
      /** Set when the order of the new siblings changes: their ids in display order. */
      order?: NodeId[];
      tree: TreeNodeData[];
    };

export interface DropRules {
  /** A move (new parent) is allowed. */
  canMove: boolean;
  /** A reorder among siblings is allowed. */
  canSort: boolean;
}

/** The top-level parent id: the root's own id when the tree has one, else '0'. */
const TOP_PARENT: NodeId = '0';

/**
 * Whether a drop may happen at all: never the root, never into its own subtree, never beside the
 * root (there is one root), and only the kinds of change the screen allows.
 */
export function canDrop(nodes: TreeNodeData[], target: DropTarget, rules: DropRules): boolean {
  const drag = findNode(nodes, target.dragKey);
  const drop = findNode(nodes, target.dropKey);
  if (!drag || !drop || isRootId(drag.id)) return false;
  if (isWithin(nodes, target.dropKey, target.dragKey)) return false;
  const from = placeOf(nodes, target.dragKey);
  const intoOwnParent = keyOf(from?.parent?.id ?? TOP_PARENT) === target.dropKey;
  if (target.position === 'inside') return rules.canMove && !intoOwnParent;
  if (target.position === 'first') {
    if (intoOwnParent) return rules.canSort && from?.index !== 0;
    return rules.canMove;
  }
  if (isRootId(drop.id)) return false;
  const to = placeOf(nodes, target.dropKey);
  if (!from || !to) return false;
  const sameParent = from.parent === to.parent;
  return sameParent ? rules.canSort : rules.canMove;
}

export function planDrop(nodes: TreeNodeData[], target: DropTarget, rules: DropRules): DropPlan {
  if (!canDrop(nodes, target, rules)) return { kind: 'none' };
  const drag = findNode(nodes, target.dragKey)!;
  const from = placeOf(nodes, target.dragKey)!;
  const fromParentKey = keyOf(from.parent?.id ?? TOP_PARENT);

  if (target.position === 'first') {
    const parent = findNode(nodes, target.dropKey)!;
    // Without its children at hand "first" cannot be shown; the node goes where the server puts it.
    if (!Array.isArray(parent.children)) return planDrop(nodes, { ...target, position: 'inside' }, rules);
    const moving = keyOf(parent.id) !== fromParentKey;
    const siblings = (parent.children ?? []).filter((n) => keyOf(n.id) !== target.dragKey);
    const moved = { ...drag, parentId: parent.id };
    const children = rules.canSort ? [moved, ...siblings] : [...siblings, moved];
    const tree = updateNode(removeNode(nodes, target.dragKey), target.dropKey, (p) => ({
      ...p,
      children,
      isParent: true,
    }));
    return {
      kind: 'change',
      id: drag.id,
      moveTo: moving ? parent.id : undefined,
      order: rules.canSort ? children.map((n) => n.id) : undefined,
      tree,
    };
  }

  if (target.position === 'inside') {
    const parent = findNode(nodes, target.dropKey)!;
    const moved = { ...drag, parentId: parent.id };
    const without = removeNode(nodes, target.dragKey);
    // An unloaded parent shows the node when it is expanded (the server has it by then).
    const tree = updateNode(without, target.dropKey, (p) =>
      Array.isArray(p.children)
        ? { ...p, children: [...p.children, moved], isParent: true }
        : { ...p, isParent: true },
    );
    return { kind: 'change', id: drag.id, moveTo: parent.id, tree };
  }

  const to = placeOf(nodes, target.dropKey)!;
  const newParentId = to.parent?.id ?? TOP_PARENT;
  const moving = keyOf(newParentId) !== fromParentKey;
  const siblings = to.siblings.filter((n) => keyOf(n.id) !== target.dragKey);
  const at =
    siblings.findIndex((n) => keyOf(n.id) === target.dropKey) + (target.position === 'after' ? 1 : 0);
  const moved = { ...drag, parentId: newParentId };
  // Without a sort call the server puts a moved node last; show it where it will be.
  const reordered = rules.canSort
    ? [...siblings.slice(0, at), moved, ...siblings.slice(at)]
    : [...siblings, moved];
  const order = reordered.map((n) => n.id);
  const unchanged = !moving && order.every((id, i) => keyOf(id) === keyOf(to.siblings[i].id));
  if (unchanged) return { kind: 'none' };

  const without = removeNode(nodes, target.dragKey);
  const tree = to.parent
    ? updateNode(without, keyOf(to.parent.id), (p) => ({ ...p, children: reordered }))
    : reordered;
  return {
    kind: 'change',
    id: drag.id,
    moveTo: moving ? newParentId : undefined,
    order: rules.canSort ? order : undefined,
    tree,
  };
}
