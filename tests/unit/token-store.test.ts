/**
 * The token store without a refresh token: a token pair from the server keeps the access token (in
 * localStorage, shared by the tabs) and only the fact that a refresh cookie stands behind it; a refresh
 * token in the answer is never written anywhere a page script could read it, and one an older version left
 * in localStorage is dropped. Another tab's refresh or sign-out is adopted; sign-out forgets both.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { accessTokenAtom, clearSession, refreshableAtom, uidAtom } from '../../src/session/atoms.ts';
import { appStore } from '../../src/session/store.ts';
import {
  adoptStoredTokens,
  forgetLegacyRefreshToken,
  LEGACY_REFRESH_KEY,
  storeToken,
} from '../../src/session/token-store.ts';
import { resetSession } from './support/session-fake-api.ts';

const REFRESH = 'r'.repeat(43);

/** Everything the page keeps in web storage, as text. */
function everythingStored(): string {
  const dump = (s: Storage) =>
    Array.from({ length: s.length }, (_, i) => `${s.key(i)}=${s.getItem(s.key(i)!)}`).join('\n');
  return `${dump(localStorage)}\n${dump(sessionStorage)}`;
}

beforeEach(() => {
  resetSession();
});

describe('token store', () => {
  it('keeps the access token and that a refresh cookie exists, never the refresh token itself', () => {
    // A server that still answers the refresh token in the body (a non-browser answer) changes nothing.
    storeToken({ access_token: 'acc-1', refresh_token: REFRESH, uid: 'u1' } as never);
    expect(appStore.get(accessTokenAtom)).toBe('acc-1');
    expect(appStore.get(refreshableAtom)).toBe(true);
    expect(appStore.get(uidAtom)).toBe('u1');
    expect(localStorage.getItem('mf.accessToken')).toBe(JSON.stringify('acc-1'));
    expect(localStorage.getItem('mf.refreshable')).toBe('true');
    expect(localStorage.getItem(LEGACY_REFRESH_KEY)).toBeNull();
    expect(everythingStored()).not.toContain(REFRESH);
  });

  it('drops a refresh token an older version left in localStorage', () => {
    localStorage.setItem(LEGACY_REFRESH_KEY, JSON.stringify(REFRESH));
    forgetLegacyRefreshToken();
    expect(localStorage.getItem(LEGACY_REFRESH_KEY)).toBeNull();
    expect(everythingStored()).not.toContain(REFRESH);
  });

  it('adopts what another tab stored: a refreshed access token, or its sign-out', () => {
    storeToken({ access_token: 'acc-1' });
    // Another tab refreshed (same storage, this tab's atoms not told).
    localStorage.setItem('mf.accessToken', JSON.stringify('acc-2'));
    expect(adoptStoredTokens()).toEqual({ access: 'acc-2', refreshable: true });
    expect(appStore.get(accessTokenAtom)).toBe('acc-2');
    // Another tab signed out.
    localStorage.removeItem('mf.accessToken');
    localStorage.removeItem('mf.refreshable');
    expect(adoptStoredTokens()).toEqual({ access: null, refreshable: false });
    expect(appStore.get(accessTokenAtom)).toBeNull();
    expect(appStore.get(refreshableAtom)).toBe(false);
  });

  it('forgets both at sign-out', () => {
    storeToken({ access_token: 'acc-1' });
    clearSession(appStore);
    expect(appStore.get(accessTokenAtom)).toBeNull();
    expect(appStore.get(refreshableAtom)).toBe(false);
    expect(localStorage.getItem('mf.accessToken')).toBeNull();
    expect(localStorage.getItem('mf.refreshable')).toBeNull();
  });
});
