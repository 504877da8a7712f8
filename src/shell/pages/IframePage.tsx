/**
 * A menu entry with an http address opens it in an iframe filling the page (spec §2). The demo iframe
 * routes take the address from ?url= (http(s) or a path of this site only).
 */
import { lazy } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';

// Result and its pictures load only when there is nothing to show.
const NotConfiguredPage = lazy(() => import('./NotConfiguredPage.tsx'));

export function safeFrameUrl(raw: string | null | undefined): string | null {
  const url = raw?.trim();
  if (!url) return null;
  if (/^https?:\/\//i.test(url)) return url;
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  return null;
}

export default function IframePage({ url, title }: { url?: string; title?: string }) {
  const { t } = useTranslation();
  const location = useLocation();
  const src = safeFrameUrl(url ?? new URLSearchParams(location.search).get('url'));
  if (!src) return <NotConfiguredPage what={t('shellKit.iframe.noUrl')} />;
  return (
    <iframe
      className="mf-iframe-page"
      src={src}
      title={title ?? src}
      data-testid="iframe-page"
      referrerPolicy="no-referrer"
      sandbox="allow-forms allow-scripts allow-same-origin allow-popups allow-downloads"
    />
  );
}
