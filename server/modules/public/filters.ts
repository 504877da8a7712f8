/**
 * The filters of the three public lists (clearances, notices, decisions), read from a list request's
 * parameters or from an open-data query string, checked (a bad value is refused with a translated error
 * naming the parameter, never ignored) and applied to a Kysely query over filing.publication.
 */
import { sql, type Expression, type RawBuilder, type SqlBool } from 'kysely';
import { addDays, chinaMidnight, isPlainDate } from '../filing/dates.ts';
import { TRANSACTION_MODES } from '../filing/tables.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';

export type PublicList = 'clearance' | 'notice' | 'decision';

type Check = 'keyword' | 'date' | 'industry' | 'mode' | 'id' | readonly string[];

const COMMON = { keyword: 'keyword', industry: 'industry', transactionMode: 'mode' } as const;

export const FILTER_KEYS: Record<PublicList, Record<string, Check>> = {
  clearance: {
    ...COMMON,
    decidedFrom: 'date',
    decidedTo: 'date',
    publishedFrom: 'date',
    publishedTo: 'date',
    filedFrom: 'date',
    filedTo: 'date',
    acceptedFrom: 'date',
    acceptedTo: 'date',
    procedure: ['SIMPLIFIED', 'NORMAL'],
    batchId: 'id',
  },
  notice: { ...COMMON, state: ['LIVE', 'CLOSED'], liveFrom: 'date', liveTo: 'date' },
  decision: {
    ...COMMON,
    decisionType: ['CONDITIONAL', 'PROHIBITION'],
    decidedFrom: 'date',
    decidedTo: 'date',
    filedFrom: 'date',
    filedTo: 'date',
    acceptedFrom: 'date',
    acceptedTo: 'date',
  },
};

/** Checked filter values by key (only the keys given with a non-empty value). */
export type Filters = Partial<Record<string, string>>;

const badFilter = (key: string) => new ApiError(Code.ILLEGAL_REQUEST, 'publicData.error.badFilter', { key });

/** Industry: a GB/T 4754 section letter with up to four digits (C, C27, C2720). */
const INDUSTRY = /^[A-T]\d{0,4}$/;
const ID = /^[A-Za-z0-9_-]{1,64}$/;

function checkValue(key: string, check: Check, raw: unknown): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' && typeof raw !== 'number') throw badFilter(key);
  const v = String(raw).trim();
  if (v === '') return undefined;
  if (Array.isArray(check)) {
    if (!check.includes(v)) throw badFilter(key);
    return v;
  }
  switch (check) {
    case 'keyword':
      if ([...v].length > 100) throw badFilter(key);
      return v;
    case 'date':
      if (!isPlainDate(v)) throw badFilter(key);
      return v;
    case 'industry':
      if (!INDUSTRY.test(v)) throw badFilter(key);
      return v;
    case 'mode':
      if (!(TRANSACTION_MODES as readonly string[]).includes(v)) throw badFilter(key);
      return v;
    default:
      if (!ID.test(v)) throw badFilter(key);
      return v;
  }
}

/** Filters from a list request's parameters; an unknown key is refused as list-query.ts does. */
export function filtersFromParameters(
  list: PublicList,
  parameters: { key: string; value?: unknown }[] | undefined,
): Filters {
  const keys = FILTER_KEYS[list];
  const out: Filters = {};
  for (const p of parameters ?? []) {
    const check = Object.hasOwn(keys, p.key) ? keys[p.key] : undefined;
    if (!check) throw new ApiError(Code.ILLEGAL_REQUEST, 'server.unknownFilter', { key: p.key });
    const v = checkValue(p.key, check, p.value);
    if (v !== undefined) out[p.key] = v;
  }
  rangeOrder(out, list);
  return out;
}

/** Filters from an open-data query string (the same keys; `format` and transport keys are not filters). */
export function filtersFromQuery(list: PublicList, query: Record<string, unknown>): Filters {
  const parameters = Object.entries(query)
    .filter(([k]) => k !== 'format' && k !== '_t' && k !== 'lang')
    .map(([key, value]) => ({ key, value }));
  return filtersFromParameters(list, parameters);
}

function rangeOrder(f: Filters, list: PublicList) {
  const pairs: [string, string][] =
    list === 'notice'
      ? [['liveFrom', 'liveTo']]
      : [
          ['decidedFrom', 'decidedTo'],
          ['publishedFrom', 'publishedTo'],
          ['filedFrom', 'filedTo'],
          ['acceptedFrom', 'acceptedTo'],
        ];
  for (const [from, to] of pairs) if (f[from] && f[to] && f[from]! > f[to]!) throw badFilter(to);
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * Substring of case or party names. For two characters and up, every bigram of the keyword must be one
 * of the row's stored bigrams (publication.search_bigrams), which the GIN index answers; for exactly
 * two characters that is the whole test (the keyword is its one bigram), longer ones are confirmed by
 * ILIKE. One character: ILIKE alone.
 */
function nameCondition(keyword: string, alias: string): Expression<SqlBool> {
  const like = sql<SqlBool>`${sql.ref(`${alias}.search_text`)} ilike ${`%${likeEscape(keyword)}%`}`;
  const chars = [...keyword].length;
  if (chars < 2) return like;
  const grams = sql<SqlBool>`${sql.ref(`${alias}.search_bigrams`)} @> platform.bigrams(lower(${keyword}))`;
  return chars === 2 ? grams : sql<SqlBool>`(${grams} and ${like})`;
}

/** What a case number (JZSB2026-0038) or a prefix of one can look like: ASCII letters, digits, hyphens. */
const CASE_NO_PREFIX = /^[A-Za-z0-9-]+$/;

/**
 * The keyword of the public lists: a case or party name (nameCondition), or, for a keyword shaped like a
 * case number, also the start of the case's number, case-insensitive (JZSB2026-00 finds JZSB2026-0038).
 * The numbers come from one prefix scan of upper(case_no) (index of migration 024), hashed once per
 * query, so each row costs one lookup (an `= any(array(…))` would let a BitmapOr use the indexes but
 * compare each row with every number a loose prefix like JZSB yields). With the OR the bigram index is
 * left out: such a keyword walks the list in its order (about 15 ms per 10,000 rows on PGlite); a
 * Chinese keyword, the common one, keeps the bigram index path alone.
 */
export function keywordCondition(keyword: string, alias = 'p'): Expression<SqlBool> {
  const byName = nameCondition(keyword, alias);
  if (!CASE_NO_PREFIX.test(keyword)) return byName;
  const byNumber = sql<SqlBool>`${sql.ref(`${alias}.case_id`)} in (select c.id from filing."case" as c
    where upper(c.case_no) like ${`${likeEscape(keyword.toUpperCase())}%`})`;
  return sql<SqlBool>`(${byName} or ${byNumber})`;
}

/** An industries array holding a code that starts with the prefix. */
export function industryCondition(prefix: string): Expression<SqlBool> {
  return sql<SqlBool>`exists (select 1 from unnest(p.industries) as code where code like ${`${prefix}%`})`;
}

/**
 * The case's filing and acceptance dates (filedFrom/To, acceptedFrom/To), China days: the filing is an
 * instant (submitted_at), so its range runs from the first day's midnight in China to the midnight after
 * the last; acceptance is a date. A row without a case has neither and never matches. Undefined when none
 * of the four is set.
 */
export function caseDatesCondition(f: Filters, alias = 'p'): Expression<SqlBool> | undefined {
  const at = (date: string) => sql`${chinaMidnight(date).toISOString()}::timestamptz`;
  const parts: RawBuilder<unknown>[] = [];
  if (f.filedFrom) parts.push(sql`c.submitted_at >= ${at(f.filedFrom)}`);
  if (f.filedTo) parts.push(sql`c.submitted_at < ${at(addDays(f.filedTo, 1))}`);
  if (f.acceptedFrom) parts.push(sql`c.accepted_on >= ${f.acceptedFrom}::date`);
  if (f.acceptedTo) parts.push(sql`c.accepted_on <= ${f.acceptedTo}::date`);
  if (parts.length === 0) return undefined;
  return sql<SqlBool>`${sql.ref(`${alias}.case_id`)} in (select c.id from filing."case" as c
    where ${sql.join(parts, sql` and `)})`;
}
