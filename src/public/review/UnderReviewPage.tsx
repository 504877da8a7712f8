/**
 * /publicityIndex/underReview: the open cases the public may know about (publicity.review.query), with
 * their phase and, where the authority made a case's progress public, its acceptance and deadline.
 * Keyword, phase and page live in the address; the data loads through usePublicLoad, so a server render
 * can fill it.
 */
import { useState, type FormEvent } from 'react';
import { callPublic } from '../api.ts';
import { useI18n, type Translate } from '../i18n.ts';
import { Status } from '../Layout.tsx';
import type { RowOf } from '../operations.ts';
import { usePublicLoad } from '../page-data.ts';
import { partyList } from '../ResultTable.tsx';
import { Link, navigate, usePlace } from '../router.tsx';
import { useTitle } from '../use-title.ts';
import type { ListRequest } from '../../../schemas/generated/operations.ts';

export const UNDER_REVIEW_PATH = '/publicityIndex/underReview';
const PAGE_SIZE = 20;
const PHASES = ['NOTICE', 'PHASE_I', 'PHASE_II', 'SUSPENDED'] as const;
/** As the other public lists: a keyword of at least two characters (one would match nearly everything). */
const KEYWORD_MIN = 2;

type Row = RowOf<'publicity.review.query'>;

interface ReviewQuery {
  keyword: string;
  phase: string;
  page: number;
}

function readReviewQuery(query: URLSearchParams): ReviewQuery {
  const phase = query.get('phase') ?? '';
  return {
    keyword: (query.get('keyword') ?? '').trim(),
    phase: (PHASES as readonly string[]).includes(phase) ? phase : '',
    page: Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1),
  };
}

function hrefOf(state: ReviewQuery): string {
  const query = new URLSearchParams();
  if (state.keyword) query.set('keyword', state.keyword);
  if (state.phase) query.set('phase', state.phase);
  if (state.page > 1) query.set('page', String(state.page));
  const text = query.toString();
  return text ? `${UNDER_REVIEW_PATH}?${text}` : UNDER_REVIEW_PATH;
}

function requestOf(state: ReviewQuery): ListRequest {
  const parameters = [
    ...(state.keyword ? [{ key: 'keyword', value: state.keyword }] : []),
    ...(state.phase ? [{ key: 'phase', value: state.phase }] : []),
  ];
  return { parameters, requestPage: { pageNo: state.page, limit: PAGE_SIZE } };
}

export function UnderReviewPage() {
  const { t } = useI18n();
  const { query } = usePlace();
  const state = readReviewQuery(query);
  useTitle(t('publicReview.title'));
  const body = requestOf(state);
  const list = usePublicLoad(
    `under-review:${JSON.stringify(body)}`,
    (signal) => callPublic('publicity.review.query', { body, signal }),
    { keepPrevious: true },
  );
  const total = list.data?.pageResult.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));

  return (
    <div className="pub-query">
      <h1>{t('publicReview.title')}</h1>
      <p className="pub-muted">{t('publicReview.intro')}</p>
      <div className="pub-panel">
        <ReviewFilters key={hrefOf(state)} state={state} />
        <div className="pub-results" aria-busy={list.loading}>
          <Status loading={list.loading} error={list.error} onRetry={list.reload} />
          {list.data && (
            <>
              <p className="pub-count" aria-live="polite">
                {t('query.results', { count: total })}
              </p>
              {list.data.dataResult.length === 0 ? (
                <p>{t('query.noResults')}</p>
              ) : (
                <ReviewTable rows={list.data.dataResult} page={state.page} />
              )}
              {pages > 1 && <Pager state={state} pages={pages} />}
            </>
          )}
        </div>
      </div>
    </div>
  );
}

/** Keyword and phase: a draft checked here, then written to the address the list loads from. */
function ReviewFilters({ state }: { state: ReviewQuery }) {
  const { t } = useI18n();
  const [keyword, setKeyword] = useState(state.keyword);
  const [phase, setPhase] = useState(state.phase);
  const [problem, setProblem] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const text = keyword.trim();
    if (text && [...text].length < KEYWORD_MIN) {
      setProblem(true);
      document.getElementById('r-keyword')?.focus();
      return;
    }
    navigate(hrefOf({ keyword: text, phase, page: 1 }));
  };
  return (
    <form
      role="search"
      aria-label={t('publicReview.filters')}
      className="pub-filters"
      onSubmit={submit}
      noValidate
    >
      <div className="pub-filter-grid">
        <div className="pub-field pub-field-wide">
          <label htmlFor="r-keyword">{t('publicReview.keyword')}</label>
          <input
            id="r-keyword"
            name="keyword"
            type="search"
            maxLength={100}
            value={keyword}
            aria-invalid={problem || undefined}
            aria-describedby={problem ? 'r-keyword-hint r-keyword-error' : 'r-keyword-hint'}
            onChange={(e) => setKeyword(e.target.value)}
          />
          <small id="r-keyword-hint" className="pub-hint">
            {t('query.keywordHint')}
          </small>
          {problem && (
            <small id="r-keyword-error" className="pub-field-error">
              {t('query.keywordTooShort')}
            </small>
          )}
        </div>
        <div className="pub-field">
          <label htmlFor="r-phase">{t('publicReview.phase')}</label>
          <select id="r-phase" name="phase" value={phase} onChange={(e) => setPhase(e.target.value)}>
            <option value="">{t('publicReview.any')}</option>
            {PHASES.map((p) => (
              <option key={p} value={p}>
                {t(`publicReview.phaseValue.${p}`)}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div className="pub-actions">
        <button type="submit" className="pub-primary">
          {t('query.search')}
        </button>
        <button type="button" onClick={() => navigate(UNDER_REVIEW_PATH)}>
          {t('query.reset')}
        </button>
      </div>
    </form>
  );
}

const COLUMNS = ['caseNo', 'title', 'parties', 'procedure', 'phase', 'acceptedOn', 'dueOn', 'daysRemaining'];
const COLUMN_KEY: Record<string, string> = { caseNo: 'column.caseNo', parties: 'column.parties' };

function ReviewTable({ rows, page }: { rows: Row[]; page: number }) {
  const { t } = useI18n();
  return (
    <>
      <div className="pub-table-wrap pub-results" tabIndex={0} role="region" aria-labelledby="caption-review">
        <table className="pub-table pub-table-wide">
          <caption id="caption-review">{t('publicReview.caption', { page })}</caption>
          <thead>
            <tr>
              {COLUMNS.map((k) => (
                <th key={k} scope="col">
                  {t(COLUMN_KEY[k] ?? `publicReview.column.${k}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row, i) => (
              <ReviewRow key={row.caseNo ?? `row-${i}`} row={row} />
            ))}
          </tbody>
        </table>
      </div>
      <p className="pub-muted">
        {t('publicReview.column.daysRemaining')}: {t('publicReview.daysHint')}
      </p>
    </>
  );
}

function ReviewRow({ row }: { row: Row }) {
  const { t } = useI18n();
  const hidden = <span className="pub-muted">{t('publicReview.notPublic')}</span>;
  return (
    <tr>
      <td className="pub-nowrap">
        {row.caseNo ? (
          <Link href={`/publicityIndex/case/${encodeURIComponent(row.caseNo)}`}>{row.caseNo}</Link>
        ) : null}
      </td>
      <th scope="row">{row.title}</th>
      <td>{partyList(row.parties)}</td>
      <td className="pub-nowrap">{row.procedure ? t(`procedureValue.${row.procedure}`) : ''}</td>
      <td>
        <span className="pub-badge">{t(`publicReview.phaseValue.${row.phase}`)}</span>
        {row.phaseIIStartedOn && (
          <div className="pub-muted">{t('publicReview.phaseIIFrom', { date: row.phaseIIStartedOn })}</div>
        )}
        {row.noticeId && (
          <div>
            <Link href={`/publicityIndex/notice/${encodeURIComponent(row.noticeId)}`}>
              {t('publicReview.noticePeriod', {
                from: row.noticeLiveFrom ?? '',
                until: row.noticeLiveUntil ?? '',
              })}
            </Link>{' '}
            {row.noticeState && (
              <span className={`pub-badge pub-badge-${row.noticeState}`}>
                {t(`publicReview.noticeState.${row.noticeState}`)}
              </span>
            )}
          </div>
        )}
      </td>
      <td className="pub-nowrap">{row.progressPublic ? (row.acceptedOn ?? '') : hidden}</td>
      <td className="pub-nowrap">
        {!row.progressPublic
          ? hidden
          : row.clockStopped
            ? t('publicReview.stoppedSince', { date: row.clockStoppedOn ?? '' })
            : (row.dueOn ?? '')}
      </td>
      <td className="pub-nowrap">{row.progressPublic ? daysText(t, row.daysRemaining) : hidden}</td>
    </tr>
  );
}

/** Days to the due date as the back office counts them; past it, how many days past. */
function daysText(t: Translate, days: number | null | undefined): string {
  if (days === null || days === undefined) return '';
  if (days === 0) return t('publicReview.dueToday');
  return days > 0 ? t('publicReview.daysLeft', { days }) : t('publicReview.overdue', { days: -days });
}

function Pager({ state, pages }: { state: ReviewQuery; pages: number }) {
  const { t } = useI18n();
  const go = (page: number) => navigate(hrefOf({ ...state, page }));
  return (
    <nav aria-label={t('query.pager')} className="pub-pager">
      <button type="button" disabled={state.page <= 1} onClick={() => go(state.page - 1)}>
        {t('query.previous')}
      </button>
      <span>{t('query.pageOf', { page: state.page, pages })}</span>
      <button type="button" disabled={state.page >= pages} onClick={() => go(state.page + 1)}>
        {t('query.next')}
      </button>
    </nav>
  );
}
