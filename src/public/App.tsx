/** The public entry's pages by address (public.html; the server sends it for the paths of PUBLIC_PAGE_PATHS). */
import { useEffect, useMemo, useRef, useState } from 'react';
import { AboutData } from './AboutData.tsx';
import { CasePage } from './case/CasePage.tsx';
import { setApiLanguage } from './api.ts';
import { DecisionDetail, NoticeDetail } from './DetailPages.tsx';
import { FollowConfirmPage, FollowUnsubscribePage } from './follow/FollowPages.tsx';
import { HomePage, NewsDetail } from './HomePage.tsx';
import {
  I18nContext,
  initialLanguage,
  loadLanguage,
  rememberLanguage,
  translator,
  useI18n,
  type Language,
} from './i18n.ts';
import { Layout } from './Layout.tsx';
import { QueryPage } from './QueryPage.tsx';
import { UnderReviewPage } from './review/UnderReviewPage.tsx';
import { StatisticsRoute } from './stats/StatisticsRoute.tsx';
import { PlaceContext, usePlaceState, type Place } from './router.tsx';
import { useStatus } from './head.ts';
import { useTitle } from './use-title.ts';

function NotFound() {
  const { t } = useI18n();
  useTitle(t('notFound'));
  useStatus(404);
  return <p role="alert">{t('notFound')}</p>;
}

function page(path: string) {
  const detail =
    /^\/(publicityIndex\/notice|publicityIndex\/decision|publicityIndex\/case|homepage\/news)\/([^/]+)$/.exec(
      path,
    );
  if (detail) {
    const id = decodeURIComponent(detail[2]);
    if (detail[1] === 'publicityIndex/case') return <CasePage key={id} caseNo={id} />;
    if (detail[1] === 'publicityIndex/notice') return <NoticeDetail key={id} id={id} />;
    if (detail[1] === 'publicityIndex/decision') return <DecisionDetail key={id} id={id} />;
    return <NewsDetail key={id} id={id} />;
  }
  if (path === '/publicityIndex' || path === '/publicityIndex/') return <QueryPage />;
  if (path === '/publicityIndex/about') return <AboutData />;
  if (path === '/publicityIndex/follow/confirm') return <FollowConfirmPage />;
  if (path === '/publicityIndex/follow/unsubscribe') return <FollowUnsubscribePage />;
  if (path === '/publicityIndex/underReview') return <UnderReviewPage />;
  if (path === '/publicityIndex/statistics') return <StatisticsRoute />;
  if (path === '/homepage' || path === '/homepage/' || path === '/') return <HomePage />;
  return <NotFound />;
}

/** `place` and `language` are given on the server (server-render.tsx); the browser reads its own. */
export function App(props: { place?: Place; language?: Language } = {}) {
  const place = usePlaceState(props.place);
  const [language, setLanguageState] = useState<Language>(() => props.language ?? initialLanguage());
  const i18n = useMemo(
    () => ({
      language,
      t: translator(language),
      setLanguage: (next: Language) => {
        rememberLanguage(next);
        // Its texts first (fetched once), so the page never shows a mix of two languages.
        void loadLanguage(next).then(() => setLanguageState(next));
      },
    }),
    [language],
  );
  // A new page (not a new query on the same one) moves focus to the main content, as a page load
  // would for a screen reader; the first page keeps the browser's own start.
  const firstPath = useRef(place.path);
  useEffect(() => {
    if (place.path === firstPath.current) return;
    firstPath.current = '';
    document.getElementById('main')?.focus({ preventScroll: true });
  }, [place.path]);
  useEffect(() => {
    document.documentElement.lang = language;
    setApiLanguage(language);
  }, [language]);
  setApiLanguage(language);
  return (
    <I18nContext.Provider value={i18n}>
      <PlaceContext.Provider value={place}>
        <Layout>{page(place.path)}</Layout>
      </PlaceContext.Provider>
    </I18nContext.Provider>
  );
}
