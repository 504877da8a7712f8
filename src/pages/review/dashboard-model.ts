/**
 * The deadline dashboard's figures (filing.dashboard) shaped for its charts: cases by state, cases by
 * division, average days to acceptance and to decision by division. Pure, so it is tested alone.
 */
export interface DashboardData {
  byState: { state: string; division: string | null; count: number }[];
  dueThisWeek: number;
  averages: { division: string | null; daysToAcceptance: number | null; daysToDecision: number | null }[];
  /** Cases with a due date in a year the holiday calendar does not hold yet, and those years. */
  calendarGap?: { years: string; cases: number } | null;
}

export interface Series {
  labels: string[];
  values: number[];
}

/** States in which the procedure has ended: decided, withdrawn, returned or deemed not filed. */
export const CLOSED_STATES = [
  'CLEARED',
  'CLEARED_WITH_CONDITIONS',
  'PROHIBITED',
  'DEEMED_CLEARED',
  'RETURNED',
  'DEEMED_NOT_FILED',
  'WITHDRAWN',
];

/** Cases per state, in the order of the procedure (states absent from the answer left out). */
export const STATE_ORDER = [
  'SUBMITTED',
  'AWAITING_SUPPLEMENT',
  'PHASE_I',
  'PHASE_II',
  'SUSPENDED',
  'WITHDRAWAL_PENDING',
  ...CLOSED_STATES,
];

export function casesByState(data: DashboardData): { states: string[]; values: number[] } {
  const totals = new Map<string, number>();
  for (const row of data.byState) totals.set(row.state, (totals.get(row.state) ?? 0) + row.count);
  const states = [
    ...STATE_ORDER.filter((s) => totals.has(s)),
    ...[...totals.keys()].filter((s) => !STATE_ORDER.includes(s)),
  ];
  return { states, values: states.map((s) => totals.get(s)!) };
}

export function casesByDivision(data: DashboardData, noDivision: string): Series {
  const totals = new Map<string, number>();
  for (const row of data.byState) {
    const key = row.division ?? noDivision;
    totals.set(key, (totals.get(key) ?? 0) + row.count);
  }
  const labels = [...totals.keys()].sort((a, b) =>
    a === noDivision ? 1 : b === noDivision ? -1 : a.localeCompare(b),
  );
  return { labels, values: labels.map((l) => totals.get(l)!) };
}

export function averagesByDivision(
  data: DashboardData,
  noDivision: string,
): { labels: string[]; toAcceptance: (number | null)[]; toDecision: (number | null)[] } {
  const rows = [...data.averages].sort((a, b) =>
    (a.division ?? '\uffff').localeCompare(b.division ?? '\uffff'),
  );
  return {
    labels: rows.map((r) => r.division ?? noDivision),
    toAcceptance: rows.map((r) => r.daysToAcceptance),
    toDecision: rows.map((r) => r.daysToDecision),
  };
}

/** 在审案件: the cases whose procedure is still running (the charts also count the closed ones). */
export function casesUnderReview(data: DashboardData): number {
  return data.byState
    .filter((row) => !CLOSED_STATES.includes(row.state))
    .reduce((sum, row) => sum + row.count, 0);
}
