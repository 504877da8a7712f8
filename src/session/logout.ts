/**
 * Logout (spec §2 'User menu', §7): the server ends the login, the session is forgotten here (tokens,
 * user context, the uid, name and mobile in session storage, the screen lock), then the login page
 * opens — or, after a CAS sign-in, the CAS logout page so the single sign-on ends too.
 * The user menu asks for confirmation before calling logout().
 */
import { callApi } from '../api/call-api.ts';
import { accessTokenAtom, clearSession, refreshableAtom } from './atoms.ts';
import { integration } from './integration.ts';
import { clearLock } from './lock-state.ts';
import { navigateTo } from './navigation.ts';
import { appStore } from './store.ts';
import { refreshNow } from './token-refresh.ts';

const METHOD_KEY = 'mf.signInMethod';

/** Ends the session on the server (best effort) and here; answers the SSO logout address, if any. */
export async function endSessionEverywhere(): Promise<string> {
  let ssoLogoutUrl = '';
  // Only the refresh cookie left: renew the access token first, so the server can end the login and
  // clear the cookie (the page cannot: it is HttpOnly).
  if (!appStore.get(accessTokenAtom) && appStore.get(refreshableAtom)) await refreshNow().catch(() => false);
  if (appStore.get(accessTokenAtom)) {
    const viaCas = sessionStorage.getItem(METHOD_KEY) === 'ticket' || integration().mode === 'portal';
    const quiet = { silent: true, sessionEnd: 'caller' } as const;
    if (viaCas) {
      ssoLogoutUrl = await callApi('user.getSsoLogoutInfo', quiet)
        .then((info) => info?.logoutUrl ?? '')
        .catch(() => '');
    }
    await callApi('user.logout', quiet).catch(() => undefined);
  }
  clearSession(appStore);
  clearLock();
  sessionStorage.removeItem(METHOD_KEY);
  return ssoLogoutUrl;
}

export async function logout(): Promise<void> {
  const ssoLogoutUrl = await endSessionEverywhere();
  if (ssoLogoutUrl && /^https?:\/\//i.test(ssoLogoutUrl)) window.location.assign(ssoLogoutUrl);
  else navigateTo(integration().loginPath, { replace: true });
}

/** The walking skeleton's name for logout. */
export const signOut = logout;
