/**
 * Opening a menu entry: an entry opened externally goes to a new window, the others to their route.
 * The tab is added here, as the user chooses, not only when the page renders: navigations are React
 * transitions, and one quickly followed by another may never render on its own.
 */
import { useCallback } from 'react';
import { useAtomValue, useSetAtom } from 'jotai';
import { useNavigate } from 'react-router-dom';
import { menusAtom } from '../session/atoms.ts';
import type { MenuEntry, MenuRoute } from './menu-model.ts';
import { resolvePage, tabFor } from './page-resolver.ts';
import { openTab } from './tabs/tab-rules.ts';
import { tabsAtom } from './tabs/tabs-store.ts';

export function useOpenRoute(): (route: MenuRoute) => void {
  const navigate = useNavigate();
  const menus = useAtomValue(menusAtom) as MenuEntry[] | null;
  const setTabs = useSetAtom(tabsAtom);
  return useCallback(
    (route: MenuRoute) => {
      if (route.target.kind === 'external') {
        window.open(route.target.url, '_blank', 'noopener,noreferrer');
        return;
      }
      if (route.target.kind === 'folder') return;
      const page = resolvePage(route.path, menus ?? []);
      if (page?.tab) setTabs((tabs) => openTab(tabs, tabFor(page, '', '')));
      void navigate(route.path);
    },
    [navigate, menus, setTabs],
  );
}
