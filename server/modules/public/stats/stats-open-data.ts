/**
 * The figures as open data, like the lists' (open-data.ts): JSON with stable snake_case keys and codes,
 * CSV (BOM, CRLF, csv.ts quoting) in the request's language, where each coded field — the scope and the
 * industry — is a code column followed by its label column.
 */
import { translate, type Language } from '../../../http/i18n.ts';
import { csvLine, UTF8_BOM, type CsvValue } from '../csv.ts';
import type { StatsRow } from './figures.ts';

/** JSON keys in the CSV's column order: the published contract of the figures' open data. */
export const STATS_FIELDS = [
  'scope',
  'year',
  'quarter',
  'industry',
  'decisions',
  'unconditional',
  'conditional',
  'prohibition',
  'simplified',
  'normal',
  'procedure_unknown',
  'notices',
  'timed_cases',
  'average_days',
  'median_days',
] as const;

type Field = (typeof STATS_FIELDS)[number];
type StatsRecord = Record<Field, CsvValue>;

/** Fields written as a code then its label. */
const CODED = new Set<Field>(['scope', 'industry']);

export function statsRecord(r: StatsRow): StatsRecord {
  return {
    scope: r.scope,
    year: r.year,
    quarter: r.quarter,
    industry: r.industry,
    decisions: r.decisions,
    unconditional: r.unconditional,
    conditional: r.conditional,
    prohibition: r.prohibition,
    simplified: r.simplified,
    normal: r.normal,
    procedure_unknown: r.procedureUnknown,
    notices: r.notices,
    timed_cases: r.timedCases,
    average_days: r.averageDays,
    median_days: r.medianDays,
  };
}

/** A coded cell's label: the scope's name; an industry by its GB/T 4754 section, as the lists label it. */
function labelOf(field: Field, r: StatsRecord, lang: Language): string {
  if (field === 'scope') return translate(lang, `publicStats.scope.${String(r.scope)}`);
  const byIndustry = r.scope === 'industry' || r.scope === 'industryYear';
  if (!byIndustry) return '';
  if (r.industry === null || r.industry === undefined || r.industry === '')
    return translate(lang, 'publicStats.industryUnknown');
  const key = `publicity.industryValue.${String(r.industry).charAt(0)}`;
  const text = translate(lang, key);
  return text === key ? '' : text;
}

/**
 * Each CSV column's header: the page's own names (its table columns and figures), and for the code
 * columns and the scope the few of publicStats.csvColumn.
 */
const HEADER: Record<string, string> = {
  scope_code: 'csvColumn.scope_code',
  scope: 'csvColumn.scope',
  year: 'column.year',
  quarter: 'column.quarter',
  industry_code: 'csvColumn.industry_code',
  industry: 'column.industry',
  decisions: 'figure.decisions',
  unconditional: 'figure.unconditional',
  conditional: 'figure.conditional',
  prohibition: 'figure.prohibition',
  simplified: 'figure.simplified',
  normal: 'figure.normal',
  procedure_unknown: 'figure.procedureUnknown',
  notices: 'figure.notices',
  timed_cases: 'figure.timedCases',
  average_days: 'figure.averageDays',
  median_days: 'figure.medianDays',
};

export function statsCsv(rows: StatsRow[], lang: Language): Buffer {
  const columns = STATS_FIELDS.flatMap((field) =>
    CODED.has(field)
      ? [
          { header: `${field}_code`, field, label: false },
          { header: field, field, label: true },
        ]
      : [{ header: field, field, label: false }],
  );
  const lines = [UTF8_BOM + csvLine(columns.map((c) => translate(lang, `publicStats.${HEADER[c.header]}`)))];
  for (const row of rows) {
    const r = statsRecord(row);
    lines.push(csvLine(columns.map((c) => (c.label ? labelOf(c.field, r, lang) : r[c.field]))));
  }
  return Buffer.from(lines.join(''));
}

export function statsJson(rows: StatsRow[]): Buffer {
  return Buffer.from(`${JSON.stringify(rows.map(statsRecord))}\n`);
}
