/**
 * The antd Tree over a useLazyTree: children load on expand, the root (id 0 / '0') is shown
 * disabled, the tree scrolls virtually within its height (400 by default). Checking, selecting,
 * dragging and the right-click menu are the caller's business, passed through as antd props.
 */
import { useMemo, useState, type Key, type ReactNode } from 'react';
import { Empty, Spin, Tree, type TreeDataNode, type TreeProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { flattenNodes, isLeaf, isRootId, keyOf } from './tree-model.ts';
import { DEFAULT_TREE_HEIGHT, type TreeNodeData } from './tree-types.ts';
import type { LazyTree as LazyTreeData } from './useLazyTree.ts';

export interface LazyTreeNode extends TreeDataNode {
  data: TreeNodeData;
}

export interface LazyTreeProps extends Omit<
  TreeProps<LazyTreeNode>,
  'treeData' | 'loadData' | 'expandedKeys' | 'onExpand' | 'height'
> {
  tree: LazyTreeData;
  /** Default 400 (spec §9). */
  height?: number;
  /** Nodes that may be checked; others show no checkbox. Default: every node but the root. */
  checkableNode?: (node: TreeNodeData) => boolean;
  /** Nodes that may be selected. Default: every node not disabled. */
  selectableNode?: (node: TreeNodeData) => boolean;
  /** Extra content after a node's name. */
  renderExtra?: (node: TreeNodeData) => ReactNode;
  'data-testid'?: string;
}

function toAntd(
  nodes: readonly TreeNodeData[],
  checkable: (node: TreeNodeData) => boolean,
  selectable: (node: TreeNodeData) => boolean,
): LazyTreeNode[] {
  return nodes.map((node) => ({
    key: keyOf(node.id),
    title: node.name,
    data: node,
    isLeaf: isLeaf(node),
    disabled: !!node.disabled,
    disableCheckbox: !checkable(node),
    checkable: checkable(node),
    selectable: selectable(node),
    children: node.children ? toAntd(node.children, checkable, selectable) : undefined,
  }));
}

const notRoot = (node: TreeNodeData) => !isRootId(node.id) && !node.disabled;

/** Nodes whose children arrived with the first answer (the root) start expanded. */
function initiallyExpanded(nodes: readonly TreeNodeData[]): string[] {
  return nodes.filter((n) => Array.isArray(n.children) && n.children.length > 0).map((n) => keyOf(n.id));
}

export function LazyTree({
  tree,
  height = DEFAULT_TREE_HEIGHT,
  checkableNode = notRoot,
  selectableNode = notRoot,
  renderExtra,
  'data-testid': testId,
  ...rest
}: LazyTreeProps) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState<Key[] | null>(null);
  const treeData = useMemo(
    () => toAntd(tree.nodes, checkableNode, selectableNode),
    [tree.nodes, checkableNode, selectableNode],
  );
  const expandedKeys = expanded ?? initiallyExpanded(tree.nodes);
  const loadedKeys = flattenNodes(tree.nodes)
    .filter((n) => Array.isArray(n.children))
    .map((n) => keyOf(n.id));
  if (tree.loading) {
    return (
      <div style={{ height, display: 'grid', placeItems: 'center' }} data-testid={testId}>
        <Spin />
      </div>
    );
  }
  if (tree.nodes.length === 0) {
    return (
      <div style={{ height, display: 'grid', placeItems: 'center' }} data-testid={testId}>
        <Empty description={t('tree.empty')} />
      </div>
    );
  }
  return (
    <div data-testid={testId}>
      <Tree<LazyTreeNode>
        blockNode
        showLine
        {...rest}
        treeData={treeData}
        height={height}
        expandedKeys={expandedKeys}
        onExpand={(keys) => setExpanded(keys)}
        // What is loaded is ours to say: a level read again loads its open nodes anew.
        loadedKeys={loadedKeys}
        loadData={(node) =>
          tree.loadChildren(String(node.key)).catch(() => {
            // The api client has said why. Close the node, so opening it again tries again (and
            // antd does not retry in a loop).
            setExpanded(expandedKeys.filter((key) => key !== node.key));
          })
        }
        titleRender={(node) => (
          <span data-node-id={keyOf(node.data.id)}>
            {node.data.name}
            {renderExtra?.(node.data)}
          </span>
        )}
      />
    </div>
  );
}
