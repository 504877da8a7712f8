/**
 * The call a list makes for a state of its query, and the call it makes when it opens. The list
 * controller and the page's start (src/boot/early-route.ts, which sends the first page before the
 * list's scripts arrive) build it here, so the early answer is exactly the one the list asks for.
 */
import type { Scope } from '../expression/index.ts';
import { evaluateFilters } from './list-filters.ts';
import {
  buildFieldsRequest,
  buildListRequest,
  type ListParameter,
  type ListQueryState,
  type ListRequest,
} from './list-request.ts';
import {
  DEFAULT_PAGE_SIZE,
  type ListRequestStyle,
  type ListScreenDefinition,
  type SearchField,
  type SortOrder,
} from './list-types.ts';

export type ListCallArgs = { query: object } | { body: unknown };

/** A list's query when it opens: no search values, page 1, the screen's size and sort. */
export function openingQuery(defaultPageSize?: number, defaultSorts?: readonly SortOrder[]): ListQueryState {
  return {
    values: {},
    page: 1,
    pageSize: defaultPageSize ?? DEFAULT_PAGE_SIZE,
    sorts: [...(defaultSorts ?? [])],
  };
}

/** The request for a query state: the spec's list request, or plain fields for a `request: {style: fields}` list. */
export function listRequestOf(
  fields: readonly SearchField[],
  query: ListQueryState,
  fixed: readonly ListParameter[],
  style: ListRequestStyle | null | undefined,
): ListRequest | Record<string, unknown> {
  return style
    ? buildFieldsRequest(fields, query, fixed, style.paged !== false)
    : buildListRequest(fields, query, fixed);
}

/** Where the request goes: the body, or the query of a GET operation. */
export function listCallArgs(style: ListRequestStyle | null | undefined, request: object): ListCallArgs {
  return style?.in === 'query' ? { query: request } : { body: request };
}

/**
 * The first call of a list screen opened as a page (no parent record), or null when it would not ask
 * (a filter without a value yet).
 */
export function openingListCall(
  screen: ListScreenDefinition,
  scope: { session: unknown; params: Record<string, unknown> },
): { operation: string; args: ListCallArgs } | null {
  const fixed = evaluateFilters(screen.filters, { ...scope, record: undefined } satisfies Scope);
  if (fixed === null) return null;
  const query = openingQuery(screen.defaultPageSize, screen.defaultSort);
  const request = listRequestOf(screen.search?.fields ?? [], query, fixed, screen.request);
  return { operation: screen.operation, args: listCallArgs(screen.request, request) };
}
