/**
 * Opening a menu entry: an entry opened externally goes to a new window, the others to their route.
 * The tab is added here, as the user chooses, not only when the page renders: navigations are React
 * transitions, and one quickly followed by another may never render on its own.
 */
import { useCallback } from 'react';
import { useAtomValue, useSetAtom, useStore } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { startScreenOpening } from '../boot/route-opening.ts';
import { menusAtom } from '../session/atoms.ts';
import type { MenuEntry, MenuRoute } from './menu-model.ts';
import { resolvePage, tabFor } from './page-resolver.ts';
import { openTab } from './tabs/tab-rules.ts';
import { tabsAtom } from './tabs/tabs-store.ts';

export function useOpenRoute(): (route: MenuRoute) => void {
  const navigate = useNavigate();
  const menus = useAtomValue(menusAtom) as MenuEntry[] | null;
  const setTabs = useSetAtom(tabsAtom);
  // Read at the click, not subscribed: the menus need not redraw with every tab change.
  const store = useStore();
  return useCallback(
    (route: MenuRoute) => {
      if (route.target.kind === 'external') {
        window.open(route.target.url, '_blank', 'noopener,noreferrer');
        return;
      }
      if (route.target.kind === 'folder') return;
      const page = resolvePage(route.path, menus ?? []);
      // A screen not open in a tab yet: its first rows are asked for now, beside its scripts.
      if (
        route.target.kind === 'screen' &&
        page &&
        !store.get(tabsAtom).some((tab) => tab.path === page.path)
      )
        startScreenOpening(route.target.screen);
      if (page?.tab) setTabs((current) => openTab(current, tabFor(page, '', '')));
      void navigate(route.path);
    },
    [navigate, menus, store, setTabs],
  );
}
