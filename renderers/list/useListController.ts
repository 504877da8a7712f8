/**
 * The logic of a list screen, without any view: search values, page, size, sorts, the request built
 * from them, the rows and total it returned, loading, and the selection. ListScreen is its thin view.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { DataSource } from '../data-source.tsx';
import {
  buildListRequest,
  type ListRequest,
  type ListParameter,
  type ListQueryState,
  type SearchValues,
} from './list-request.ts';
import { DEFAULT_PAGE_SIZE, type SearchField, type SortOrder } from './list-types.ts';

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
}

export interface ListController {
  searchValues: SearchValues;
  page: number;
  pageSize: number;
  sorts: SortOrder[];
  /** The request of the rows shown (or being loaded). */
  request: ListRequest;
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

/** The answer to one request, tagged with that request so a stale answer is recognised. */
interface Answer {
  key: string;
  rows: Row[];
  total: number;
  totalExact: boolean;
  error: unknown;
}

export function useListController(options: ListControllerOptions): ListController {
  const { operation, dataSource } = options;
  const fields = options.searchFields ?? NO_FIELDS;
  const [initial] = useState<ListQueryState>(() => ({
    values: {},
    page: 1,
    pageSize: options.defaultPageSize ?? DEFAULT_PAGE_SIZE,
    sorts: [...(options.defaultSorts ?? NO_SORTS)],
  }));

  const [query, setQuery] = useState<ListQueryState>(initial);
  const [reloads, setReloads] = useState(0);
  const [answer, setAnswer] = useState<Answer>({
    key: '',
    rows: [],
    total: 0,
    totalExact: true,
    error: null,
  });
  const [selection, setSelection] = useState<{ keys: RowKey[]; rows: Row[] }>({ keys: [], rows: [] });

  const fixed = options.fixedParameters ?? NO_PARAMETERS;
  const fixedKey = JSON.stringify(fixed);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `fixed` is compared by value (fixedKey)
  const request = useMemo(() => buildListRequest(fields, query, fixed), [fields, query, fixedKey]);
  // Compared by value: callers may pass new-but-equal field lists on every render. The reload count
  // is part of the key so that refresh() asks again for the same request.
  const requestKey = JSON.stringify({ operation, reloads, request });
  // Loading until the answer to exactly this request is in.
  const paused = options.paused === true;
  const loading = !paused && answer.key !== requestKey;

  useEffect(() => {
    if (paused) return;
    let current = true;
    const body = (JSON.parse(requestKey) as { request: ListRequest }).request;
    dataSource(operation, { body }).then(
      (data) => {
        if (!current) return;
        const page = (data ?? {}) as PageData;
        setAnswer({
          key: requestKey,
          rows: Array.isArray(page.dataResult) ? page.dataResult : [],
          total: page.pageResult?.totalCount ?? 0,
          // A later page echoes the total it was given, so the flag of the first page carries over.
          totalExact: page.pageResult?.totalExact !== false,
          error: null,
        });
        setSelection({ keys: [], rows: [] });
      },
      (error: unknown) => {
        // The api client has already told the user; keep the old rows visible.
        if (current) setAnswer((old) => ({ ...old, key: requestKey, error }));
      },
    );
    return () => {
      current = false;
    };
  }, [operation, dataSource, requestKey, paused]);

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
    error: answer.error,
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
