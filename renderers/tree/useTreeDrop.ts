/**
 * Dragging in a tree screen: which drops antd may offer (canDrop), and carrying one out — the move
 * call (new parent), then the sort call (siblings in their new order), then the tree as planned.
 * If the server refuses, the api client has said why and the parents involved are read again, so
 * the tree shows what the server holds.
 */
import type { TreeProps } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DataSource } from '../data-source.tsx';
import { useMutation } from '../environment/use-mutation.ts';
import { useFeedback } from '../selectors/useFeedback.ts';
import type { LazyTreeNode } from './LazyTree.tsx';
import {
  canDrop,
  keyOf,
  placeOf,
  planDrop,
  type DropPlan,
  type DropRules,
  type DropTarget,
} from './tree-model.ts';
import type { TreeNodeData, TreeScreenDefinition } from './tree-types.ts';
import type { LazyTree } from './useLazyTree.ts';

type DropInfo = Parameters<NonNullable<TreeProps<LazyTreeNode>['onDrop']>>[0];
type AllowDrop = NonNullable<TreeProps<LazyTreeNode>['allowDrop']>;

/**
 * antd's absolute dropPosition made relative: into the node (first child when the node is open, as
 * antd draws the line above its children; else last), or before/after it.
 */
export function dropTargetOf(
  info: Pick<DropInfo, 'node' | 'dragNode' | 'dropPosition' | 'dropToGap'>,
): DropTarget {
  const pos = String(info.node.pos ?? '0').split('-');
  const relative = info.dropPosition - Number(pos[pos.length - 1]);
  const into = info.node.expanded && (info.node.children?.length ?? 0) > 0 ? 'first' : 'inside';
  return {
    dragKey: String(info.dragNode.key),
    dropKey: String(info.node.key),
    position: !info.dropToGap ? into : relative < 0 ? 'before' : 'after',
  };
}

/** What antd asks allowDrop about, in our terms: into its own parent can only mean "first". */
function askedTarget(
  nodes: TreeNodeData[],
  dragKey: string,
  dropKey: string,
  dropPosition: number,
): DropTarget {
  if (dropPosition !== 0) return { dragKey, dropKey, position: dropPosition < 0 ? 'before' : 'after' };
  const parent = placeOf(nodes, dragKey)?.parent;
  return { dragKey, dropKey, position: parent && keyOf(parent.id) === dropKey ? 'first' : 'inside' };
}

export function useTreeDrop(screen: TreeScreenDefinition, tree: LazyTree, dataSource: DataSource) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  // The move and sort calls; if refused, the parents involved are read again before it ends.
  const save = useMutation(
    async (
      signal,
      { plan, oldParent }: { plan: Extract<DropPlan, { kind: 'change' }>; oldParent?: string },
    ) => {
      try {
        if (plan.moveTo !== undefined && screen.move) {
          await dataSource(screen.move.operation, {
            query: {
              [screen.move.idParam ?? 'id']: keyOf(plan.id),
              [screen.move.parentParam ?? 'parentId']: keyOf(plan.moveTo),
            },
            signal,
          });
        }
        if (plan.order && screen.sort) {
          await dataSource(screen.sort.operation, {
            query: { [screen.sort.idsParam ?? 'ids']: plan.order.map(keyOf).join(',') },
            signal,
          });
        }
      } catch (error) {
        // Refused: read again what the server holds around the node (not when the tree is gone).
        const newParent = plan.moveTo !== undefined ? keyOf(plan.moveTo) : undefined;
        if (!signal.aborted)
          for (const key of new Set([oldParent, newParent]))
            if (key) await tree.reload(key).catch(() => undefined);
        throw error;
      }
    },
  );
  const busy = save.running;
  const rules: DropRules = { canMove: !!screen.move, canSort: !!screen.sort };
  const enabled = rules.canMove || rules.canSort;

  const allowDrop: AllowDrop = ({ dragNode, dropNode, dropPosition }) =>
    !busy &&
    canDrop(
      tree.nodes,
      askedTarget(tree.nodes, String(dragNode.key), String(dropNode.key), dropPosition),
      rules,
    );

  const onDrop = async (info: DropInfo) => {
    const target = dropTargetOf(info);
    const plan = planDrop(tree.nodes, target, rules);
    if (plan.kind === 'none' || busy) return;
    const before = placeOf(tree.nodes, target.dragKey);
    const oldParent = before?.parent ? keyOf(before.parent.id) : undefined;
    if (!(await save.run({ plan, oldParent }))?.ok) return;
    tree.setNodes(plan.tree);
    feedback.success(t(plan.moveTo !== undefined ? 'tree.moved' : 'tree.sorted'));
  };

  return { enabled, busy, allowDrop, onDrop };
}
