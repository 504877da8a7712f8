/** The public entry's pages by address (public.html; the server sends it for the paths of PUBLIC_PAGE_PATHS). */
import { useEffect, useMemo, useRef, useState } from 'react';
import { AboutData } from './AboutData.tsx';
import { setApiLanguage } from './api.ts';
import { DecisionDetail, NoticeDetail } from './DetailPages.tsx';
import { HomePage, NewsDetail } from './HomePage.tsx';
import {
  I18nContext,
  initialLanguage,
  rememberLanguage,
  translator,
  useI18n,
  type Language,
} from './i18n.ts';
import { Layout } from './Layout.tsx';
import { QueryPage } from './QueryPage.tsx';
import { PlaceContext, usePlaceState } from './router.tsx';
import { useTitle } from './use-title.ts';

function NotFound() {
  const { t } = useI18n();
  useTitle(t('notFound'));
  return <p role="alert">{t('notFound')}</p>;
}

function page(path: string) {
  const detail = /^\/(publicityIndex\/notice|publicityIndex\/decision|homepage\/news)\/([^/]+)$/.exec(path);
  if (detail) {
    const id = decodeURIComponent(detail[2]);
    if (detail[1] === 'publicityIndex/notice') return <NoticeDetail key={id} id={id} />;
    if (detail[1] === 'publicityIndex/decision') return <DecisionDetail key={id} id={id} />;
    return <NewsDetail key={id} id={id} />;
  }
  if (path === '/publicityIndex' || path === '/publicityIndex/') return <QueryPage />;
  if (path === '/publicityIndex/about') return <AboutData />;
  if (path === '/homepage' || path === '/homepage/' || path === '/') return <HomePage />;
  return <NotFound />;
}

export function App() {
  const place = usePlaceState();
  const [language, setLanguageState] = useState<Language>(initialLanguage);
  const i18n = useMemo(
    () => ({
      language,
      t: translator(language),
      setLanguage: (next: Language) => {
        rememberLanguage(next);
        setLanguageState(next);
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
