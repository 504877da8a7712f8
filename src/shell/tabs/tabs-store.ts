/**
 * The open tabs of the signed-in user, persisted per user (mf.tabs.<account>), plus the counters that
 * make a page start afresh: one per tab (double-click refresh, the /refresh route) and one for all
 * (the kept-alive cache is cleared when the language changes).
 */
import { atom } from 'jotai';
import { userContextAtom } from '../../session/atoms.ts';
import { parseStoredTabs, type PageTab } from './tab-rules.ts';

const KEY = 'mf.tabs';

function storageKey(owner: string | null): string {
  return owner ? `${KEY}.${owner}` : KEY;
}

function load(owner: string | null): PageTab[] {
  try {
    return parseStoredTabs(JSON.parse(localStorage.getItem(storageKey(owner)) ?? 'null'));
  } catch {
    return parseStoredTabs(null);
  }
}

const ownerAtom = atom((get) => get(userContextAtom)?.user.account ?? null);
const tabsByOwnerAtom = atom<Record<string, PageTab[]>>({});

export const tabsAtom = atom(
  (get) => {
    const owner = get(ownerAtom);
    return get(tabsByOwnerAtom)[owner ?? ''] ?? load(owner);
  },
  (get, set, next: PageTab[] | ((tabs: PageTab[]) => PageTab[])) => {
    const owner = get(ownerAtom);
    const current = get(tabsAtom);
    const tabs = typeof next === 'function' ? next(current) : next;
    if (tabs === current) return;
    set(tabsByOwnerAtom, (all) => ({ ...all, [owner ?? '']: tabs }));
    try {
      localStorage.setItem(storageKey(owner), JSON.stringify(tabs));
    } catch {
      // Storage full: the tabs still work for this page.
    }
  },
);

/** Per tab path: bumped to remount that page. */
export const tabRefreshAtom = atom<Record<string, number>>({});
/** Bumped to drop every kept-alive page (language change). */
export const keepAliveGenerationAtom = atom(0);

export const refreshTabAtom = atom(null, (_get, set, path: string) => {
  set(tabRefreshAtom, (counters) => ({ ...counters, [path]: (counters[path] ?? 0) + 1 }));
});
