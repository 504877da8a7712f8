/**
 * The spec's list request {parameters, requestPage, sorts} applied to a Kysely query, and the page
 * result {dataResult, pageResult} built from it. Only declared fields can be filtered or sorted,
 * so a request never names a column we did not choose.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import { Code } from '../http/codes.ts';
import { ApiError } from '../http/envelope.ts';

export interface ListRequest {
  parameters?: { key: string; value: unknown }[];
  requestPage?: { pageNo?: number; limit?: number; totalCount?: number };
  sorts?: { field: string; order?: 'ASC' | 'DESC' }[];
}

export interface PageResult<T> {
  dataResult: T[];
  pageResult: { totalCount: number; totalPages: number; page: number; limit: number };
}

export type FilterKind = 'like' | 'eq' | 'in' | 'dateFrom' | 'dateTo';

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

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

// Kysely's builder generics do not survive a dynamic column name (hence any); the spec keeps names safe.
export function applyFilters<Q extends SelectQueryBuilder<any, any, any>>(q: Q, spec: ListSpec, req: ListRequest): Q {
  let out: SelectQueryBuilder<any, any, any> = q;
  for (const p of req.parameters ?? []) {
    const f = spec.filters[p.key];
    if (!f) throw new ApiError(Code.ILLEGAL_REQUEST, 'server.unknownFilter', { key: p.key });
    const [col, kind] = f;
    const v = p.value;
    if (v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)) continue;
    if (kind === 'like') out = out.where(sql.ref(col), 'ilike', `%${likeEscape(String(v))}%`);
    else if (kind === 'in') out = out.where(sql.ref(col), 'in', Array.isArray(v) ? v.map(String) : String(v).split(','));
    else if (kind === 'dateFrom') out = out.where(sql.ref(col), '>=', String(v));
    else if (kind === 'dateTo') out = out.where(sql.ref(col), '<', sql`(${String(v)}::date + 1)`);
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
    const col = spec.sorts[s.field];
    if (!col) throw new ApiError(Code.ILLEGAL_REQUEST, 'server.unknownSort', { field: s.field });
    out = out.orderBy(sql.ref(col), s.order === 'DESC' ? 'desc' : 'asc');
  }
  for (const [col, order] of spec.defaultSort) out = out.orderBy(sql.ref(col), order);
  const limit = Math.min(Math.max(1, req.requestPage?.limit ?? DEFAULT_PAGE_SIZE), MAX_PAGE_SIZE);
  const page = Math.max(1, req.requestPage?.pageNo ?? 1);
  out = out.limit(limit).offset((page - 1) * limit);
  return { query: out as Q, page, limit };
}

export function pageOf<T>(rows: T[], totalCount: number, page: number, limit: number): PageResult<T> {
  return { dataResult: rows, pageResult: { totalCount, totalPages: Math.ceil(totalCount / limit), page, limit } };
}

/**
 * The spec's list request may carry the totalCount the client already has: then later pages skip the
 * count. The first page always counts, so a list is never opened with a stale total.
 */
export async function totalOf(base: SelectQueryBuilder<any, any, any>, req: ListRequest): Promise<number> {
  const known = req.requestPage?.totalCount;
  if (known !== undefined && known >= 0 && (req.requestPage?.pageNo ?? 1) > 1) return known;
  const row = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return (row as { n: number }).n;
}
