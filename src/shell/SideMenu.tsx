/**
 * The side menu (spec §2 'Shell'): the entries under the top-level entry chosen in the header menu,
 * as a tree where only one branch is open at a time (accordion), with an empty-state text.
 */
import { lazy, Suspense, useMemo, useState } from 'react';
import { Menu, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { MenuIcon } from './menu-icons.tsx';
import { useMenuLabel } from './menu-label.ts';
import { menuRoutes, type MenuEntry, type MenuRoute } from './menu-model.ts';
import { normalisePath } from './page-resolver.ts';
import { useOpenRoute } from './useOpenRoute.ts';

const MenuEmpty = lazy(() => import('./MenuEmpty.tsx'));

type Item = Required<MenuProps>['items'][number];

/** The key an entry has in the menu: its path (so the current route selects it) or a folder key. */
export function menuKeyOf(route: MenuRoute): string {
  if (route.target.kind === 'folder') return `folder:${route.entry.id}`;
  if (route.target.kind === 'external') return `external:${route.entry.id}`;
  return route.path;
}

/** Keeps the newly opened branch and its ancestors only: one branch open at a time. */
export function accordionKeys(
  previous: readonly string[],
  next: readonly string[],
  parents: Map<string, string>,
): string[] {
  const opened = next.find((key) => !previous.includes(key));
  if (!opened) return [...next];
  const chain: string[] = [];
  for (let key: string | undefined = opened; key; key = parents.get(key)) chain.unshift(key);
  return chain;
}

export function SideMenu({
  menus,
  top,
  collapsed,
  theme,
}: {
  /** The whole menu tree (paths nest from its roots). */
  menus: readonly MenuEntry[];
  /** The top-level entry whose children are shown; a top-level page is shown alone. */
  top: MenuEntry | undefined;
  collapsed: boolean;
  theme: 'dark' | 'light';
}) {
  const { t } = useTranslation();
  const label = useMenuLabel();
  const openRoute = useOpenRoute();
  const path = normalisePath(useLocation().pathname);

  const routes = useMemo(() => new Map(menuRoutes(menus).map((r) => [r.entry, r])), [menus]);
  const shown = useMemo(() => {
    if (!top) return [];
    if (top.children?.length) return top.children;
    // A top-level page is shown alone; an empty folder shows the empty state.
    const kind = routes.get(top)?.target.kind;
    return kind === 'none' || kind === 'folder' ? [] : [top];
  }, [top, routes]);

  const { items, byKey, parents } = useMemo(() => {
    const byKey = new Map<string, MenuRoute>();
    const parents = new Map<string, string>();
    const toItems = (list: readonly MenuEntry[], parentKey: string | null): Item[] =>
      list.map((entry) => {
        const route = routes.get(entry)!;
        const key = menuKeyOf(route);
        byKey.set(key, route);
        if (parentKey) parents.set(key, parentKey);
        const common = { key, label: label(entry.name), icon: <MenuIcon name={entry.icon} /> };
        return route.target.kind === 'folder'
          ? { ...common, children: toItems(entry.children ?? [], key) }
          : common;
      });
    return { items: toItems(shown, null), byKey, parents };
  }, [shown, routes, label]);

  // The branch of the current route opens by itself when the route changes.
  const [open, setOpen] = useState<{
    keys: string[];
    forPath: string | null;
    parents: Map<string, string> | null;
  }>({
    keys: [],
    forPath: null,
    parents: null,
  });
  if (open.forPath !== path || open.parents !== parents) {
    const chain: string[] = [];
    for (let key = parents.get(path); key; key = parents.get(key)) chain.unshift(key);
    setOpen({ keys: chain.length ? chain : open.keys, forPath: path, parents });
  }
  const openKeys = open.keys;
  const setOpenKeys = (keys: string[]) => setOpen((s) => ({ ...s, keys }));

  if (!shown.length)
    return (
      <Suspense fallback={null}>
        <MenuEmpty description={t('shell.menuEmpty')} />
      </Suspense>
    );
  return (
    <Menu
      mode="inline"
      theme={theme}
      items={items}
      selectedKeys={[path]}
      {...(collapsed ? {} : { openKeys })}
      onOpenChange={(keys) => setOpenKeys(accordionKeys(openKeys, keys, parents))}
      onClick={({ key }) => {
        const route = byKey.get(key);
        if (route) openRoute(route);
      }}
      className="mf-side-menu"
      data-testid="side-menu"
    />
  );
}
