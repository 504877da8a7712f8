/**
 * The stored session tokens: the access token (persisted to localStorage by its atom and adopted across
 * tabs) and whether a refresh cookie stands behind it. The refresh token itself never reaches the page:
 * the server sets it as an HttpOnly cookie with every token pair and reads it back on a refresh
 * (server/auth/refresh-cookie.ts).
 */
import { STORAGE_KEYS } from './storage-keys.ts';
import type { Token } from '../api/generated/operations.ts';
import type { RefreshedToken } from '../api/refresh-queue.ts';
import { accessTokenAtom, refreshableAtom, uidAtom } from './atoms.ts';
import { appStore } from './store.ts';

/** The storage keys of accessTokenAtom and refreshableAtom (JSON values). */
const ACCESS_KEY = STORAGE_KEYS.accessToken;
const REFRESHABLE_KEY = 'mf.refreshable';
/** Where versions before the refresh cookie kept the refresh token in clear. */
export const LEGACY_REFRESH_KEY = 'mf.refreshToken';

function readStored(key: string): unknown {
  try {
    const raw = localStorage.getItem(key);
    return raw === null ? null : JSON.parse(raw);
  } catch {
    return null;
  }
}

/** Drops a refresh token an older version left in localStorage (it is the server's cookie now). */
export function forgetLegacyRefreshToken(): void {
  try {
    localStorage.removeItem(LEGACY_REFRESH_KEY);
  } catch {
    // no storage (a sandboxed frame): nothing was kept either
  }
}

forgetLegacyRefreshToken();

/**
 * The stored session, taken over when another tab has changed it (refreshed, or logged out), so this tab
 * never sends a token another tab has replaced, nor refreshes what another tab has just refreshed.
 */
export function adoptStoredTokens(): { access: string | null; refreshable: boolean } {
  const stored = readStored(ACCESS_KEY);
  const access = typeof stored === 'string' && stored ? stored : null;
  const refreshable = readStored(REFRESHABLE_KEY) === true;
  if (access !== appStore.get(accessTokenAtom)) appStore.set(accessTokenAtom, access);
  if (refreshable !== appStore.get(refreshableAtom)) appStore.set(refreshableAtom, refreshable);
  return { access, refreshable };
}

/**
 * Keeps a new token pair: the access token, and that a refresh cookie came with it. A refresh token in
 * the answer (a server that still sends one) is not kept: the page has no use for it.
 */
export function storeToken(token: RefreshedToken & Partial<Pick<Token, 'uid'>>): void {
  appStore.set(accessTokenAtom, token.access_token);
  appStore.set(refreshableAtom, true);
  if (token.uid !== undefined) appStore.set(uidAtom, token.uid ?? null);
}
