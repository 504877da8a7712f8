/**
 * The filter form of a list: a draft of the filters, checked here (keyword of two characters and up,
 * real dates, date ranges in order), then written to the address, which is what the list loads from.
 */
import { useEffect, useLayoutEffect, useRef, useState, type FormEvent } from 'react';
import { DATE_PATTERN, parseDateText } from './date-text.ts';
import { useI18n } from './i18n.ts';
import {
  FILTERS,
  filterProblems,
  PAGE_SIZES,
  SORTS,
  type FilterDef,
  type QueryState,
} from './query-state.ts';
import type { RowOf } from './operations.ts';

interface Props {
  state: QueryState;
  /** The batch filter's options; undefined until they are loaded. */
  batches: RowOf<'publicity.batch.query'>[] | undefined;
  /** The batch filter is shown or used: its options are wanted. */
  onWantBatches: () => void;
  onApply: (next: QueryState) => void;
}

const LABEL_KEY: Record<string, string> = {
  keyword: 'query.keyword',
  decidedFrom: 'query.decidedFrom',
  decidedTo: 'query.decidedTo',
  publishedFrom: 'query.publishedFrom',
  publishedTo: 'query.publishedTo',
  filedFrom: 'query.filedFrom',
  filedTo: 'query.filedTo',
  acceptedFrom: 'query.acceptedFrom',
  acceptedTo: 'query.acceptedTo',
  procedure: 'query.procedure',
  industry: 'query.industry',
  transactionMode: 'query.transactionMode',
  batchId: 'query.batch',
  state: 'query.state',
  decisionType: 'query.decision',
  liveFrom: 'query.liveFrom',
  liveTo: 'query.liveTo',
};

/** The draft starts from the address; the caller keys the form by it, so back/forward resets the draft. */
export function FilterForm({ state, batches, onWantBatches, onApply }: Props) {
  const { t } = useI18n();
  const [draft, setDraft] = useState(state.filters);
  const [sort, setSort] = useState(state.sort);
  const [size, setSize] = useState(state.size);
  const [problems, setProblems] = useState<Record<string, string>>({});
  // On a phone the other filters fold away unless one is set; a wide screen shows them all.
  const [openMore] = useState(
    () => Object.keys(state.filters).some((k) => k !== 'keyword') || state.sort !== SORTS[state.tab][0],
  );
  // The screen's width is known only in the browser: the filters open there before the first paint
  // (the server's HTML, which cannot know it, hydrates as rendered; the toggle asks for the batches).
  const more = useRef<HTMLDetailsElement>(null);
  useLayoutEffect(() => {
    if (more.current && window.matchMedia('(min-width: 40rem)').matches) more.current.open = true;
  }, []);
  const hasBatchFilter = FILTERS[state.tab].some((d) => d.key === 'batchId');
  // Filters open from the start (a wide screen, or a filter set) show the batch filter.
  useEffect(() => {
    if (openMore && hasBatchFilter) onWantBatches();
  }, [openMore, hasBatchFilter, onWantBatches]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = Object.fromEntries(
      Object.entries(draft)
        .map(([k, v]) => [k, v.trim()])
        .filter(([, v]) => v),
    );
    // Dates go to the address as yyyy-mm-dd, whichever accepted form was typed. A bad one is left
    // out of the range check (nothing is applied while it stands).
    const badDates: Record<string, string> = {};
    for (const def of FILTERS[state.tab]) {
      const text = trimmed[def.key];
      if (def.kind !== 'date' || !text) continue;
      const date = parseDateText(text);
      if (date) trimmed[def.key] = date;
      else {
        badDates[def.key] = 'query.dateInvalid';
        delete trimmed[def.key];
      }
    }
    const found = { ...filterProblems(trimmed), ...badDates };
    setProblems(found);
    const first = FILTERS[state.tab].find((d) => found[d.key]);
    if (first) {
      document.getElementById(`f-${first.key}`)?.focus();
      return;
    }
    onApply({ ...state, filters: trimmed, sort, size, page: 1 });
  };

  const reset = () =>
    onApply({ tab: state.tab, filters: {}, sort: SORTS[state.tab][0], size: state.size, page: 1 });

  const field = (def: FilterDef) => {
    const id = `f-${def.key}`;
    const problem = problems[def.key];
    const describedBy = [def.key === 'keyword' ? `${id}-hint` : '', problem ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ');
    const common = {
      id,
      name: def.key,
      value: draft[def.key] ?? '',
      'aria-invalid': problem ? true : undefined,
      'aria-describedby': describedBy || undefined,
      onChange: (e: { target: { value: string } }) => setDraft((d) => ({ ...d, [def.key]: e.target.value })),
    };
    const isBatch = def.key === 'batchId';
    // Until the batches load, a batch in the draft keeps its value under a loading label.
    const options: [string, string][] = isBatch
      ? batches
        ? batches.map((b) => [b.id, `${b.title}（${b.publishedOn}）`])
        : draft.batchId
          ? [[draft.batchId, t('loading')]]
          : []
      : (def.options ?? []).map((v) => [v, t(`${def.labelPrefix}.${v}`)]);
    const batchLoading = isBatch && !batches;
    return (
      <div
        key={def.key}
        className={`pub-field pub-field-${def.kind}${def.key === 'keyword' ? ' pub-field-wide' : ''}`}
      >
        <label htmlFor={id}>{t(LABEL_KEY[def.key])}</label>
        {def.kind === 'select' ? (
          <select
            {...common}
            aria-busy={batchLoading || undefined}
            onFocus={isBatch ? onWantBatches : undefined}
            onPointerDown={isBatch ? onWantBatches : undefined}
          >
            <option value="">{t('query.any')}</option>
            {options.map(([value, label]) => (
              <option key={value} value={value}>
                {def.key === 'industry' ? `${value} ${label}` : label}
              </option>
            ))}
            {batchLoading && !draft.batchId && (
              <option value="" disabled>
                {t('loading')}
              </option>
            )}
          </select>
        ) : def.kind === 'date' ? (
          // Text, not type=date: its placeholder would follow the browser's language, not the page's.
          <input
            {...common}
            type="text"
            inputMode="numeric"
            autoComplete="off"
            pattern={DATE_PATTERN}
            maxLength={20}
            placeholder={t('query.datePlaceholder')}
            onBlur={(e) => {
              const date = parseDateText(e.target.value);
              if (date && date !== e.target.value) setDraft((d) => ({ ...d, [def.key]: date }));
            }}
          />
        ) : (
          <input {...common} type="search" maxLength={100} />
        )}
        {def.key === 'keyword' && (
          <small id={`${id}-hint`} className="pub-hint">
            {t('query.keywordHint')}
          </small>
        )}
        {problem && (
          <small id={`${id}-error`} className="pub-field-error">
            {t(problem)}
          </small>
        )}
      </div>
    );
  };

  return (
    // A plain GET to the page's address without JavaScript (the server renders the answer); with it, submit().
    <form
      role="search"
      aria-label={t('query.filters')}
      className="pub-filters"
      method="get"
      action="/publicityIndex"
      onSubmit={submit}
      noValidate
    >
      {state.tab !== 'clearance' && <input type="hidden" name="tab" value={state.tab} />}
      <div className="pub-filter-grid">
        {FILTERS[state.tab].filter((d) => d.key === 'keyword').map(field)}
      </div>
      <details
        ref={more}
        className="pub-more"
        open={openMore}
        onToggle={(e) => {
          if (e.currentTarget.open && hasBatchFilter) onWantBatches();
        }}
      >
        <summary>{t('query.moreFilters')}</summary>
        <div className="pub-filter-grid">
          {FILTERS[state.tab].filter((d) => d.key !== 'keyword').map(field)}
          <div className="pub-field">
            <label htmlFor="f-sort">{t('query.sort')}</label>
            <select id="f-sort" name="sort" value={sort} onChange={(e) => setSort(e.target.value)}>
              {SORTS[state.tab].map((s) => (
                <option key={s} value={s}>
                  {t(`sortBy.${s}`)}
                </option>
              ))}
            </select>
          </div>
          <div className="pub-field">
            <label htmlFor="f-size">{t('query.pageSize')}</label>
            <select id="f-size" name="size" value={size} onChange={(e) => setSize(Number(e.target.value))}>
              {PAGE_SIZES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </select>
          </div>
        </div>
      </details>
      <div className="pub-actions">
        <button type="submit" className="pub-primary">
          {t('query.search')}
        </button>
        <button type="button" onClick={reset}>
          {t('query.reset')}
        </button>
      </div>
    </form>
  );
}
