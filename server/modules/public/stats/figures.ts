/**
 * The register's figures from grouped counts: every counted group adds to the five scopes it belongs to
 * (the total, its year, its quarter, its industry, its industry in its year), and the days from
 * acceptance to decision of each timed decision give each scope's average and median. Pure: the SQL is
 * in stats.ts.
 */

export type Scope = 'total' | 'year' | 'quarter' | 'industry' | 'industryYear';

/** Decisions of one (year, quarter, outcome, procedure, industry section). */
export interface DecisionGroup {
  year: number;
  quarter: number;
  kind: string;
  procedure: string | null;
  section: string | null;
  n: number;
}

/** Notices of one (year, quarter, industry section) by their first day. */
export interface NoticeGroup {
  year: number;
  quarter: number;
  section: string | null;
  n: number;
}

/** One decision whose case has both its acceptance and its decision date. */
export interface TimedDecision {
  year: number;
  quarter: number;
  section: string | null;
  days: number;
}

export interface StatsRow {
  scope: Scope;
  year: number | null;
  quarter: number | null;
  /** GB/T 4754 section letter; null in an industry scope: no industry recorded. */
  industry: string | null;
  decisions: number;
  unconditional: number;
  conditional: number;
  prohibition: number;
  simplified: number;
  normal: number;
  procedureUnknown: number;
  notices: number;
  timedCases: number;
  averageDays: number | null;
  medianDays: number | null;
}

const OUTCOME: Record<string, 'unconditional' | 'conditional' | 'prohibition'> = {
  CLEARANCE: 'unconditional',
  CONDITIONAL: 'conditional',
  PROHIBITION: 'prohibition',
};

interface Cell {
  row: StatsRow;
  days: number[];
}

const SCOPE_ORDER: Scope[] = ['total', 'year', 'quarter', 'industry', 'industryYear'];

/** An empty section code ('' from an empty array) counts as none. */
const sectionOf = (s: string | null): string | null => (s ? s : null);

export interface Span {
  /** The years asked for (either may be open). */
  fromYear: number | null;
  toYear: number | null;
  /** The years the register holds, whatever was asked (null: nothing public yet). */
  firstYear: number | null;
  lastYear: number | null;
  /** The China date today: no quarter after the current one is listed. */
  today: string;
}

/**
 * The rows of every scope. Years (and their quarters) run without gaps over the years asked for that the
 * register holds, zero where nothing was decided; industries and industry years only where something was.
 */
export function buildStatsRows(
  decisions: DecisionGroup[],
  notices: NoticeGroup[],
  timed: TimedDecision[],
  span: Span,
): StatsRow[] {
  const cells = new Map<string, Cell>();
  const cell = (scope: Scope, year: number | null, quarter: number | null, industry: string | null) => {
    const key = `${scope}|${year}|${quarter}|${industry}`;
    let c = cells.get(key);
    if (!c) {
      c = { row: emptyRow(scope, year, quarter, industry), days: [] };
      cells.set(key, c);
    }
    return c;
  };
  const cellsOf = (year: number, quarter: number, section: string | null) => [
    cell('total', null, null, null),
    cell('year', year, null, null),
    cell('quarter', year, quarter, null),
    cell('industry', null, null, section),
    cell('industryYear', year, null, section),
  ];

  cell('total', null, null, null);
  for (const year of yearsShown(span)) {
    cell('year', year, null, null);
    const lastQuarter = year === Number(span.today.slice(0, 4)) ? quarterOf(span.today) : 4;
    for (let q = 1; q <= lastQuarter; q += 1) cell('quarter', year, q, null);
  }

  for (const g of decisions) {
    const outcome = OUTCOME[g.kind];
    if (!outcome) continue;
    for (const { row } of cellsOf(g.year, g.quarter, sectionOf(g.section))) {
      row.decisions += g.n;
      row[outcome] += g.n;
      if (g.procedure === 'SIMPLIFIED') row.simplified += g.n;
      else if (g.procedure === 'NORMAL') row.normal += g.n;
      else row.procedureUnknown += g.n;
    }
  }
  for (const g of notices)
    for (const { row } of cellsOf(g.year, g.quarter, sectionOf(g.section))) row.notices += g.n;
  for (const t of timed)
    for (const c of cellsOf(t.year, t.quarter, sectionOf(t.section))) c.days.push(t.days);

  const rows = [...cells.values()].map(({ row, days }) => ({ ...row, ...durationOf(days) }));
  return rows.sort(compareRows);
}

function emptyRow(
  scope: Scope,
  year: number | null,
  quarter: number | null,
  industry: string | null,
): StatsRow {
  return {
    scope,
    year,
    quarter,
    industry,
    decisions: 0,
    unconditional: 0,
    conditional: 0,
    prohibition: 0,
    simplified: 0,
    normal: 0,
    procedureUnknown: 0,
    notices: 0,
    timedCases: 0,
    averageDays: null,
    medianDays: null,
  };
}

/** The years asked for, within the years the register holds. */
function yearsShown(span: Span): number[] {
  if (span.firstYear === null || span.lastYear === null) return [];
  const from = Math.max(span.fromYear ?? span.firstYear, span.firstYear);
  const to = Math.min(span.toYear ?? span.lastYear, span.lastYear);
  const out: number[] = [];
  for (let y = from; y <= to; y += 1) out.push(y);
  return out;
}

const quarterOf = (date: string): number => Math.floor((Number(date.slice(5, 7)) - 1) / 3) + 1;

/** Average to one decimal and median (the middle day, or the mean of the two middle ones). */
export function durationOf(days: number[]): Pick<StatsRow, 'timedCases' | 'averageDays' | 'medianDays'> {
  if (days.length === 0) return { timedCases: 0, averageDays: null, medianDays: null };
  const sorted = [...days].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  const median = sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  const sum = sorted.reduce((s, d) => s + d, 0);
  return {
    timedCases: sorted.length,
    averageDays: Math.round((sum / sorted.length) * 10) / 10,
    medianDays: median,
  };
}

/** Scope, then year, quarter, industry (none last). */
function compareRows(a: StatsRow, b: StatsRow): number {
  return (
    SCOPE_ORDER.indexOf(a.scope) - SCOPE_ORDER.indexOf(b.scope) ||
    (a.year ?? 0) - (b.year ?? 0) ||
    (a.quarter ?? 0) - (b.quarter ?? 0) ||
    (a.industry ?? '\uffff').localeCompare(b.industry ?? '\uffff')
  );
}
