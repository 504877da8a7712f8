/**
 * Any path that is not one of the shell's own routes: the menu entry at that path (nested path,
 * /router-alias/{alias} or /{alias}) — its screen, hand-written page, iframe or data template.
 * A path no menu entry has leads to /404.
 */
import { lazy } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { menusAtom } from '../../session/atoms.ts';
import { findMenuRoute } from '../menu-model.ts';
import { HAND_WRITTEN_PAGES } from './hand-written-pages.tsx';
import ScreenPage from './ScreenPage.tsx';

// Result and its pictures load only when there is nothing to show.
const NotConfiguredPage = lazy(() => import('./NotConfiguredPage.tsx'));
// Iframe and data-template entries are few: their pages load when one is opened, not with every screen.
const IframePage = lazy(() => import('./IframePage.tsx'));
const DataTemplatePage = lazy(() => import('./DataTemplatePage.tsx'));

export default function MenuRoutePage() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const menus = useAtomValue(menusAtom) ?? [];
  const route = findMenuRoute(menus, location.pathname);
  if (!route) return <Navigate to="/404" replace />;
  const { target, entry } = route;
  const title = i18n.exists(entry.name) ? t(entry.name) : entry.name;
  switch (target.kind) {
    case 'screen':
      return <ScreenPage name={target.screen} />;
    case 'page': {
      const Page = HAND_WRITTEN_PAGES[target.page];
      return Page ? (
        <Page />
      ) : (
        <NotConfiguredPage what={t('shellKit.notConfigured.page', { name: target.page })} />
      );
    }
    case 'iframe':
      return <IframePage url={target.url} title={title} />;
    case 'dataTemplate':
      return <DataTemplatePage id={target.id} />;
    default:
      return <NotConfiguredPage what={title} />;
  }
}
