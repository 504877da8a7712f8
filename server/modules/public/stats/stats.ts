/**
 * The register's figures, read over exactly the rows the public lists show: each list's rows come from
 * `filteredPublications` (publications.ts, its `visible` rule) with the list's own date filters, so a
 * year's counts are the lists' totals for that year — clearances and decisions by decision date,
 * notices by their first day. A few grouped reads; the scopes are summed in figures.ts.
 */
import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import { Code } from '../../../http/codes.ts';
import { ApiError } from '../../../http/envelope.ts';
import type { PlainDate } from '../../filing/dates.ts';
import type { Filters, PublicList } from '../filters.ts';
import { filteredPublications } from '../publications.ts';
import {
  buildStatsRows,
  type DecisionGroup,
  type NoticeGroup,
  type StatsRow,
  type TimedDecision,
} from './figures.ts';

export interface YearRange {
  fromYear: number | null;
  toYear: number | null;
}

export interface Stats extends YearRange {
  firstYear: number | null;
  lastYear: number | null;
  rows: StatsRow[];
}

const badFilter = (key: string) => new ApiError(Code.ILLEGAL_REQUEST, 'publicStats.error.badFilter', { key });

function yearValue(key: string, raw: unknown): number | null {
  if (raw === undefined || raw === null || raw === '') return null;
  if (typeof raw !== 'string' && typeof raw !== 'number') throw badFilter(key);
  const v = String(raw).trim();
  if (v === '') return null;
  if (!/^(19|20)\d\d$/.test(v)) throw badFilter(key);
  return Number(v);
}

/** fromYear and toYear (YYYY, either may be left out), checked: a bad value is refused, never ignored. */
export function yearRangeOf(input: { fromYear?: unknown; toYear?: unknown }): YearRange {
  const fromYear = yearValue('fromYear', input.fromYear);
  const toYear = yearValue('toYear', input.toYear);
  if (fromYear !== null && toYear !== null && fromYear > toYear) throw badFilter('toYear');
  return { fromYear, toYear };
}

/** The list's date column: what its page filters and sorts by. */
const DATE_OF: Record<PublicList, string> = {
  clearance: 'p.decided_on',
  decision: 'p.decided_on',
  notice: 'p.live_from',
};

/** The list's own date filters for the years: the same filters a visitor would set on its page. */
function filtersOf(list: PublicList, range: YearRange): Filters {
  const [from, to] = list === 'notice' ? ['liveFrom', 'liveTo'] : ['decidedFrom', 'decidedTo'];
  const f: Filters = {};
  if (range.fromYear !== null) f[from] = `${range.fromYear}-01-01`;
  if (range.toYear !== null) f[to] = `${range.toYear}-12-31`;
  return f;
}

const yearOf = (col: string) => sql<number>`extract(year from ${sql.ref(col)})::int`;
const quarterOf = (col: string) => sql<number>`extract(quarter from ${sql.ref(col)})::int`;
/** The GB/T 4754 section of the first industry: the one the lists show and label. */
const section = sql<string | null>`left(p.industries[1], 1)`;

function rows(list: PublicList, db: Db, range: YearRange, today: PlainDate) {
  return filteredPublications(db, list, filtersOf(list, range), today, { forCount: true });
}

async function decisionGroups(db: Db, range: YearRange, today: PlainDate): Promise<DecisionGroup[]> {
  const lists = await Promise.all(
    (['clearance', 'decision'] as const).map((list) =>
      rows(list, db, range, today)
        .select([
          yearOf(DATE_OF[list]).as('year'),
          quarterOf(DATE_OF[list]).as('quarter'),
          'p.kind',
          'p.procedure',
          section.as('section'),
          sql<number>`count(*)::int`.as('n'),
        ])
        .groupBy(sql`1, 2, 3, 4, 5`)
        .execute(),
    ),
  );
  return lists.flat().map((r) => ({
    year: Number(r.year),
    quarter: Number(r.quarter),
    kind: String(r.kind),
    procedure: (r.procedure ?? null) as string | null,
    section: (r.section ?? null) as string | null,
    n: Number(r.n),
  }));
}

async function noticeGroups(db: Db, range: YearRange, today: PlainDate): Promise<NoticeGroup[]> {
  const found = await rows('notice', db, range, today)
    .select([
      yearOf(DATE_OF.notice).as('year'),
      quarterOf(DATE_OF.notice).as('quarter'),
      section.as('section'),
      sql<number>`count(*)::int`.as('n'),
    ])
    .groupBy(sql`1, 2, 3`)
    .execute();
  return found.map((r) => ({
    year: Number(r.year),
    quarter: Number(r.quarter),
    section: (r.section ?? null) as string | null,
    n: Number(r.n),
  }));
}

/**
 * The decisions whose case has both an acceptance and a decision date, with the calendar days between.
 * A publication without a case (the historic register) has no acceptance date: counted above, not here.
 */
async function timedDecisions(db: Db, range: YearRange, today: PlainDate): Promise<TimedDecision[]> {
  const lists = await Promise.all(
    (['clearance', 'decision'] as const).map((list) =>
      rows(list, db, range, today)
        .innerJoin('filing.case as sc', 'sc.id', 'p.case_id')
        .where('sc.accepted_on', 'is not', null)
        .select([
          yearOf(DATE_OF[list]).as('year'),
          quarterOf(DATE_OF[list]).as('quarter'),
          section.as('section'),
          sql<number>`(p.decided_on - sc.accepted_on)::int`.as('days'),
        ])
        .execute(),
    ),
  );
  return lists.flat().map((r) => ({
    year: Number(r.year),
    quarter: Number(r.quarter),
    section: (r.section ?? null) as string | null,
    days: Number(r.days),
  }));
}

/** The first and last year any public list holds (no year filter). */
async function registerSpan(
  db: Db,
  today: PlainDate,
): Promise<{ first: number | null; last: number | null }> {
  const spans = await Promise.all(
    (['clearance', 'decision', 'notice'] as const).map((list) =>
      filteredPublications(db, list, {}, today, { forCount: true })
        .select([
          sql<number | null>`min(${yearOf(DATE_OF[list])})`.as('first'),
          sql<number | null>`max(${yearOf(DATE_OF[list])})`.as('last'),
        ])
        .executeTakeFirst(),
    ),
  );
  const firsts = spans
    .map((s) => s?.first)
    .filter((y) => y !== null && y !== undefined)
    .map(Number);
  const lasts = spans
    .map((s) => s?.last)
    .filter((y) => y !== null && y !== undefined)
    .map(Number);
  return {
    first: firsts.length ? Math.min(...firsts) : null,
    last: lasts.length ? Math.max(...lasts) : null,
  };
}

/** Every scope's figures for the years asked (all years when none). */
export async function registerStats(db: Db, range: YearRange, today: PlainDate): Promise<Stats> {
  const [decisions, notices, timed, span] = await Promise.all([
    decisionGroups(db, range, today),
    noticeGroups(db, range, today),
    timedDecisions(db, range, today),
    registerSpan(db, today),
  ]);
  return {
    ...range,
    firstYear: span.first,
    lastYear: span.last,
    rows: buildStatsRows(decisions, notices, timed, {
      ...range,
      firstYear: span.first,
      lastYear: span.last,
      today,
    }),
  };
}
