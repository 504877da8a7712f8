/** /publicityIndex: the three public lists in tabs, filtered, sorted and paged from the address. */
import { useCallback, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import { callPublic } from './api.ts';
import { FEED_HREF, loadTabPage, openDataHref } from './endpoints.ts';
import { FilterForm } from './FilterForm.tsx';
import { FollowSearch } from './follow/FollowSearch.tsx';
import { useI18n } from './i18n.ts';
import { Status } from './Layout.tsx';
import { listRequest, queryHref, readQuery, TABS, type QueryState, type Tab } from './query-state.ts';
import { Link, navigate, usePlace } from './router.tsx';
import { ResultTable } from './ResultTable.tsx';
import { revealInRow, useScrollCue } from './scroll-cue.ts';
import { usePublicLoad } from './page-data.ts';
import { useTitle } from './use-title.ts';

const PATH = '/publicityIndex';

export function QueryPage() {
  const { t, language } = useI18n();
  const { query } = usePlace();
  const state = readQuery(query);
  useTitle(t('query.title'));
  const apply = (next: QueryState) => navigate(queryHref(PATH, next));

  const request = listRequest(state);
  const list = usePublicLoad(
    `${state.tab}:${JSON.stringify(request)}`,
    (signal) => loadTabPage(state.tab, request, signal),
    { keepPrevious: true },
  );
  // The batch filter's options (up to 1,000 batches) load only once someone may pick one: the filter
  // shown (more filters opened, or open on a wide screen), focused, or a batch already in the address,
  // and never before the first list has its answer, which is what the page is opened for.
  const [batchesWanted, setBatchesWanted] = useState(false);
  const listAnswered = list.data !== undefined || list.error !== undefined;
  const batches = usePublicLoad(
    state.tab === 'clearance' && listAnswered && (batchesWanted || !!state.filters.batchId)
      ? 'clearance'
      : null,
    (signal) =>
      callPublic('publicity.batch.query', { body: { requestPage: { pageNo: 1, limit: 1000 } }, signal }),
    { keepPrevious: true },
  );
  // A failed load leaves the select with its other choices; using the filter again asks again.
  const batchesFailed = batches.error !== undefined && !batches.loading;
  const reloadBatches = batches.reload;
  const wantBatches = useCallback(() => {
    setBatchesWanted(true);
    if (batchesFailed) reloadBatches();
  }, [batchesFailed, reloadBatches]);

  const tabRefs = useRef<Partial<Record<Tab, HTMLAnchorElement | null>>>({});
  const tabFrame = useRef<HTMLDivElement>(null);
  const tabList = useRef<HTMLDivElement>(null);
  // On a phone the tabs scroll sideways: a cue marks a cut-off side, the selected tab is kept in view.
  useScrollCue(tabFrame, tabList, `${language}:${state.tab}`);
  useLayoutEffect(() => {
    const tab = tabRefs.current[state.tab];
    if (tabList.current && tab) revealInRow(tabList.current, tab);
  }, [state.tab, language]);
  const onTabKey = (event: KeyboardEvent<HTMLAnchorElement>, index: number) => {
    const target: Partial<Record<string, number>> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: TABS.length - 1,
    };
    const to = target[event.key];
    if (to === undefined) return;
    event.preventDefault();
    const next = TABS[(to + TABS.length) % TABS.length];
    tabRefs.current[next]?.focus();
    apply({ tab: next, filters: {}, sort: '', page: 1, size: state.size });
  };
  const selectTab = (tab: Tab) => {
    if (tab !== state.tab) apply({ tab, filters: {}, sort: '', page: 1, size: state.size });
  };
  const total = list.data?.page.pageResult.totalCount ?? 0;
  const pages = Math.max(1, Math.ceil(total / state.size));

  return (
    <div className="pub-query">
      <h1>{t('query.title')}</h1>
      <div ref={tabFrame} className="pub-tabs-frame">
        <div ref={tabList} role="tablist" aria-label={t('query.tabsLabel')} className="pub-tabs">
          {TABS.map((tab, index) => (
            // Links, so a visitor without JavaScript (or a crawler) switches tabs too.
            <a
              key={tab}
              ref={(el) => {
                tabRefs.current[tab] = el;
              }}
              href={queryHref(PATH, { tab, filters: {}, sort: '', page: 1, size: state.size })}
              className="pub-button"
              role="tab"
              id={`tab-${tab}`}
              aria-selected={tab === state.tab}
              aria-controls="tab-panel"
              tabIndex={tab === state.tab ? 0 : -1}
              onClick={(e) => {
                e.preventDefault();
                selectTab(tab);
              }}
              onKeyDown={(e) => onTabKey(e, index)}
            >
              {t(`query.tab.${tab}`)}
            </a>
          ))}
        </div>
      </div>
      <div role="tabpanel" id="tab-panel" aria-labelledby={`tab-${state.tab}`} className="pub-panel">
        <FilterForm
          key={JSON.stringify([state.tab, state.filters, state.sort, state.size])}
          state={state}
          batches={batches.data?.dataResult ?? (batchesFailed ? [] : undefined)}
          onWantBatches={wantBatches}
          onApply={apply}
        />
        <div className="pub-downloads">
          <span>{t('query.download')}:</span>
          <a href={openDataHref(state.tab, 'csv', state.filters, language)} download>
            {t('query.downloadCsv')}
          </a>
          <a href={openDataHref(state.tab, 'json', state.filters)} download>
            {t('query.downloadJson')}
          </a>
          <a href={FEED_HREF} type="application/atom+xml">
            {t('query.feed')}
          </a>
          <Link href="/publicityIndex/about">{t('nav.about')}</Link>
        </div>
        <FollowSearch tab={state.tab} filters={state.filters} />
        <div className="pub-results" aria-busy={list.loading}>
          <Status loading={list.loading} error={list.error} onRetry={list.reload} />
          {list.data && (
            <>
              <p className="pub-count" aria-live="polite">
                {t(list.data.page.pageResult.totalExact === false ? 'query.resultsApprox' : 'query.results', {
                  count: total,
                })}
              </p>
              {list.data.page.dataResult.length === 0 ? (
                <p>{t('query.noResults')}</p>
              ) : (
                <ResultTable list={list.data} />
              )}
              {pages > 1 && <Pager state={state} pages={pages} />}
            </>
          )}
        </div>
      </div>
    </div>
  );
}

function Pager({ state, pages }: { state: QueryState; pages: number }) {
  const { t } = useI18n();
  // Links (they page without JavaScript too); the end a visitor cannot go past is plain text.
  const step = (page: number, label: string) =>
    page >= 1 && page <= pages ? (
      <Link href={queryHref(PATH, { ...state, page })} className="pub-button">
        {label}
      </Link>
    ) : (
      <span className="pub-button" aria-disabled="true">
        {label}
      </span>
    );
  return (
    <nav aria-label={t('query.pager')} className="pub-pager">
      {step(state.page - 1, t('query.previous'))}
      <span>{t('query.pageOf', { page: state.page, pages })}</span>
      {step(state.page + 1, t('query.next'))}
    </nav>
  );
}
