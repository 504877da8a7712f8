/**
 * The tree picker (spec §2): a drop-down tree over any tree operation, loading children as nodes
 * open; the root (id 0 / '0') and disabled nodes cannot be picked. One id, or a list of ids with
 * `multiple`. Ids whose node is not loaded yet are named through an optional lookup operation
 * (a catalogue "transfer": query {ids} → records with id and name).
 */
import { useMemo, useState } from 'react';
import { TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDataSource } from '../../data-source.tsx';
import { useLoad } from '../../environment/use-load.ts';
import { evaluateCondition } from '../../expression/index.ts';
import { findNode, isLeaf, isRootId, keyOf } from '../../tree/tree-model.ts';
import type { TreeNodeData } from '../../tree/tree-types.ts';
import { useLazyTree } from '../../tree/useLazyTree.ts';

export interface TreePickerProps {
  value: unknown;
  onChange(value: string | string[] | undefined): void;
  /** Tree operation answering the children of parentId. */
  operation: string;
  parentParam?: string;
  params?: Record<string, unknown>;
  multiple?: boolean;
  /** Expression over `record` (the node): which nodes may be picked. */
  choosable?: string;
  /** Operation resolving ids to records (query {ids}), for ids whose node is not loaded. */
  lookup?: string;
  readOnly?: boolean;
  placeholder?: string;
  id?: string;
}

interface PickerNode {
  value: string;
  title: string;
  isLeaf: boolean;
  disabled: boolean;
  selectable: boolean;
  children?: PickerNode[];
}

function idsOf(value: unknown): string[] {
  if (Array.isArray(value)) return value.filter((v) => v !== null && v !== undefined && v !== '').map(String);
  return value === null || value === undefined || value === '' ? [] : [String(value)];
}

export function TreePicker({
  value,
  onChange,
  operation,
  parentParam,
  params,
  multiple,
  choosable,
  lookup,
  readOnly,
  placeholder,
  id,
}: TreePickerProps) {
  const { t } = useTranslation();
  const dataSource = useDataSource();
  const tree = useLazyTree({ operation, dataSource, parentParam, params });
  const [names, setNames] = useState<Record<string, string>>({});
  const ids = idsOf(value);
  const unnamed = ids.filter((i) => !names[i] && !findNode(tree.nodes, i));
  const unnamedKey = unnamed.join(',');

  // Ids the loaded levels do not name are looked up (names gathered as they come).
  useLoad(lookup && unnamedKey && !tree.loading ? `${lookup}|${unnamedKey}` : null, async (signal) => {
    // A failure: the api client has told the user; the ids show as they are.
    const rows = await dataSource(lookup!, { query: { ids: unnamedKey }, signal }).catch(() => null);
    if (signal.aborted || !Array.isArray(rows)) return;
    const found = Object.fromEntries(
      rows
        .filter((r): r is Record<string, unknown> => !!r && typeof r === 'object')
        .map((r) => [String(r.id), String(r.name ?? r.id)]),
    );
    setNames((n) => ({ ...n, ...found }));
  });

  const treeData = useMemo(() => {
    const canPick = (node: TreeNodeData) =>
      !isRootId(node.id) && !node.disabled && evaluateCondition(choosable, { record: node }, true);
    const convert = (nodes: readonly TreeNodeData[]): PickerNode[] =>
      nodes.map((node) => ({
        value: keyOf(node.id),
        title: node.name,
        isLeaf: isLeaf(node),
        disabled: !!node.disabled,
        selectable: canPick(node),
        children: node.children ? convert(node.children) : undefined,
      }));
    return convert(tree.nodes);
  }, [tree.nodes, choosable]);

  const labelled = ids.map((i) => ({ value: i, label: findNode(tree.nodes, i)?.name ?? names[i] ?? i }));
  return (
    <TreeSelect
      id={id}
      style={{ width: '100%' }}
      labelInValue
      treeData={treeData}
      loading={tree.loading}
      value={multiple ? labelled : labelled[0]}
      multiple={multiple}
      disabled={readOnly}
      allowClear
      showSearch={false}
      placeholder={placeholder ?? t('tree.pickPlaceholder')}
      treeDefaultExpandedKeys={tree.nodes.filter((n) => Array.isArray(n.children)).map((n) => keyOf(n.id))}
      loadData={(node) => tree.loadChildren(String(node.value)).catch(() => undefined)}
      onChange={(next: { value: string } | { value: string }[] | undefined) => {
        const chosen = Array.isArray(next) ? next.map((v) => v.value) : next ? [next.value] : [];
        onChange(multiple ? chosen : chosen[0]);
      }}
    />
  );
}
