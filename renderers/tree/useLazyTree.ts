/**
 * The data of a lazily loaded tree: the first level from the tree operation, each node's children
 * when it is first expanded, and reloading a node after something changed below it. Shared by the
 * tree kind, the pickers and the assignment widgets.
 */
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
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
  /** Query parameters sent with every load (a GET tree operation, e.g. {systemId}). */
  query?: Record<string, unknown>;
  /**
   * The operation answers the whole tree at once (children nested), without a root: it is shown
   * under a disabled root '0' of this name, and any reload reads the whole tree again.
   */
  whole?: { rootName: string };
  /** Applied to every node that arrives (e.g. translating names that are translation keys). */
  mapNode?: (node: TreeNodeData) => TreeNodeData;
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
  query,
  whole,
  mapNode,
}: LazyTreeOptions): LazyTree {
  const [nodes, setNodesState] = useState<TreeNodeData[]>([]);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<unknown>(null);
  // The latest tree for callbacks that run after an await.
  const latest = useRef(nodes);
  const paramsKey = JSON.stringify(params ?? {});
  const queryKey = query ? JSON.stringify(query) : '';
  const rootName = whole?.rootName;
  // The latest mapping, without making every render a new load.
  const mapRef = useRef(mapNode);
  useLayoutEffect(() => {
    mapRef.current = mapNode;
  });
  const mapped = (list: TreeNodeData[]): TreeNodeData[] =>
    mapRef.current
      ? list.map((n) => {
          const m = mapRef.current!(n);
          return Array.isArray(n.children) ? { ...m, children: mapped(n.children) } : m;
        })
      : list;

  const setNodes = useCallback((next: TreeNodeData[]) => {
    latest.current = next;
    setNodesState(next);
  }, []);

  // The first level: again when the operation, the params or the data source change, or on reload().
  const key = useMemo(
    () => identityKey(dataSource, operation, paramsKey, queryKey, rootName ?? ''),
    [dataSource, operation, paramsKey, queryKey, rootName],
  );
  const first = useLoad(key, async (signal) => {
    const body = JSON.parse(paramsKey) as Record<string, unknown>;
    const query = queryKey ? (JSON.parse(queryKey) as Record<string, unknown>) : undefined;
    try {
      const data = await dataSource(
        operation,
        rootName !== undefined ? { query, signal } : { body, ...(query ? { query } : {}), signal },
      );
      if (signal.aborted) return;
      const answer = mapped(asNodes(data));
      setNodes(
        prepareNodes(
          rootName !== undefined ? [{ id: '0', name: rootName, disabled: true, children: answer }] : answer,
        ),
      );
      setError(null);
    } catch (failure) {
      // The api client has told the user already.
      if (!signal.aborted) setError(failure);
    }
    if (!signal.aborted) setLoading(false);
  });
  const reloadFirst = first.reload;
  const reloadWhole = useCallback(() => reloadFirst(), [reloadFirst]);

  const fetchChildren = useCallback(
    async (key: string) => {
      const node = findNode(latest.current, key);
      if (!node) return;
      // A whole tree has every child already; a change below a node means reading it all again.
      if (rootName !== undefined) return reloadWhole();
      const body = { ...(JSON.parse(paramsKey) as Record<string, unknown>), [parentParam]: keyOf(node.id) };
      const query = queryKey ? (JSON.parse(queryKey) as Record<string, unknown>) : undefined;
      const children = mapped(asNodes(await dataSource(operation, { body, ...(query ? { query } : {}) })));
      setNodes(setChildren(latest.current, key, children));
    },
    // mapped reads a ref.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [dataSource, operation, paramsKey, queryKey, parentParam, setNodes, rootName],
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
