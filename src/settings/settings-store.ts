/**
 * Settings persisted per user in localStorage (mf.settings.<account>). The last settings written are
 * also kept as the browser's (mf.settings), so pages without a user (error pages) look the same.
 */
import { atom } from 'jotai';
import { userContextAtom } from '../session/atoms.ts';
import { parseSettings, type ShellSettings } from './settings-model.ts';

const BROWSER_KEY = 'mf.settings';

export function settingsKey(account: string | null | undefined): string {
  return account ? `${BROWSER_KEY}.${account}` : BROWSER_KEY;
}

function read(key: string): ShellSettings {
  try {
    const stored =
      localStorage.getItem(key) ?? (key === BROWSER_KEY ? null : localStorage.getItem(BROWSER_KEY));
    return parseSettings(stored ? JSON.parse(stored) : null);
  } catch {
    return parseSettings(null);
  }
}

function write(key: string, settings: ShellSettings): void {
  try {
    const text = JSON.stringify(settings);
    localStorage.setItem(key, text);
    localStorage.setItem(BROWSER_KEY, text);
  } catch {
    // Storage full or blocked: the settings still apply to this page.
  }
}

/** Who the settings belong to: the signed-in account (while acting, the account acted as). */
export const settingsOwnerAtom = atom((get) => get(userContextAtom)?.user.account ?? null);

const revisionAtom = atom(0);

export const settingsAtom = atom(
  (get) => {
    get(revisionAtom);
    return read(settingsKey(get(settingsOwnerAtom)));
  },
  (get, set, change: Partial<ShellSettings>) => {
    const key = settingsKey(get(settingsOwnerAtom));
    write(key, parseSettings({ ...read(key), ...change }));
    set(revisionAtom, (n) => n + 1);
  },
);
