/**
 * The app's refresh queue (src/api/refresh-queue.ts) wired to the stored tokens, and storing a new
 * token pair after any sign-in.
 */
import { callApi } from '../api/call.ts';
import type { Token } from '../api/generated/operations.ts';
import { createRefreshQueue, type RefreshedToken } from '../api/refresh-queue.ts';
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

export const refreshQueue = createRefreshQueue({
  accessToken: () => adoptStoredTokens().access,
  refreshToken: () => appStore.get(refreshTokenAtom),
  exchange: (refreshToken) =>
    callApi('authentication.apply', {
      body: { grant_type: 'refresh_token', refresh_token: refreshToken },
      silent: true,
      sessionEnd: 'caller',
      anonymous: true,
    }),
  store: storeToken,
});

/**
 * A session with only a refresh token left (spec §2 'Route guard'): trade it for a new access token.
 * False when there is none or the server refused it.
 */
export function refreshNow(): Promise<boolean> {
  return refreshQueue.recover(appStore.get(accessTokenAtom));
}

declare global {
  interface Window {
    /** Set by the end-to-end tests before the app starts (page.addInitScript). */
    __MF_E2E__?: boolean;
    /** The app's own api client for those tests: calls go through the refresh queue like any screen's. */
    __mfApi?: { call(id: string, args?: { query?: object; body?: unknown }): Promise<unknown> };
  }
}

// Only for a browser a test has marked: gives nothing a script in the page could not do with fetch.
if (typeof window !== 'undefined' && window.__MF_E2E__) {
  window.__mfApi = {
    call: (id, args) => import('../api/call.ts').then(({ callOperation }) => callOperation(id, args)),
  };
}
