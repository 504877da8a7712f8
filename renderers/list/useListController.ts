/**
 * The logic of a list screen, without any view: search values, page, size, sorts, the request built
 * from them, the rows and total it returned, loading, and the selection. ListScreen is its thin view.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DataSource } from '../data-source.tsx';
import { useLoad } from '../environment/use-load.ts';
import { listCallArgs, listRequestOf, openingQuery } from './list-call.ts';
import type { ListRequest, ListParameter, ListQueryState, SearchValues } from './list-request.ts';
import type { ListRequestStyle, SearchField, SortOrder } from './list-types.ts';

export type Row = Record<string, unknown>;
export type RowKey = string | number;

export interface ListControllerOptions {
  /** Operation id of the list query. */
  operation: string;
  dataSource: DataSource;
  searchFields?: readonly SearchField[];
  defaultPageSize?: number;
  defaultSorts?: readonly SortOrder[];
  /** Parameters sent with every request (the screen's `filters`, evaluated); compared by value. */
  fixedParameters?: readonly ListParameter[];
  /** Ask nothing while true (e.g. a sub-list whose parent record is not there yet). */
  paused?: boolean;
  /** Plain fields instead of the spec's list request (see ListRequestStyle). */
  requestStyle?: ListRequestStyle;
}

export interface ListController {
  searchValues: SearchValues;
  page: number;
  pageSize: number;
  sorts: SortOrder[];
  /** The request of the rows shown (or being loaded). */
  request: ListRequest | Record<string, unknown>;
  loading: boolean;
  rows: Row[];
  total: number;
  /** false: `total` is the server's estimate of a large list (shown as "about N"). */
  totalExact: boolean;
  error: unknown;
  selectedKeys: RowKey[];
  selectedRows: Row[];
  /** New search values; back to page 1. */
  search(values: SearchValues): void;
  /** No search values, default sort, page 1. */
  reset(): void;
  /** Another page; a new page size starts again at page 1. */
  changePage(page: number, pageSize?: number): void;
  /** New sort order; back to page 1. */
  changeSorts(sorts: SortOrder[]): void;
  select(keys: RowKey[], rows: Row[]): void;
  /** Loads the current page again. */
  refresh(): void;
}

interface PageData {
  dataResult?: Row[];
  pageResult?: { totalCount?: number; totalExact?: boolean };
}

const NO_FIELDS: readonly SearchField[] = [];
const NO_SORTS: readonly SortOrder[] = [];
const NO_PARAMETERS: readonly ListParameter[] = [];

/** What the list shows: the last answer in (kept while the next loads, and after a failure). */
interface Shown {
  rows: Row[];
  total: number;
  totalExact: boolean;
}

const NOTHING_SHOWN: Shown = { rows: [], total: 0, totalExact: true };

function shownOf(data: unknown, style?: ListRequestStyle): Shown {
  if (style) {
    const answer = (data ?? {}) as Record<string, unknown>;
    // A bare list is the rows themselves (e.g. role.queryByOrgId).
    const rows = Array.isArray(data) ? data : answer[style.rows ?? 'rows'];
    const list = Array.isArray(rows) ? (rows as Row[]) : [];
    const total = answer[style.total ?? 'total'];
    return { rows: list, total: typeof total === 'number' ? total : list.length, totalExact: true };
  }
  const page = (data ?? {}) as PageData;
  return {
    rows: Array.isArray(page.dataResult) ? page.dataResult : [],
    total: page.pageResult?.totalCount ?? 0,
    // A later page echoes the total it was given, so the flag of the first page carries over.
    totalExact: page.pageResult?.totalExact !== false,
  };
}

export function useListController(options: ListControllerOptions): ListController {
  const { operation, dataSource } = options;
  const fields = options.searchFields ?? NO_FIELDS;
  const [initial] = useState<ListQueryState>(() =>
    openingQuery(options.defaultPageSize, options.defaultSorts ?? NO_SORTS),
  );

  const [query, setQuery] = useState<ListQueryState>(initial);
  const [reloads, setReloads] = useState(0);
  const [selection, setSelection] = useState<{ keys: RowKey[]; rows: Row[] }>({ keys: [], rows: [] });

  // Compared by value: callers may pass new-but-equal parameter and field lists on every render.
  const fixedKey = JSON.stringify(options.fixedParameters ?? NO_PARAMETERS);
  const style = options.requestStyle;
  const styleKey = JSON.stringify(style ?? null);
  const request = useMemo(() => {
    const fixed = JSON.parse(fixedKey) as ListParameter[];
    return listRequestOf(fields, query, fixed, JSON.parse(styleKey) as ListRequestStyle | null);
  }, [fields, query, fixedKey, styleKey]);
  // The reload count is part of the key so that refresh() asks again for the same request.
  const requestKey = JSON.stringify({ operation, reloads, request });
  const paused = options.paused === true;
  const loaded = useLoad(paused ? null : requestKey, (signal) =>
    dataSource(operation, { ...listCallArgs(style, request), signal }),
  );
  // The rows of the last answer stay visible while the next request loads or when it fails (the api
  // client has told the user why); a new answer clears the selection.
  const [shown, setShown] = useState({ key: '', list: NOTHING_SHOWN });
  const answered = !paused && !loaded.loading && loaded.error === undefined;
  if (answered && shown.key !== requestKey) {
    setShown({ key: requestKey, list: shownOf(loaded.data, style) });
    setSelection({ keys: [], rows: [] });
  }
  const answer = shown.list;
  // Loading until the answer to exactly this request is in.
  const loading = !paused && loaded.loading;

  // The total of the rows shown, for the next page's request (read in callbacks, not rendered).
  const totalRef = useRef({ total: 0, exact: true });
  useEffect(() => {
    totalRef.current = { total: answer.total, exact: answer.totalExact };
  }, [answer.total, answer.totalExact]);

  const search = useCallback(
    (values: SearchValues) =>
      setQuery((q) => ({ ...q, values: { ...values }, page: 1, totalCount: undefined })),
    [],
  );
  const reset = useCallback(
    () => setQuery((q) => ({ ...q, values: {}, page: 1, sorts: [...initial.sorts], totalCount: undefined })),
    [initial],
  );
  const changePage = useCallback(
    (page: number, pageSize?: number) =>
      setQuery((q) =>
        pageSize && pageSize !== q.pageSize
          ? { ...q, page: 1, pageSize, totalCount: undefined }
          : { ...q, page, totalCount: totalRef.current.total, totalExact: totalRef.current.exact },
      ),
    [],
  );
  const changeSorts = useCallback(
    (sorts: SortOrder[]) => setQuery((q) => ({ ...q, sorts: [...sorts], page: 1, totalCount: undefined })),
    [],
  );
  const select = useCallback(
    (keys: RowKey[], selectedRows: Row[]) => setSelection({ keys, rows: selectedRows }),
    [],
  );
  // Rows may have come or gone (a removal, an approval): count again.
  const refresh = useCallback(() => {
    setQuery((q) => (q.totalCount === undefined ? q : { ...q, totalCount: undefined }));
    setReloads((n) => n + 1);
  }, []);

  return {
    searchValues: query.values,
    page: query.page,
    pageSize: query.pageSize,
    sorts: query.sorts,
    request,
    loading,
    rows: answer.rows,
    total: answer.total,
    totalExact: answer.totalExact,
    error: loaded.error ?? null,
    selectedKeys: selection.keys,
    selectedRows: selection.rows,
    search,
    reset,
    changePage,
    changeSorts,
    select,
    refresh,
  };
}
