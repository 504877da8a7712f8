/**
 * The spec's list request {parameters, requestPage, sorts} applied to a Kysely query, and the page
 * result {dataResult, pageResult} built from it. Only declared fields can be filtered or sorted,
 * so a request never names a column we did not choose.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import { Code } from './codes.ts';
import { ApiError } from './envelope.ts';
import { isCalendarDate, isDateTime } from '../../schemas/validators/dates.ts';
import { DISPLAY_TIME_ZONE } from './date-time.ts';
import type { ListRequest, Total } from './list-types.ts';

export type { ListRequest, Total };

export interface PageResult<T> {
  dataResult: T[];
  pageResult: {
    totalCount: number;
    totalPages: number;
    page: number;
    limit: number;
    /** false: totalCount is the planner's estimate of a large unfiltered list (shown as "about N"). */
    totalExact: boolean;
  };
}

/**
 * How a parameter filters. 'like': case-insensitive substring (ILIKE '%v%'). 'search': the same
 * result, plus a condition the bigram GIN index `platform.bigrams(lower(col))` serves for values of two
 * characters or more (the column must have that index). 'prefix': case-insensitive prefix
 * (ILIKE 'v%'), written as lower(col) LIKE so a `lower(col) text_pattern_ops` index serves it.
 */
export type FilterKind = 'like' | 'search' | 'prefix' | 'eq' | 'in' | 'dateFrom' | 'dateTo';

export interface ListSpec {
  /** Request parameter key → [column, how it filters]. */
  filters: Record<string, [column: string, kind: FilterKind]>;
  /** Request sort field → column. */
  sorts: Record<string, string>;
  /** Applied when the request names no sort; must end in a unique column so pages are stable. */
  defaultSort: [column: string, order: 'asc' | 'desc'][];
}

export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 1000;
/** Rows a page may skip (list-request allows page 1,000,000 of 1,000): an offset must stay a bigint. */
export const MAX_OFFSET = 1_000_000_000;

/** The spec's date and date-time forms (yyyy-MM-dd, yyyy-MM-dd HH:mm:ss) of an existing day after year 0. */
export function isFilterDate(v: string): boolean {
  return (isCalendarDate(v) || isDateTime(v)) && !v.startsWith('0000');
}

/** A filter or sort named by the client, looked up among the spec's own keys only (never a prototype's). */
function own<T>(map: Record<string, T>, key: string): T | undefined {
  return Object.hasOwn(map, key) ? map[key] : undefined;
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * ILIKE '%v%' and, for two characters or more, the necessary condition that every bigram of lower(v)
 * is one of lower(col): ILIKE compares lower() of both sides, so the rows are exactly ILIKE's, and the
 * GIN index on platform.bigrams(lower(col)) narrows them first (pg_trgm would need three characters).
 */
function substringSearch(col: string, v: string) {
  const like = sql<boolean>`${sql.ref(col)} ilike ${`%${likeEscape(v)}%`}`;
  if ([...v].length < 2) return like;
  return sql<boolean>`(${like} and platform.bigrams(lower(${sql.ref(col)})) @> platform.bigrams(lower(${v})))`;
}

// Kysely's builder generics do not survive a dynamic column name (hence any); the spec keeps names safe.
export function applyFilters<Q extends SelectQueryBuilder<any, any, any>>(
  q: Q,
  spec: ListSpec,
  req: ListRequest,
): Q {
  let out: SelectQueryBuilder<any, any, any> = q;
  for (const p of req.parameters ?? []) {
    const f = own(spec.filters, p.key);
    if (!f) throw new ApiError(Code.ILLEGAL_REQUEST, 'server.unknownFilter', { key: p.key });
    const [col, kind] = f;
    const v = p.value;
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    if ((kind === 'dateFrom' || kind === 'dateTo') && !isFilterDate(String(v)))
      throw new ApiError(Code.ILLEGAL_REQUEST, 'server.badFilterValue', { key: p.key });
    if (kind === 'like') out = out.where(sql.ref(col), 'ilike', `%${likeEscape(String(v))}%`);
    else if (kind === 'search') out = out.where(substringSearch(col, String(v)));
    else if (kind === 'prefix')
      out = out.where(sql<boolean>`lower(${sql.ref(col)}) like lower(${likeEscape(String(v))}||'%')`);
    else if (kind === 'in')
      out = out.where(sql.ref(col), 'in', Array.isArray(v) ? v.map(String) : String(v).split(','));
    // A day the user picks is a day of the zone the screens show times in, not the database session's.
    else if (kind === 'dateFrom')
      out = out.where(sql.ref(col), '>=', sql`(${String(v)}::timestamp at time zone ${DISPLAY_TIME_ZONE})`);
    else if (kind === 'dateTo')
      out = out.where(
        sql.ref(col),
        '<',
        sql`((${String(v)}::date + 1)::timestamp at time zone ${DISPLAY_TIME_ZONE})`,
      );
    else out = out.where(sql.ref(col), '=', String(v));
  }
  return out as Q;
}

export function applySortAndPage<Q extends SelectQueryBuilder<any, any, any>>(
  q: Q,
  spec: ListSpec,
  req: ListRequest,
): { query: Q; page: number; limit: number } {
  let out: SelectQueryBuilder<any, any, any> = q;
  const sorts = req.sorts ?? [];
  for (const s of sorts) {
    const col = own(spec.sorts, s.field);
    if (!col) throw new ApiError(Code.ILLEGAL_REQUEST, 'server.unknownSort', { field: s.field });
    out = out.orderBy(sql.ref(col), s.order === 'DESC' ? 'desc' : 'asc');
  }
  for (const [col, order] of spec.defaultSort) out = out.orderBy(sql.ref(col), order);
  const limit = Math.min(Math.max(1, req.requestPage?.limit ?? DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
  const page = Math.max(1, req.requestPage?.pageNo ?? 1);
  if ((page - 1) * limit > MAX_OFFSET)
    throw new ApiError(Code.ILLEGAL_REQUEST, 'server.pageTooFar', {
      max: Math.floor(MAX_OFFSET / limit) + 1,
    });
  out = out.limit(limit).offset((page - 1) * limit);
  return { query: out as Q, page, limit };
}

/** A list's total: counted, or (exact false) the planner's estimate of a large unfiltered list. */

export function pageOf<T>(rows: T[], total: number | Total, page: number, limit: number): PageResult<T> {
  const t = typeof total === 'number' ? { total, exact: true } : total;
  return {
    dataResult: rows,
    pageResult: {
      totalCount: t.total,
      totalPages: Math.ceil(t.total / limit),
      page,
      limit,
      totalExact: t.exact,
    },
  };
}

export { countOf as totalOf, rowsAndTotal } from './list-count.ts';
