/**
 * What a location inside the shell is: the dashboard, one of the shell's own pages, or a menu entry —
 * with the canonical path (aliases of menu entries resolve to their nested path), the title, and
 * whether it gets a tab. Tabs are only ever made from this "allowed pool".
 */
import { matchPath } from 'react-router-dom';
import { findMenuRoute, type MenuEntry, type MenuRoute } from './menu-model.ts';
import { STATIC_PAGES } from './static-pages.ts';
import type { PageTab } from './tabs/tab-rules.ts';

export interface ResolvedPage {
  /** Canonical path: the tab's identity. */
  path: string;
  name: string;
  title: string;
  icon?: string | null;
  params: Record<string, string>;
  tab: boolean;
  menu?: MenuRoute;
}

export function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

export function resolvePage(pathname: string, menus: readonly MenuEntry[]): ResolvedPage | null {
  const path = normalisePath(pathname);
  for (const page of STATIC_PAGES) {
    const match = matchPath({ path: page.pattern, end: true }, path);
    if (match) {
      const params = Object.fromEntries(
        Object.entries(match.params).filter(
          (e): e is [string, string] => typeof e[1] === 'string' && e[0] !== '*',
        ),
      );
      return { path, name: page.name, title: page.title, icon: page.icon, params, tab: page.tab };
    }
  }
  const menu = findMenuRoute(menus, path);
  if (!menu) return null;
  return {
    path: menu.path,
    name: menu.entry.alias || menu.entry.id,
    title: menu.entry.name,
    icon: menu.entry.icon,
    params: {},
    tab: true,
    menu,
  };
}

/** The tab for a location that resolved to a page of the pool. */
export function tabFor(page: ResolvedPage, search: string, hash: string): PageTab {
  const query = Object.fromEntries(new URLSearchParams(search));
  return {
    path: page.path,
    fullPath: `${page.path}${search}${hash}`,
    name: page.name,
    params: page.params,
    query,
    meta: { title: page.title, icon: page.icon ?? null },
  };
}
