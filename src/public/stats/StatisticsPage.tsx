/**
 * /publicityIndex/statistics: the register's figures for a range of years — a summary, charts drawn in
 * the browser after mount (StatsChart, echarts fetched only here), and the tables that hold every figure
 * (the accessible source, and what a server render or a reader without JavaScript sees), with the same
 * figures as CSV and JSON. The range lives in the address; the form is a plain GET form as well.
 */
import { useMemo, useState, type FormEvent } from 'react';
import { callPublic } from '../api.ts';
import { useI18n } from '../i18n.ts';
import { Status } from '../Layout.tsx';
import { usePublicLoad } from '../page-data.ts';
import { navigate, usePlace } from '../router.tsx';
import { useTitle } from '../use-title.ts';
import { StatsChart } from './StatsChart.tsx';
import {
  industriesChart,
  industryName,
  readRange,
  rowsOf,
  statsDownloadHref,
  statsHref,
  STATS_PATH,
  yearsChart,
  type Stats,
  type StatsRow,
  type YearRange,
} from './stats-view.ts';

type Figure = Exclude<keyof StatsRow, 'scope' | 'year' | 'quarter' | 'industry'>;

const OUTCOME_FIGURES: Figure[] = ['decisions', 'unconditional', 'conditional', 'prohibition'];
const PROCEDURE_FIGURES: Figure[] = ['simplified', 'normal', 'procedureUnknown'];
const DAY_FIGURES: Figure[] = ['averageDays', 'medianDays'];

export function StatisticsPage() {
  const { t, language } = useI18n();
  const { query } = usePlace();
  useTitle(t('publicStats.title'));
  const range = readRange(query);
  const key = `stats:${range.fromYear ?? ''}:${range.toYear ?? ''}`;
  const stats = usePublicLoad(
    key,
    (signal) => callPublic('publicity.stats', { body: { ...range }, signal }),
    { keepPrevious: true },
  );
  const data = stats.error ? undefined : stats.data;
  return (
    <div className="pub-stats">
      <h1>{t('publicStats.heading')}</h1>
      <p>{t('publicStats.intro')}</p>
      <RangeForm key={key} range={range} stats={data} />
      {/* A new range loads under the last one's figures (kept), with the status saying so. */}
      {(!data || stats.loading) && (
        <Status loading={stats.loading} error={stats.error} onRetry={stats.reload} />
      )}
      {data && <Figures stats={data} range={range} language={language} />}
    </div>
  );
}

/** The year range: two selects over the years the register holds; applying it changes the address. */
function RangeForm({ range, stats }: { range: YearRange; stats: Stats | undefined }) {
  const { t } = useI18n();
  const [from, setFrom] = useState(range.fromYear ?? '');
  const [to, setTo] = useState(range.toYear ?? '');
  const [problem, setProblem] = useState('');
  const years = useMemo(() => {
    const out: string[] = [];
    if (stats?.firstYear != null && stats.lastYear != null)
      for (let y = stats.lastYear; y >= stats.firstYear; y -= 1) out.push(String(y));
    // A year of the address the register does not hold stays choosable (the figures say it is empty).
    for (const y of [range.fromYear, range.toYear]) if (y && !out.includes(y)) out.push(y);
    return out;
  }, [stats?.firstYear, stats?.lastYear, range.fromYear, range.toYear]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (from && to && Number(from) > Number(to)) {
      setProblem(t('publicStats.rangeOrder'));
      return;
    }
    setProblem('');
    navigate(statsHref({ ...(from ? { fromYear: from } : {}), ...(to ? { toYear: to } : {}) }));
  };
  const select = (name: 'fromYear' | 'toYear', value: string, set: (v: string) => void) => (
    <div className="pub-field">
      <label htmlFor={`stats-${name}`}>{t(`publicStats.${name}`)}</label>
      <select
        id={`stats-${name}`}
        name={name}
        value={value}
        onChange={(e) => set(e.target.value)}
        aria-invalid={problem && name === 'toYear' ? true : undefined}
        aria-describedby={problem && name === 'toYear' ? 'stats-range-problem' : undefined}
      >
        <option value="">{t('publicStats.allYears')}</option>
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </select>
    </div>
  );
  return (
    <form method="get" action={STATS_PATH} onSubmit={submit} className="pub-card" noValidate>
      <fieldset className="pub-stats-range">
        <legend>{t('publicStats.range')}</legend>
        {select('fromYear', from, setFrom)}
        {select('toYear', to, setTo)}
        <button type="submit" className="pub-button pub-primary">
          {t('publicStats.apply')}
        </button>
      </fieldset>
      {problem && (
        <p id="stats-range-problem" className="pub-field-error" role="alert">
          {problem}
        </p>
      )}
    </form>
  );
}

function Figures({ stats, range, language }: { stats: Stats; range: YearRange; language: string }) {
  const { t } = useI18n();
  const total = rowsOf(stats, 'total')[0];
  const years = rowsOf(stats, 'year');
  const quarters = rowsOf(stats, 'quarter');
  const industries = rowsOf(stats, 'industry');
  const number = useMemo(() => new Intl.NumberFormat(language), [language]);
  // A new answer or language draws new charts; a re-render with the same ones keeps them.
  const charts = useMemo(
    () => ({
      years: yearsChart(t, rowsOf(stats, 'year')),
      industries: industriesChart(t, rowsOf(stats, 'industry')),
    }),
    [stats, t],
  );
  const cell = (row: StatsRow, f: Figure) => {
    const v = row[f];
    return v === null || v === undefined ? t('publicStats.none') : number.format(v);
  };
  const period =
    stats.fromYear == null && stats.toYear == null
      ? t('publicStats.allYears')
      : t('publicStats.periodRange', {
          from: String(stats.fromYear ?? stats.firstYear ?? ''),
          to: String(stats.toYear ?? stats.lastYear ?? ''),
        });
  // The procedure not recorded is a column only when some decision lacks it.
  const procedures = PROCEDURE_FIGURES.filter((f) => f !== 'procedureUnknown' || total.procedureUnknown > 0);
  const columns: Figure[] = [...OUTCOME_FIGURES, ...procedures, 'notices', ...DAY_FIGURES];
  const empty = total.decisions === 0 && total.notices === 0;

  return (
    <>
      <section aria-labelledby="stats-summary" className="pub-card">
        <h2 id="stats-summary">
          {t('publicStats.summary')} <span className="pub-muted">{period}</span>
        </h2>
        {empty ? (
          <p>{t('publicStats.noData')}</p>
        ) : (
          <dl className="pub-stats-summary">
            {[...OUTCOME_FIGURES, ...procedures, 'notices' as const].map((f) => (
              <div key={f}>
                <dt>{t(`publicStats.figure.${f}`)}</dt>
                <dd>{cell(total, f)}</dd>
              </div>
            ))}
            {DAY_FIGURES.map((f) => (
              <div key={f}>
                <dt>{t(`publicStats.figure.${f}`)}</dt>
                <dd>
                  {total[f] == null
                    ? t('publicStats.none')
                    : t('publicStats.days', { days: number.format(total[f]) })}
                </dd>
              </div>
            ))}
          </dl>
        )}
        <p className="pub-hint">{t('publicStats.daysNote', { count: number.format(total.timedCases) })}</p>
        <p className="pub-downloads">
          <span>{t('publicStats.downloads')}</span>
          <a href={statsDownloadHref(range, 'csv', language)} download>
            CSV
          </a>
          <a href={statsDownloadHref(range, 'json', language)} download>
            JSON
          </a>
        </p>
      </section>

      {years.length > 0 && (
        <section aria-labelledby="stats-years" className="pub-card">
          <h2 id="stats-years">{t('publicStats.caption.years')}</h2>
          {!empty && <StatsChart option={charts.years} label={t('publicStats.chart.years')} />}
          <FigureTable
            id="stats-years-table"
            caption={`${t('publicStats.caption.years')} ${period}`}
            head={t('publicStats.column.year')}
            rows={years}
            rowName={(r) => t('publicStats.yearName', { year: String(r.year) })}
            columns={columns}
            cell={cell}
          />
        </section>
      )}

      {quarters.length > 0 && (
        <section aria-labelledby="stats-quarters" className="pub-card">
          <h2 id="stats-quarters">{t('publicStats.caption.quarters')}</h2>
          <FigureTable
            id="stats-quarters-table"
            caption={`${t('publicStats.caption.quarters')} ${period}`}
            head={t('publicStats.column.quarter')}
            rows={quarters}
            rowName={(r) =>
              t('publicStats.quarterName', { year: String(r.year), quarter: String(r.quarter) })
            }
            columns={columns}
            cell={cell}
          />
        </section>
      )}

      {industries.length > 0 && (
        <section aria-labelledby="stats-industries" className="pub-card">
          <h2 id="stats-industries">{t('publicStats.caption.industries')}</h2>
          <StatsChart
            option={charts.industries}
            label={t('publicStats.chart.industries')}
            height={Math.max(200, industries.length * 26 + 40)}
          />
          <FigureTable
            id="stats-industries-table"
            caption={`${t('publicStats.caption.industries')} ${period}`}
            head={t('publicStats.column.industry')}
            rows={industries}
            rowName={(r) => industryName(t, r.industry)}
            columns={[...OUTCOME_FIGURES, 'notices', ...DAY_FIGURES]}
            cell={cell}
          />
        </section>
      )}
    </>
  );
}

/** A table of figures: one row per period or industry (a row header), one column per figure. */
function FigureTable({
  id,
  caption,
  head,
  rows,
  rowName,
  columns,
  cell,
}: {
  id: string;
  caption: string;
  head: string;
  rows: StatsRow[];
  rowName: (r: StatsRow) => string;
  columns: Figure[];
  cell: (r: StatsRow, f: Figure) => string;
}) {
  const { t } = useI18n();
  return (
    // Wider than a phone: the region scrolls sideways, so it takes the keyboard focus too.
    <div className="pub-table-wrap" tabIndex={0} role="region" aria-labelledby={`${id}-caption`}>
      <table className="pub-table pub-stats-table" id={id}>
        <caption id={`${id}-caption`}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{head}</th>
            {columns.map((f) => (
              <th key={f} scope="col">
                {t(`publicStats.figure.${f}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={`${r.year}-${r.quarter}-${r.industry}`}>
              <th scope="row" className="pub-nowrap">
                {rowName(r)}
              </th>
              {columns.map((f) => (
                <td key={f}>{cell(r, f)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
