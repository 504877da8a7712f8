/** The public page's frame: skip link, header with navigation and language switch, main, footer. */
import type { ReactNode } from 'react';
import { LANGUAGES, useI18n, type Language } from './i18n.ts';
import { Link, usePlace } from './router.tsx';

const LANGUAGE_NAMES: Record<Language, string> = { 'zh-CN': '简体中文', 'zh-TW': '繁體中文', en: 'English' };

export function Layout({ children }: { children: ReactNode }) {
  const { t, language, setLanguage } = useI18n();
  const { path } = usePlace();
  const nav: [string, string][] = [
    ['/homepage', 'nav.home'],
    ['/publicityIndex', 'nav.query'],
    ['/publicityIndex/underReview', 'publicReview.nav'],
    ['/publicityIndex/statistics', 'publicStats.nav'],
    ['/publicityIndex/about', 'nav.about'],
  ];
  const isCurrent = (href: string) =>
    href === '/publicityIndex'
      ? path === href || /^\/publicityIndex\/(notice|decision|case|follow)/.test(path)
      : path.startsWith(href);
  return (
    <>
      <a className="pub-skip" href="#main">
        {t('skipToContent')}
      </a>
      <header className="pub-header">
        <div className="pub-header-inner">
          <Link href="/homepage" className="pub-brand">
            {t('siteName')}
          </Link>
          <nav aria-label={t('nav.label')} className="pub-nav">
            <ul>
              {nav.map(([href, key]) => (
                <li key={href}>
                  <Link href={href} aria-current={isCurrent(href) ? 'page' : undefined}>
                    {t(key)}
                  </Link>
                </li>
              ))}
              <li>
                <a href="/loginWyf">{t('nav.report')}</a>
              </li>
            </ul>
          </nav>
          <div className="pub-lang" role="group" aria-label={t('language')}>
            {LANGUAGES.map((lang) => (
              <button
                key={lang}
                type="button"
                lang={lang}
                aria-pressed={lang === language}
                onClick={() => setLanguage(lang)}
              >
                {LANGUAGE_NAMES[lang]}
              </button>
            ))}
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="pub-main">
        {children}
      </main>
      <footer className="pub-footer">
        <p>{t('footer')}</p>
      </footer>
    </>
  );
}

export function Status({
  loading,
  error,
  onRetry,
}: {
  loading: boolean;
  error?: unknown;
  onRetry?: () => void;
}) {
  const { t } = useI18n();
  if (error)
    return (
      <div role="alert" className="pub-error">
        <p>{t('loadFailed', { message: error instanceof Error ? error.message : String(error) })}</p>
        {onRetry && (
          <button type="button" onClick={onRetry}>
            {t('retry')}
          </button>
        )}
      </div>
    );
  return (
    <p role="status" className="pub-status">
      {loading ? t('loading') : ''}
    </p>
  );
}
