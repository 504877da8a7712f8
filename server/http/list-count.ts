/**
 * A list's total without making the first page of a large list wait on counting every row.
 *
 * The planner's estimate of the query decides: up to EXACT_COUNT_LIMIT rows the count is exact (cheap).
 * Above it, the list reads at most EXACT_COUNT_LIMIT + 1 rows: exact when it stops short (the estimate
 * was stale), otherwise the estimate, at least that many. An unfiltered list's large total is remembered
 * for a few seconds, since a table of that size moves by a negligible fraction meanwhile. An estimate is
 * flagged (exact: false) so the list shows "about N".
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { ListRequest, Total } from './list-types.ts';

export const EXACT_COUNT_LIMIT = 10_000;
const ESTIMATE_TTL_MS = 5_000;
const ESTIMATE_CACHE_LIMIT = 1_000;

/** Remembered large totals per database (two databases in one process share SQL texts). */
const estimates = new WeakMap<object, Map<string, { rows: number; at: number }>>();

/** Whether the request filters by anything (a parameter with a value). */
export function isFiltered(req: ListRequest): boolean {
  return (req.parameters ?? []).some(
    ({ value: v }) => !(v === undefined || v === null || v === '' || (Array.isArray(v) && v.length === 0)),
  );
}

/** The planner's row estimate for a query (EXPLAIN plans it without running it). */
async function plannedRows(q: SelectQueryBuilder<any, any, any>): Promise<number> {
  const [row] = await q.explain<Record<string, unknown>>('json');
  let plan = row?.['QUERY PLAN'];
  if (typeof plan === 'string') plan = JSON.parse(plan);
  const rows = (plan as { Plan?: { 'Plan Rows'?: number } }[] | undefined)?.[0]?.Plan?.['Plan Rows'];
  return typeof rows === 'number' ? Math.round(rows) : Number.POSITIVE_INFINITY;
}

function keyOf(q: SelectQueryBuilder<any, any, any>): string {
  const compiled = q.compile();
  return `${compiled.sql}\u0000${JSON.stringify(compiled.parameters)}`;
}

/** A large total found in the last few seconds for the same query, if any. */
function rememberedLarge(scope: object, key: string): number | undefined {
  const remembered = estimates.get(scope);
  const hit = remembered?.get(key);
  if (hit && Date.now() - hit.at < ESTIMATE_TTL_MS) return hit.rows;
  remembered?.delete(key);
  return undefined;
}

function rememberLarge(scope: object, key: string, rows: number): void {
  let remembered = estimates.get(scope);
  if (!remembered) estimates.set(scope, (remembered = new Map()));
  if (remembered.size >= ESTIMATE_CACHE_LIMIT) remembered.delete(remembered.keys().next().value!);
  remembered.set(key, { rows, at: Date.now() });
}

async function exactCount(base: SelectQueryBuilder<any, any, any>): Promise<number> {
  const row = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return (row as { n: number }).n;
}

/** A later page's total the client already has (requestPage.totalCount), if it may be reused. */
function knownTotal(req: ListRequest): Total | undefined {
  const known = req.requestPage?.totalCount;
  if (known !== undefined && known >= 0 && (req.requestPage?.pageNo ?? 1) > 1)
    return { total: known, exact: req.requestPage?.totalExact !== false };
  return undefined;
}

/**
 * The total of `base` (filters applied, no select) for a base whose rows are one cheap index range:
 * counted up to EXACT_COUNT_LIMIT in the database, above it the planner's estimate (at least that
 * many), flagged inexact as countOf does. No EXPLAIN first: the count itself is as cheap.
 */
export async function countUpTo(
  db: Kysely<any>,
  base: SelectQueryBuilder<any, any, any>,
  req: ListRequest,
): Promise<Total> {
  const known = knownTotal(req);
  if (known) return known;
  const probe = base.select(sql.lit(1).as('one'));
  const { rows } = await sql<{ n: number }>`
    select count(*)::int as n from (${probe.limit(EXACT_COUNT_LIMIT + 1)}) as upto`.execute(db);
  const n = rows[0].n;
  if (n <= EXACT_COUNT_LIMIT) return { total: n, exact: true };
  return { total: Math.max(await plannedRows(probe), n), exact: false };
}

/**
 * The total of a list whose rows are `base` (filters applied, no select). A later page may carry the
 * total the client already has (requestPage.totalCount, with totalExact as it was answered): then no
 * counting at all. The first page is always counted or estimated afresh. `db`, when given, lets an
 * unfiltered large total be remembered for a few seconds for that database.
 */
export async function countOf(
  base: SelectQueryBuilder<any, any, any>,
  req: ListRequest,
  db?: object,
): Promise<Total> {
  const known = knownTotal(req);
  if (known) return known;
  const probe = base.select(sql.lit(1).as('one'));
  // Unfiltered first pages of a large list come back within seconds of each other: reuse the verdict.
  const key = db === undefined || isFiltered(req) ? undefined : keyOf(probe);
  const remembered = key === undefined ? undefined : rememberedLarge(db!, key);
  if (remembered !== undefined) return { total: remembered, exact: false };
  const estimate = await plannedRows(probe);
  if (estimate <= EXACT_COUNT_LIMIT) return { total: await exactCount(base), exact: true };
  // The planner says large, but its figure can be far off (a table never analysed yet): look at no more
  // than EXACT_COUNT_LIMIT + 1 rows before believing it, so a small list is always counted exactly.
  const upTo = (await probe.limit(EXACT_COUNT_LIMIT + 1).execute()).length;
  if (upTo <= EXACT_COUNT_LIMIT) return { total: upTo, exact: true };
  const total = Math.max(estimate, upTo);
  if (key !== undefined) rememberLarge(db!, key, total);
  return { total, exact: false };
}

/**
 * A page's rows and the list's total, for a `page` query that is `base` with joins and columns that do
 * not change the row count, sorted and paged. A filtered first page the planner expects to be small
 * (a name search) is one statement: `count(*) over ()` counts the matches in the same scan that finds
 * the page, instead of a second scan for the count. Anything else: the page and countOf side by side.
 */
export async function rowsAndTotal<R extends Record<string, unknown>>(
  page: SelectQueryBuilder<any, any, R>,
  base: SelectQueryBuilder<any, any, any>,
  req: ListRequest,
  db?: object,
): Promise<[R[], Total]> {
  const firstPage = (req.requestPage?.pageNo ?? 1) <= 1;
  if (firstPage && isFiltered(req)) {
    const estimate = await plannedRows(base.select(sql.lit(1).as('one')));
    if (estimate <= EXACT_COUNT_LIMIT) {
      const rows = await page.select(sql<number>`count(*) over ()`.as(WINDOW_TOTAL)).execute();
      const total = rows.length ? Number(rows[0][WINDOW_TOTAL]) : 0;
      for (const row of rows) delete (row as Record<string, unknown>)[WINDOW_TOTAL];
      return [rows, { total, exact: true }];
    }
  }
  return Promise.all([page.execute(), countOf(base, req, db)]);
}

/** The column the windowed count rides in (removed from the rows before they leave). */
const WINDOW_TOTAL = '__list_total';
