/** The stored token pair: kept in the session atoms (persisted to localStorage) and adopted across tabs. */
import type { Token } from '../api/generated/operations.ts';
import type { RefreshedToken } from '../api/refresh-queue.ts';
import { accessTokenAtom, refreshTokenAtom, uidAtom } from './atoms.ts';
import { appStore } from './store.ts';

/** The storage keys of accessTokenAtom and refreshTokenAtom (JSON strings). */
const ACCESS_KEY = 'mf.accessToken';
const REFRESH_KEY = 'mf.refreshToken';

function readStored(key: string): string | null {
  try {
    const raw = localStorage.getItem(key);
    const value: unknown = raw === null ? null : JSON.parse(raw);
    return typeof value === 'string' && value ? value : null;
  } catch {
    return null;
  }
}

/**
 * The stored tokens, taken over when another tab has changed them (refreshed, or logged out), so this
 * tab never presents a refresh token that is already spent.
 */
export function adoptStoredTokens(): { access: string | null; refresh: string | null } {
  const access = readStored(ACCESS_KEY);
  const refresh = readStored(REFRESH_KEY);
  if (access !== appStore.get(accessTokenAtom)) appStore.set(accessTokenAtom, access);
  if (refresh !== appStore.get(refreshTokenAtom)) appStore.set(refreshTokenAtom, refresh);
  return { access, refresh };
}

export function storeToken(token: RefreshedToken & Partial<Pick<Token, 'uid'>>): void {
  appStore.set(accessTokenAtom, token.access_token);
  appStore.set(refreshTokenAtom, token.refresh_token ?? null);
  if (token.uid !== undefined) appStore.set(uidAtom, token.uid ?? null);
}
