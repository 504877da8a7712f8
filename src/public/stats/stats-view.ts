/**
 * The statistics page's state and figures: the year range as it lives in the address (so a range is a
 * shareable link and the server renders it), the rows of each scope, and the charts' options.
 */
import { API_BASE } from '../api.ts';
import { pathOf, type ResponseOf } from '../operations.ts';
import type { Translate } from '../i18n.ts';

export type Stats = ResponseOf<'publicity.stats'>;
export type StatsRow = Stats['rows'][number];

export const STATS_PATH = '/publicityIndex/statistics';

/** The years asked for, as the address has them (the server checks them and names a bad one). */
export interface YearRange {
  fromYear?: string;
  toYear?: string;
}

export function readRange(query: URLSearchParams): YearRange {
  const range: YearRange = {};
  const from = query.get('fromYear')?.trim();
  const to = query.get('toYear')?.trim();
  if (from) range.fromYear = from;
  if (to) range.toYear = to;
  return range;
}

export function statsHref(range: YearRange): string {
  const qs = new URLSearchParams(range as Record<string, string>).toString();
  return qs ? `${STATS_PATH}?${qs}` : STATS_PATH;
}

/** The figures as CSV (in the page's language) or JSON, for the same years. */
export function statsDownloadHref(range: YearRange, format: 'csv' | 'json', lang: string): string {
  const qs = new URLSearchParams({
    format,
    ...(range as Record<string, string>),
    ...(format === 'csv' ? { lang } : {}),
  });
  return `${API_BASE}${pathOf('publicity.openData.stats')}?${qs}`;
}

export const rowsOf = (stats: Stats, scope: StatsRow['scope']): StatsRow[] =>
  stats.rows.filter((r) => r.scope === scope);

/** An industry section's name as the lists label it (publicity.industryValue), or "not recorded". */
export const industryName = (t: Translate, section: string | null | undefined): string =>
  section ? t(`industryValue.${section}`) : t('publicStats.industryUnknown');

const OUTCOMES = ['unconditional', 'conditional', 'prohibition'] as const;

const axisLabel = { fontSize: 11 };

/** Decisions by year, one stacked bar per year (the outcomes). */
export function yearsChart(t: Translate, years: StatsRow[]): Record<string, unknown> {
  return {
    tooltip: { trigger: 'axis' },
    legend: { top: 0 },
    grid: { left: 48, right: 16, top: 40, bottom: 32 },
    xAxis: { type: 'category', data: years.map((r) => String(r.year)), axisLabel },
    yAxis: { type: 'value', minInterval: 1, axisLabel },
    series: OUTCOMES.map((o) => ({
      name: t(`publicStats.figure.${o}`),
      type: 'bar',
      stack: 'outcome',
      data: years.map((r) => r[o]),
    })),
  };
}

/** Decisions by industry section, largest first, as horizontal bars. */
export function industriesChart(t: Translate, industries: StatsRow[]): Record<string, unknown> {
  const sorted = [...industries].sort((a, b) => a.decisions - b.decisions);
  return {
    tooltip: { trigger: 'axis', axisPointer: { type: 'shadow' } },
    grid: { left: 8, right: 24, top: 8, bottom: 24, containLabel: true },
    xAxis: { type: 'value', minInterval: 1, axisLabel },
    yAxis: {
      type: 'category',
      data: sorted.map((r) => industryName(t, r.industry)),
      axisLabel: { ...axisLabel, width: 180, overflow: 'truncate' },
    },
    series: [{ name: t('publicStats.figure.decisions'), type: 'bar', data: sorted.map((r) => r.decisions) }],
  };
}
