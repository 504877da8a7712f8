/**
 * The tree view of a selector: a lazily loaded tree where a click chooses a node (single) or
 * checkboxes choose several (multiple). The root (id 0 / '0') and disabled nodes cannot be chosen;
 * the screen's `choosable` expression can narrow that further (e.g. role nodes only).
 */
import { useCallback } from 'react';
import { useDataSource } from '../data-source.tsx';
import { evaluateCondition } from '../expression/index.ts';
import { LazyTree } from '../tree/LazyTree.tsx';
import { findNode, isRootId } from '../tree/tree-model.ts';
import type { TreeNodeData } from '../tree/tree-types.ts';
import { useLazyTree } from '../tree/useLazyTree.ts';
import type { Row } from './chosen-rows.ts';
import type { SelectorScreenDefinition } from './selector-types.ts';
import type { ChosenRows } from './useChosenRows.ts';

export interface TreeChooserProps {
  screen: SelectorScreenDefinition;
  chosen: ChosenRows;
  multiple: boolean;
  onPick(row: Row): void;
}

export function TreeChooser({ screen, chosen, multiple, onPick }: TreeChooserProps) {
  const dataSource = useDataSource();
  const tree = useLazyTree({
    operation: screen.operation,
    dataSource,
    parentParam: screen.parentParam,
    params: screen.params,
  });
  const { choosable } = screen;
  const canChoose = useCallback(
    (node: TreeNodeData) =>
      !isRootId(node.id) && !node.disabled && evaluateCondition(choosable, { record: node }, true),
    [choosable],
  );
  const nodesOf = (keys: readonly (string | number | bigint)[]) =>
    keys.flatMap((key) => {
      const node = findNode(tree.nodes, String(key));
      return node && canChoose(node) ? [node as Row] : [];
    });

  return (
    <LazyTree
      data-testid="selector-tree"
      tree={tree}
      height={screen.treeHeight}
      checkable={multiple}
      checkStrictly
      checkableNode={canChoose}
      selectableNode={canChoose}
      checkedKeys={multiple ? chosen.keys : undefined}
      selectedKeys={multiple ? [] : chosen.keys}
      onCheck={(checked) => chosen.set(nodesOf(Array.isArray(checked) ? checked : checked.checked))}
      onSelect={(keys) => {
        if (multiple) return;
        chosen.set(nodesOf(keys));
      }}
      onDoubleClick={(_event, node) => {
        const data = (node as { data?: TreeNodeData }).data;
        if (!multiple && data && canChoose(data)) onPick(data as Row);
      }}
    />
  );
}
