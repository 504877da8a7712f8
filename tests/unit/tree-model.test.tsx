/**
 * The lazy tree's rules without React: the root (id 0 or '0') is disabled, which nodes still load
 * children, reloading a level keeps the levels below it, and what a drop means — a move (new
 * parent), a sort (new order of siblings), both, or nothing — and which drops are refused.
 */
import { describe, expect, it } from 'vitest';
import {
  canDrop,
  findNode,
  isLeaf,
  needsLoad,
  planDrop,
  prepareNodes,
  setChildren,
  type DropRules,
} from '../../renderers/tree/tree-model.ts';
import type { TreeNodeData } from '../../renderers/tree/tree-types.ts';

const BOTH: DropRules = { canMove: true, canSort: true };

/** root '0' → a, b, c (loaded); a → a1, a2 (loaded); b not loaded; c has no children. */
function sample(): TreeNodeData[] {
  return prepareNodes([
    {
      id: '0',
      parentId: null,
      name: '根',
      disabled: false,
      isParent: true,
      children: [
        {
          id: 'a',
          parentId: '0',
          name: 'A',
          isParent: true,
          children: [
            { id: 'a1', parentId: 'a', name: 'A1', isParent: false },
            { id: 'a2', parentId: 'a', name: 'A2', isParent: false },
          ],
        },
        { id: 'b', parentId: '0', name: 'B', isParent: true },
        { id: 'c', parentId: '0', name: 'C', isParent: false },
      ],
    },
  ]);
}

const ids = (nodes: TreeNodeData[] | undefined) => (nodes ?? []).map((n) => n.id);

describe('tree nodes', () => {
  it('shows the root disabled whether its id is "0" or 0, whatever the server says', () => {
    expect(sample()[0].disabled).toBe(true);
    expect(prepareNodes([{ id: 0, name: 'root', disabled: false }])[0].disabled).toBe(true);
    expect(prepareNodes([{ id: 'x', name: 'x' }])[0].disabled).toBeUndefined();
  });

  it('knows which nodes still have children to load', () => {
    const tree = sample();
    expect(needsLoad(findNode(tree, 'b')!)).toBe(true);
    expect(isLeaf(findNode(tree, 'b')!)).toBe(false);
    expect(needsLoad(findNode(tree, 'c')!)).toBe(false);
    expect(isLeaf(findNode(tree, 'c')!)).toBe(true);
    expect(needsLoad(findNode(tree, 'a')!)).toBe(false);
    // Unknown (no flag, no children): load to find out.
    expect(needsLoad({ id: 'u', name: 'u' })).toBe(true);
  });

  it('reloading a level keeps the children already loaded below it', () => {
    const tree = setChildren(sample(), '0', [
      { id: 'a', parentId: '0', name: 'A renamed', isParent: true },
      { id: 'd', parentId: '0', name: 'D', isParent: false },
    ]);
    expect(ids(findNode(tree, '0')!.children)).toEqual(['a', 'd']);
    expect(findNode(tree, 'a')!.name).toBe('A renamed');
    expect(ids(findNode(tree, 'a')!.children)).toEqual(['a1', 'a2']);
    expect(findNode(tree, 'b')).toBeUndefined();
  });
});

describe('planDrop', () => {
  it('dropping onto a node moves it there, last among the loaded children', () => {
    const plan = planDrop(sample(), { dragKey: 'c', dropKey: 'a', position: 'inside' }, BOTH);
    expect(plan).toMatchObject({ kind: 'change', id: 'c', moveTo: 'a' });
    if (plan.kind !== 'change') throw new Error('expected a change');
    expect(plan.order).toBeUndefined();
    expect(ids(findNode(plan.tree, 'a')!.children)).toEqual(['a1', 'a2', 'c']);
    expect(ids(findNode(plan.tree, '0')!.children)).toEqual(['a', 'b']);
  });

  it('dropping onto a node not loaded yet marks it as having children, to load on expand', () => {
    const plan = planDrop(sample(), { dragKey: 'c', dropKey: 'b', position: 'inside' }, BOTH);
    if (plan.kind !== 'change') throw new Error('expected a change');
    const b = findNode(plan.tree, 'b')!;
    expect(b.children).toBeUndefined();
    expect(b.isParent).toBe(true);
  });

  it('dropping between siblings sorts them and sends every sibling id in the new order', () => {
    const plan = planDrop(sample(), { dragKey: 'c', dropKey: 'a', position: 'before' }, BOTH);
    expect(plan).toMatchObject({ kind: 'change', id: 'c', moveTo: undefined, order: ['c', 'a', 'b'] });
    if (plan.kind !== 'change') throw new Error('expected a change');
    expect(ids(findNode(plan.tree, '0')!.children)).toEqual(['c', 'a', 'b']);

    const after = planDrop(sample(), { dragKey: 'a', dropKey: 'b', position: 'after' }, BOTH);
    expect(after).toMatchObject({ order: ['b', 'a', 'c'] });
  });

  it('dropping between nodes of another parent moves and sorts', () => {
    const plan = planDrop(sample(), { dragKey: 'c', dropKey: 'a1', position: 'after' }, BOTH);
    expect(plan).toMatchObject({ kind: 'change', id: 'c', moveTo: 'a', order: ['a1', 'c', 'a2'] });
    if (plan.kind !== 'change') throw new Error('expected a change');
    expect(findNode(plan.tree, 'c')!.parentId).toBe('a');
  });

  it('dropping onto an open node makes it the first child: a sort among its own siblings, else move and sort', () => {
    const own = planDrop(sample(), { dragKey: 'c', dropKey: '0', position: 'first' }, BOTH);
    expect(own).toMatchObject({ kind: 'change', id: 'c', moveTo: undefined, order: ['c', 'a', 'b'] });
    const other = planDrop(sample(), { dragKey: 'c', dropKey: 'a', position: 'first' }, BOTH);
    expect(other).toMatchObject({ kind: 'change', id: 'c', moveTo: 'a', order: ['c', 'a1', 'a2'] });
    // Already first: nothing to do. Not loaded: as 'inside'.
    expect(planDrop(sample(), { dragKey: 'a', dropKey: '0', position: 'first' }, BOTH)).toEqual({
      kind: 'none',
    });
    const unloaded = planDrop(sample(), { dragKey: 'c', dropKey: 'b', position: 'first' }, BOTH);
    expect(unloaded).toMatchObject({ kind: 'change', moveTo: 'b' });
    expect(unloaded.kind === 'change' && unloaded.order).toBeUndefined();
  });

  it('a drop that changes nothing calls nothing', () => {
    expect(planDrop(sample(), { dragKey: 'a', dropKey: 'b', position: 'before' }, BOTH)).toEqual({
      kind: 'none',
    });
    expect(planDrop(sample(), { dragKey: 'a1', dropKey: 'a', position: 'inside' }, BOTH)).toEqual({
      kind: 'none',
    });
  });

  it('refuses to drag the root, to drop a node into its own subtree, or beside the root', () => {
    const tree = sample();
    expect(canDrop(tree, { dragKey: '0', dropKey: 'a', position: 'inside' }, BOTH)).toBe(false);
    expect(canDrop(tree, { dragKey: 'a', dropKey: 'a1', position: 'inside' }, BOTH)).toBe(false);
    expect(canDrop(tree, { dragKey: 'a', dropKey: 'a', position: 'inside' }, BOTH)).toBe(false);
    expect(canDrop(tree, { dragKey: 'a', dropKey: '0', position: 'before' }, BOTH)).toBe(false);
    // Into the root is a move to the top level.
    expect(canDrop(tree, { dragKey: 'a1', dropKey: '0', position: 'inside' }, BOTH)).toBe(true);
  });

  it('offers only what the screen allows: move without sort, sort without move', () => {
    const tree = sample();
    const moveOnly = { canMove: true, canSort: false };
    const sortOnly = { canMove: false, canSort: true };
    expect(canDrop(tree, { dragKey: 'c', dropKey: 'a', position: 'before' }, moveOnly)).toBe(false);
    expect(canDrop(tree, { dragKey: 'c', dropKey: 'a', position: 'inside' }, moveOnly)).toBe(true);
    expect(canDrop(tree, { dragKey: 'c', dropKey: 'a', position: 'before' }, sortOnly)).toBe(true);
    expect(canDrop(tree, { dragKey: 'c', dropKey: 'a', position: 'inside' }, sortOnly)).toBe(false);
    expect(canDrop(tree, { dragKey: 'c', dropKey: 'a1', position: 'before' }, sortOnly)).toBe(false);
    // A move between another parent's children without sorting lands last, as the server puts it.
    const plan = planDrop(tree, { dragKey: 'c', dropKey: 'a1', position: 'before' }, moveOnly);
    expect(plan).toMatchObject({ kind: 'change', moveTo: 'a', order: undefined });
    if (plan.kind !== 'change') throw new Error('expected a change');
    expect(ids(findNode(plan.tree, 'a')!.children)).toEqual(['a1', 'a2', 'c']);
  });
});
