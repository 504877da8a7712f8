/**
 * The data of a lazily loaded tree: the first level from the tree operation, each node's children
 * when it is first expanded, and reloading a node after something changed below it. Shared by the
 * tree kind, the pickers and the assignment widgets.
 */
import { useCallback, useMemo, useRef, useState } from 'react';
import type { DataSource } from '../data-source.tsx';
import { identityKey, useLoad } from '../environment/use-load.ts';
import { findNode, keyOf, needsLoad, prepareNodes, setChildren } from './tree-model.ts';
import type { TreeNodeData } from './tree-types.ts';

export interface LazyTreeOptions {
  /** Operation id answering a node's children. */
  operation: string;
  dataSource: DataSource;
  /** Body field naming the parent; default parentId. Not sent for the first level. */
  parentParam?: string;
  /** Fixed body fields sent with every load. */
  params?: Record<string, unknown>;
}

export interface LazyTree {
  nodes: TreeNodeData[];
  /** True until the first level is in. */
  loading: boolean;
  error: unknown;
  /** Loads a node's children unless they are loaded already. */
  loadChildren(key: string): Promise<void>;
  /** Asks again for a node's children, or for the whole tree without a key. */
  reload(key?: string): Promise<void>;
  /** Replaces the tree (after a drop the server accepted). */
  setNodes(nodes: TreeNodeData[]): void;
}

function asNodes(data: unknown): TreeNodeData[] {
  return Array.isArray(data) ? (data as TreeNodeData[]) : [];
}

export function useLazyTree({
  operation,
  dataSource,
  parentParam = 'parentId',
  params,
}: LazyTreeOptions): LazyTree {
  const [nodes, setNodesState] = useState<TreeNodeData[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  // The latest tree for callbacks that run after an await.
  const latest = useRef(nodes);
  const paramsKey = JSON.stringify(params ?? {});

  const setNodes = useCallback((next: TreeNodeData[]) => {
    latest.current = next;
    setNodesState(next);
  }, []);

  // The first level: again when the operation, the params or the data source change, or on reload().
  const key = useMemo(
    () => identityKey(dataSource, operation, paramsKey),
    [dataSource, operation, paramsKey],
  );
  const first = useLoad(key, async (signal) => {
    const body = JSON.parse(paramsKey) as Record<string, unknown>;
    try {
      const data = await dataSource(operation, { body, signal });
      if (signal.aborted) return;
      setNodes(prepareNodes(asNodes(data)));
      setError(null);
    } catch (failure) {
      // The api client has told the user already.
      if (!signal.aborted) setError(failure);
    }
    if (!signal.aborted) setLoading(false);
  });
  const reloadFirst = first.reload;

  const fetchChildren = useCallback(
    async (key: string) => {
      const node = findNode(latest.current, key);
      if (!node) return;
      const body = { ...(JSON.parse(paramsKey) as Record<string, unknown>), [parentParam]: keyOf(node.id) };
      const children = asNodes(await dataSource(operation, { body }));
      setNodes(setChildren(latest.current, key, children));
    },
    [dataSource, operation, paramsKey, parentParam, setNodes],
  );

  const loadChildren = useCallback(
    async (key: string) => {
      const node = findNode(latest.current, key);
      if (node && needsLoad(node)) await fetchChildren(key);
    },
    [fetchChildren],
  );

  const reload = useCallback(
    async (key?: string) => {
      if (key === undefined) {
        reloadFirst();
        return;
      }
      await fetchChildren(key);
    },
    [fetchChildren, reloadFirst],
  );

  return { nodes, loading, error, loadChildren, reload, setNodes };
}
