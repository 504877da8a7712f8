/**
 * The rules of the tab strip (spec §2 'Tab pages', 'Tab strip'), as pure functions over the list of
 * open tabs so they are easy to test: opening an open page updates its tab, else adds one; the
 * dashboard tab is fixed and cannot be closed; closing the current tab moves to the next, else the
 * previous, else the dashboard; the context menu's five actions; reordering.
 */
import { HOME_PATH } from '../../session/login-path.ts';

/** Spec §3 'Page tab': name, fullPath, params, query, meta. */
export interface PageTab {
  /** The tab's identity: the path without query (one tab per page). */
  path: string;
  /** Path with query and hash, where the tab returns to. */
  fullPath: string;
  /** Route name (menu alias, or the page's name). */
  name: string;
  params: Record<string, string>;
  query: Record<string, string>;
  meta: {
    /** Translation key (or a plain text from the server) of the tab's title. */
    title: string;
    /** Fixed tab: cannot be closed or moved (the dashboard). */
    affix?: boolean;
    icon?: string | null;
  };
}

export const TAB_ACTIONS = ['closeLeft', 'closeRight', 'close', 'closeOthers', 'closeAll'] as const;
export type TabAction = (typeof TAB_ACTIONS)[number];

export function isTabAction(value: unknown): value is TabAction {
  return typeof value === 'string' && (TAB_ACTIONS as readonly string[]).includes(value);
}

/** Thrown for an action the strip does not know: the UI shows 'invalid operation'. */
export class InvalidTabActionError extends Error {
  constructor(readonly action: string) {
    super(`invalid tab action: ${action}`);
    this.name = 'InvalidTabActionError';
  }
}

export const HOME_TAB: PageTab = {
  path: HOME_PATH,
  fullPath: HOME_PATH,
  name: 'dashboard',
  params: {},
  query: {},
  meta: { title: 'dashboard.title', affix: true, icon: 'home' },
};

/** The outcome of an action: the tabs left and, when the current tab went, where to go. */
export interface TabChange {
  tabs: PageTab[];
  navigateTo?: string;
}

const closable = (tab: PageTab) => !tab.meta.affix;

/** The dashboard first, always; duplicates (same path) collapse to the first. */
export function withHome(tabs: readonly PageTab[]): PageTab[] {
  const seen = new Set<string>([HOME_TAB.path]);
  const rest = tabs.filter((tab) => {
    if (seen.has(tab.path)) return false;
    seen.add(tab.path);
    return true;
  });
  const home = tabs.find((tab) => tab.path === HOME_TAB.path);
  return [
    { ...HOME_TAB, ...(home ? { fullPath: home.fullPath, query: home.query } : {}), meta: HOME_TAB.meta },
    ...rest,
  ];
}

/** Opening a page: an open tab for the same path is updated in place, otherwise one is added at the end. */
export function openTab(tabs: readonly PageTab[], tab: PageTab): PageTab[] {
  const index = tabs.findIndex((open) => open.path === tab.path);
  if (index < 0) return withHome([...tabs, tab]);
  const next = [...tabs];
  next[index] = { ...tab, meta: { ...tab.meta, affix: tabs[index].meta.affix || tab.meta.affix } };
  return withHome(next);
}

/** Where to go when the current tab closes: the next tab, else the previous one, else the dashboard. */
function successor(before: readonly PageTab[], closedIndex: number, after: readonly PageTab[]): string {
  const next = before.slice(closedIndex + 1).find((tab) => after.includes(tab));
  if (next) return next.fullPath;
  const previous = before
    .slice(0, closedIndex)
    .reverse()
    .find((tab) => after.includes(tab));
  return previous?.fullPath ?? HOME_TAB.fullPath;
}

export function closeTab(tabs: readonly PageTab[], path: string, activePath: string): TabChange {
  const index = tabs.findIndex((tab) => tab.path === path);
  if (index < 0 || !closable(tabs[index])) return { tabs: [...tabs] };
  const left = tabs.filter((_, i) => i !== index);
  return path === activePath ? { tabs: left, navigateTo: successor(tabs, index, left) } : { tabs: left };
}

/** Keeps the tabs `keep` says, the fixed ones always; moves to `fallback` if the current tab went. */
function keepOnly(
  tabs: readonly PageTab[],
  keep: (tab: PageTab, index: number) => boolean,
  activePath: string,
  fallback: string,
): TabChange {
  const left = tabs.filter((tab, i) => !closable(tab) || keep(tab, i));
  const activeStays = left.some((tab) => tab.path === activePath);
  return activeStays ? { tabs: left } : { tabs: left, navigateTo: fallback };
}

/** Runs one context-menu action on the tab at `path`. Unknown actions throw InvalidTabActionError. */
export function runTabAction(
  action: string,
  tabs: readonly PageTab[],
  path: string,
  activePath: string,
): TabChange {
  const index = tabs.findIndex((tab) => tab.path === path);
  if (!isTabAction(action)) throw new InvalidTabActionError(action);
  if (index < 0) return { tabs: [...tabs] };
  const target = tabs[index];
  switch (action) {
    case 'close':
      return closeTab(tabs, path, activePath);
    case 'closeLeft':
      return keepOnly(tabs, (_, i) => i >= index, activePath, target.fullPath);
    case 'closeRight':
      return keepOnly(tabs, (_, i) => i <= index, activePath, target.fullPath);
    case 'closeOthers':
      return keepOnly(tabs, (_, i) => i === index, activePath, target.fullPath);
    case 'closeAll':
      return keepOnly(tabs, () => false, activePath, HOME_TAB.fullPath);
  }
}

/** The context-menu actions a tab offers: on the dashboard only 'close others'. */
export function actionsFor(tab: PageTab): TabAction[] {
  return tab.meta.affix ? ['closeOthers'] : [...TAB_ACTIONS];
}

/** Whether an action would change anything (menu entries that would not are shown disabled). */
export function actionApplies(action: TabAction, tabs: readonly PageTab[], path: string): boolean {
  const index = tabs.findIndex((tab) => tab.path === path);
  if (index < 0) return false;
  const closableWhere = (test: (i: number) => boolean) => tabs.some((tab, i) => closable(tab) && test(i));
  switch (action) {
    case 'close':
      return closable(tabs[index]);
    case 'closeLeft':
      return closableWhere((i) => i < index);
    case 'closeRight':
      return closableWhere((i) => i > index);
    case 'closeOthers':
      return closableWhere((i) => i !== index);
    case 'closeAll':
      return closableWhere(() => true);
  }
}

/** Drag and drop: moves the tab at `from` to where `to` is. Fixed tabs neither move nor get passed. */
export function moveTab(tabs: readonly PageTab[], from: string, to: string): PageTab[] {
  const fromIndex = tabs.findIndex((tab) => tab.path === from);
  const toIndex = tabs.findIndex((tab) => tab.path === to);
  if (fromIndex < 0 || toIndex < 0 || fromIndex === toIndex) return [...tabs];
  if (!closable(tabs[fromIndex]) || !closable(tabs[toIndex])) return [...tabs];
  const next = [...tabs];
  const [moved] = next.splice(fromIndex, 1);
  next.splice(toIndex, 0, moved);
  return next;
}

/** Tabs read back from storage: anything malformed is dropped, the dashboard is put first. */
export function parseStoredTabs(raw: unknown): PageTab[] {
  if (!Array.isArray(raw)) return withHome([]);
  const valid = raw.filter(
    (tab): tab is PageTab =>
      !!tab &&
      typeof tab === 'object' &&
      typeof (tab as PageTab).path === 'string' &&
      (tab as PageTab).path.startsWith('/') &&
      typeof (tab as PageTab).fullPath === 'string' &&
      (tab as PageTab).fullPath.startsWith('/') &&
      !(tab as PageTab).fullPath.startsWith('//') &&
      typeof (tab as PageTab).meta?.title === 'string',
  );
  return withHome(
    valid.map((tab) => ({
      path: tab.path,
      fullPath: tab.fullPath,
      name: typeof tab.name === 'string' ? tab.name : tab.path,
      params: isStringRecord(tab.params) ? tab.params : {},
      query: isStringRecord(tab.query) ? tab.query : {},
      meta: { title: tab.meta.title, icon: typeof tab.meta.icon === 'string' ? tab.meta.icon : null },
    })),
  );
}

function isStringRecord(value: unknown): value is Record<string, string> {
  return (
    !!value &&
    typeof value === 'object' &&
    !Array.isArray(value) &&
    Object.values(value).every((v) => typeof v === 'string')
  );
}
