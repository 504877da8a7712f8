/**
 * employee.query's search by a two-character name (most Chinese names have two or three characters)
 * through employee_name_bigram (tenant migration 018): a bigram's index range is already in the list's
 * default order, so the page is read from its head and the total counted from the range alone, instead
 * of fetching, sorting and counting every row the GIN index finds (issue 15).
 *
 * The rows equal the 'search' filter's (ILIKE '%v%'): ILIKE compares lower() of both sides, and a
 * two-character lower(v) is in lower(name) exactly when it is one of its bigrams. Any other shape (one
 * character, three or more, a requested sort) is left to the general list path.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { countUpTo, isFiltered } from '../../http/list-count.ts';
import {
  applyFilters,
  applySortAndPage,
  type ListRequest,
  type ListSpec,
  type Total,
} from '../../http/list-query.ts';
import { EMPLOYEE_LIST, type employeeListColumns } from './lists.ts';

interface NameBigramTable {
  bigram: string;
  created_at: Date;
  employee_id: string;
}

/** The default order (created_at desc, id) by the side table's copy of the key, which its index serves. */
const BIGRAM_LIST: ListSpec = {
  ...EMPLOYEE_LIST,
  defaultSort: [
    ['b.created_at', 'desc'],
    ['b.employee_id', 'asc'],
  ],
};

/** The name value this path serves, if any, and the request without it. */
function twoCharacterName(req: ListRequest): { value: string; rest: ListRequest } | undefined {
  if (req.sorts?.length) return undefined;
  const params = req.parameters ?? [];
  // Two characters that stay two in lower case (JavaScript's lower() may lengthen one, e.g. 'İ').
  const i = params.findIndex(
    (p) =>
      p.key === 'name' &&
      typeof p.value === 'string' &&
      [...p.value].length === 2 &&
      [...p.value.toLowerCase()].length === 2,
  );
  if (i < 0) return undefined;
  return { value: params[i].value as string, rest: { ...req, parameters: params.filter((_, j) => j !== i) } };
}

/**
 * The page and total of employee.query for a two-character name search, or undefined for any other
 * request. The other filters apply to the employee rows as usual (the count then joins them too).
 */
export async function nameSearchPage(
  db: Db,
  schema: string,
  req: ListRequest,
  columns: readonly string[],
): Promise<{ rows: Record<string, unknown>[]; total: Total; page: number; limit: number } | undefined> {
  const name = twoCharacterName(req);
  if (!name) return undefined;
  const space = db.withSchema(schema).withTables<{ employee_name_bigram: NameBigramTable }>();
  const matches = space
    .selectFrom('employee_name_bigram as b')
    .where('b.bigram', '=', sql<string>`lower(${name.value})`);
  const base = applyFilters(
    matches.innerJoin('employee as e', 'e.id', 'b.employee_id'),
    EMPLOYEE_LIST,
    name.rest,
  );
  const { query, page, limit } = applySortAndPage(
    base
      .leftJoin('org as o', 'o.id', 'e.org_id')
      .select([...columns] as unknown as typeof employeeListColumns),
    BIGRAM_LIST,
    name.rest,
  );
  const [rows, total] = await Promise.all([
    query.execute(),
    countUpTo(space, isFiltered(name.rest) ? base : matches, req),
  ]);
  return { rows, total, page, limit };
}
