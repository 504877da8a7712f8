/** A screen schema as a page; a name with no schema file shows the not-configured page. */
import { lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { hasScreen } from '../../../renderers/screen-loader.ts';

// Result and its pictures load only when there is nothing to show.
const NotConfiguredPage = lazy(() => import('./NotConfiguredPage.tsx'));

// The renderers load only when a screen is opened.
const ScreenRenderer = lazy(() => import('../../../renderers/ScreenRenderer.tsx'));

export default function ScreenPage({ name, params }: { name: string; params?: Record<string, unknown> }) {
  const { t } = useTranslation();
  if (!hasScreen(name)) return <NotConfiguredPage what={t('shellKit.notConfigured.screen', { name })} />;
  return <ScreenRenderer key={name} name={name} params={params} />;
}
