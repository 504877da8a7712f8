/**
 * The shell staff work in all day (spec §2 'Shell', 'Main area'): header, side menu (210 px, 65 px
 * collapsed), the acting banner, the tab strip and the kept-alive pages. It also keeps the tabs in
 * step with navigation, sets the page title, applies the user's language, answers the hotkeys, and
 * sends a user whose menu opens nothing to /nomenu. The route guard has loaded the user and menus.
 */
import { lazy, Suspense, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { Layout } from 'antd';
import { useAtom, useAtomValue, useSetAtom } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useChangeLanguage } from '../app/useChangeLanguage.ts';
import { useShellHotkeys } from '../hotkeys/hotkeys.ts';
import { refreshPathFor } from '../router/refresh-path.ts';
import { switchAccountAtom } from '../session/acting.ts';
import { languageAtom, menusAtom } from '../session/atoms.ts';
import { lockScreen } from '../session/lock.ts';
import { readableShade } from '../settings/colour.ts';
import { settingsAtom } from '../settings/settings-store.ts';
import { themeById } from '../settings/themes.ts';
import { HeaderBar } from './HeaderBar.tsx';
import { KeepAlivePages } from './KeepAlivePages.tsx';
import { useMenuLabel } from './menu-label.ts';
import { hasOpenableEntry, routeOfEntry, targetOf, topLevelOf, type MenuEntry } from './menu-model.ts';
import { normalisePath, resolvePage, tabFor } from './page-resolver.ts';
import { SideMenu } from './SideMenu.tsx';
import { openTab } from './tabs/tab-rules.ts';
import { keepAliveGenerationAtom, tabsAtom } from './tabs/tabs-store.ts';
import TabStrip from './tabs/TabStrip.tsx';
import { useOpenRoute } from './useOpenRoute.ts';
import './shell.css';

/** Spec §2: the side menu is 210 px wide, 65 px collapsed. */
export const SIDE_MENU_WIDTH = 210;
export const SIDE_MENU_COLLAPSED_WIDTH = 65;

const MenuSearchPanel = lazy(() => import('./search/MenuSearchPanel.tsx'));
const SettingsDrawer = lazy(() => import('../settings/SettingsDrawer.tsx'));
const EnvironmentDialog = lazy(() => import('../environment/EnvironmentDialog.tsx'));
// Only while acting as another user (its antd Alert is not needed otherwise).
const ActingBanner = lazy(() => import('../session/ActingBanner.tsx'));

/** Opens once asked, then stays mounted so closing can animate. */
function useLazyOpen(): [open: boolean, mounted: boolean, set: (open: boolean) => void] {
  const [state, setState] = useState({ open: false, mounted: false });
  return [
    state.open,
    state.mounted,
    (open: boolean) => setState((s) => ({ open, mounted: s.mounted || open })),
  ];
}

/** The user's saved language, applied when they arrive; a change of language clears the kept-alive pages. */
function useUserLanguage(): void {
  const settings = useAtomValue(settingsAtom);
  const language = useAtomValue(languageAtom);
  const changeLanguage = useChangeLanguage();
  const bumpGeneration = useSetAtom(keepAliveGenerationAtom);
  const applied = useRef(false);
  useEffect(() => {
    if (applied.current) return;
    applied.current = true;
    if (settings.language && settings.language !== language) void changeLanguage(settings.language);
  }, [settings.language, language, changeLanguage]);
  const previous = useRef(language);
  useEffect(() => {
    if (previous.current === language) return;
    previous.current = language;
    bumpGeneration((n) => n + 1);
  }, [language, bumpGeneration]);
}

export default function ShellLayout() {
  const { t } = useTranslation();
  const label = useMenuLabel();
  const location = useLocation();
  const navigate = useNavigate();
  const openRoute = useOpenRoute();
  const menus = useAtomValue(menusAtom) as MenuEntry[] | null;
  const [settings, setSettings] = useAtom(settingsAtom);
  const setTabs = useSetAtom(tabsAtom);
  const acting = useAtomValue(switchAccountAtom);
  const [searchOpen, searchMounted, setSearchOpen] = useLazyOpen();
  const [settingsOpen, settingsMounted, setSettingsOpen] = useLazyOpen();
  const [environmentOpen, environmentMounted, setEnvironmentOpen] = useLazyOpen();
  useUserLanguage();

  const tree = useMemo(() => menus ?? [], [menus]);
  const path = normalisePath(location.pathname);
  const page = useMemo(() => resolvePage(location.pathname, tree), [location.pathname, tree]);
  const here = `${location.pathname}${location.search}${location.hash}`;

  // Tabs follow navigation: opening an open page updates its tab, otherwise one is added.
  useEffect(() => {
    if (page?.tab && page.path === path)
      setTabs((tabs) => openTab(tabs, tabFor(page, location.search, location.hash)));
  }, [page, path, location.search, location.hash, setTabs]);

  // The page title after navigation (and after a language change, which sets the bare app title).
  const language = useAtomValue(languageAtom);
  useEffect(() => {
    document.title = page ? `${label(page.title, page.params)} - ${t('app.title')}` : t('app.title');
  }, [page, label, t, language]);
  useEffect(() => () => void (document.title = t('app.title')), [t]);

  // The header menu's choice follows the page shown, and can be changed to browse another branch.
  const pageTop = topLevelOf(tree, path)?.id;
  const [chosenTop, setChosenTop] = useState<{ id: string | undefined; forPath: string }>({
    id: pageTop,
    forPath: path,
  });
  if (chosenTop.forPath !== path && pageTop && pageTop !== chosenTop.id)
    setChosenTop({ id: pageTop, forPath: path });
  const activeTop = tree.find((e) => e.id === chosenTop.id) ?? tree.find((e) => e.id === pageTop) ?? tree[0];

  useShellHotkeys({
    toggleSearch: () => setSearchOpen(!searchOpen),
    lock: () => void lockScreen(here),
  });

  if (menus && !hasOpenableEntry(menus)) return <Navigate to="/nomenu" replace />;
  // Aliases of a menu entry (/router-alias/x, /x) show at the entry's own path.
  if (page?.menu && page.path !== path)
    return <Navigate to={`${page.path}${location.search}${location.hash}`} replace />;

  const theme = themeById(settings.theme);
  const collapsed = settings.collapsed;
  const chooseTop = (entry: MenuEntry) => {
    setChosenTop({ id: entry.id, forPath: path });
    // A top-level entry that is itself a page opens; a folder only shows its entries at the side.
    const kind = targetOf(entry).kind;
    const route = kind !== 'folder' && kind !== 'none' ? routeOfEntry(tree, entry.id) : undefined;
    if (route) openRoute(route);
  };

  return (
    <Layout
      className={`mf-shell mf-theme-${theme.id}`}
      style={shellStyle(theme, readableShade(settings.colour))}
    >
      <a className="mf-skip-link" href="#mf-main">
        {t('shellKit.skipToContent')}
      </a>
      <HeaderBar
        collapsed={collapsed}
        onToggleCollapsed={() => setSettings({ collapsed: !collapsed })}
        topEntries={tree}
        activeTopId={activeTop?.id}
        onChooseTop={chooseTop}
        tools={settings.headerTools}
        onSearch={() => setSearchOpen(!searchOpen)}
        onEnvironment={() => setEnvironmentOpen(true)}
        onSettings={() => setSettingsOpen(true)}
      />
      <Layout className="mf-body">
        <Layout.Sider
          width={SIDE_MENU_WIDTH}
          collapsedWidth={SIDE_MENU_COLLAPSED_WIDTH}
          collapsed={collapsed}
          trigger={null}
          theme={theme.menuTheme}
          className="mf-sider"
          id="mf-side-menu"
        >
          <nav aria-label={t('shell.menu')}>
            <SideMenu menus={tree} top={activeTop} collapsed={collapsed} theme={theme.menuTheme} />
          </nav>
        </Layout.Sider>
        <Layout className="mf-main-column">
          {acting && (
            <Suspense fallback={null}>
              <ActingBanner />
            </Suspense>
          )}
          <TabStrip />
          <main id="mf-main" className="mf-content" tabIndex={-1}>
            {/* Every page has a level-one heading for screen readers; the dashboard shows its own. */}
            {page && page.name !== 'dashboard' && (
              <h1 className="mf-visually-hidden">{label(page.title, page.params)}</h1>
            )}
            <KeepAlivePages activePath={page?.tab ? page.path : null} />
          </main>
        </Layout>
      </Layout>
      <Suspense fallback={null}>
        {searchMounted && <MenuSearchPanel open={searchOpen} onClose={() => setSearchOpen(false)} />}
        {settingsMounted && <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />}
        {environmentMounted && (
          <EnvironmentDialog
            open={environmentOpen}
            onClose={() => setEnvironmentOpen(false)}
            onSwitched={() => void navigate(refreshPathFor(here), { replace: true })}
          />
        )}
      </Suspense>
    </Layout>
  );
}

/** The theme's frame colours as CSS variables for shell.css. */
function shellStyle(theme: ReturnType<typeof themeById>, primary: string): CSSProperties {
  return {
    ['--mf-primary' as string]: primary,
    ['--mf-header-bg' as string]: theme.headerBg,
    ['--mf-header-text' as string]: theme.headerText,
    ['--mf-logo-bg' as string]: theme.logoBg,
    ['--mf-logo-text' as string]: theme.logoText,
    ['--mf-sider-bg' as string]: theme.siderBg,
  };
}
