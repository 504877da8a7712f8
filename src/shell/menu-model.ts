/**
 * Menu entries as routes (spec §2 'Route guard', §3 'Menu resource node'). Each entry is reached at
 * its nested path /{parent alias}/…/{alias} ("children by nested names"), at /router-alias/{alias},
 * and, since aliases are unique in a subsystem, at /{alias}. What the route shows:
 * - an http default url: an iframe page (or a new window when the entry opens externally; such an
 *   entry uses that url as its path);
 * - a default url containing /d/: the data template list of that id;
 * - `screen: page:<name>`: a hand-written page; any other `screen`: a screen schema.
 */
import type { MenuNode } from '../api/generated/operations.ts';

/** The server adds the screen an entry opens (a file under schemas/screens, or page:<name>). */
export type MenuEntry = MenuNode & { screen?: string | null; children?: MenuEntry[] };

export type MenuTarget =
  | { kind: 'screen'; screen: string }
  | { kind: 'page'; page: string }
  | { kind: 'iframe'; url: string }
  | { kind: 'dataTemplate'; id: string }
  | { kind: 'external'; url: string }
  | { kind: 'folder' }
  | { kind: 'none' };

/** A menu entry with where it sits and what it opens. */
export interface MenuRoute {
  entry: MenuEntry;
  /** Nested route path, or the http url of an entry opened externally. */
  path: string;
  /** Ancestors, top level first (not including the entry). */
  ancestors: MenuEntry[];
  target: MenuTarget;
}

export const ROUTER_ALIAS_PREFIX = '/router-alias/';
export const PAGE_PREFIX = 'page:';
const HTTP_URL = /^https?:\/\//i;
/** /d/:id — a data template id is word characters only. */
const DATA_TEMPLATE = /\/d\/(\w+)/;

export function routeNameOf(entry: MenuEntry): string {
  return entry.alias || entry.name;
}

function opensExternally(entry: MenuEntry): boolean {
  const open = entry.open;
  return (
    open === true || open === 1 || open === '1' || open === 'true' || open === 'external' || open === '_blank'
  );
}

export function targetOf(entry: MenuEntry): MenuTarget {
  const url = entry.defaultUrl?.trim() || '';
  const pathUrl = entry.path?.trim() || '';
  if (opensExternally(entry) && (HTTP_URL.test(url) || HTTP_URL.test(pathUrl)))
    return { kind: 'external', url: HTTP_URL.test(url) ? url : pathUrl };
  if (HTTP_URL.test(url)) return { kind: 'iframe', url };
  const template = DATA_TEMPLATE.exec(url);
  if (template) return { kind: 'dataTemplate', id: template[1] };
  const screen = entry.screen?.trim();
  if (screen?.startsWith(PAGE_PREFIX)) return { kind: 'page', page: screen.slice(PAGE_PREFIX.length) };
  if (screen) return { kind: 'screen', screen };
  if (entry.children?.length) return { kind: 'folder' };
  return { kind: 'none' };
}

/** Whether choosing the entry opens something (a tab or a window), as opposed to a folder. */
export function isOpenable(route: MenuRoute): boolean {
  return route.target.kind !== 'folder';
}

/** Every entry with its nested path, depth first. */
export function menuRoutes(entries: readonly MenuEntry[], ancestors: MenuEntry[] = []): MenuRoute[] {
  return entries.flatMap((entry) => {
    const target = targetOf(entry);
    const nested = `/${[...ancestors, entry].map(routeNameOf).map(encodeURIComponent).join('/')}`;
    const path = target.kind === 'external' ? target.url : nested;
    const here: MenuRoute = { entry, path, ancestors, target };
    return [here, ...menuRoutes(entry.children ?? [], [...ancestors, entry])];
  });
}

/** Every entry of the tree, depth first. */
export function flattenMenu(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((entry) => [entry, ...flattenMenu(entry.children ?? [])]);
}

/** Whether the menu has at least one entry that opens something: else the user sees /nomenu. */
export function hasOpenableEntry(entries: readonly MenuEntry[]): boolean {
  return menuRoutes(entries).some((r) => r.target.kind !== 'folder' && r.target.kind !== 'none');
}

/**
 * The entry a path opens: its nested path, /router-alias/{alias}, or /{alias}. Folders are not
 * routes. A trailing slash is ignored.
 */
export function findMenuRoute(entries: readonly MenuEntry[], pathname: string): MenuRoute | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  const routes = menuRoutes(entries).filter(
    (r) => r.target.kind !== 'folder' && r.target.kind !== 'external',
  );
  const exact = routes.find((r) => r.path === path);
  if (exact) return exact;
  let alias: string | undefined;
  if (path.startsWith(ROUTER_ALIAS_PREFIX)) alias = path.slice(ROUTER_ALIAS_PREFIX.length);
  else if (/^\/[^/]+$/.test(path)) alias = path.slice(1);
  if (!alias) return undefined;
  const name = safeDecode(alias);
  return routes.find((r) => routeNameOf(r.entry) === name);
}

/** The canonical path a route is shown at (aliases redirect to it). */
export function canonicalPath(route: MenuRoute): string {
  return route.path;
}

/** The top-level entry under which a path sits, if it is a menu route. */
export function topLevelOf(entries: readonly MenuEntry[], pathname: string): MenuEntry | undefined {
  const route = findMenuRoute(entries, pathname);
  if (!route) return undefined;
  return route.ancestors[0] ?? route.entry;
}

/** Finds an entry's route by id. */
export function routeOfEntry(entries: readonly MenuEntry[], id: string): MenuRoute | undefined {
  return menuRoutes(entries).find((r) => r.entry.id === id);
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}
