/** Password sign-in, loading what a signed-in user needs (context and menus), and sign-out. */
import { callApi } from '../api/call.ts';
import {
  accessTokenAtom,
  clearSession,
  menusAtom,
  refreshTokenAtom,
  uidAtom,
  userContextAtom,
} from './atoms.ts';
import { appStore } from './store.ts';

/**
 * Signs in with account and password. Rejects with ApiCallError (silent: the login page shows the
 * server's text, e.g. 用户名或密码错误, next to the form).
 */
export async function signInWithPassword(username: string, password: string): Promise<void> {
  const token = await callApi('authentication.apply', {
    body: { grant_type: 'password_credentials', username, password },
    silent: true,
  });
  appStore.set(accessTokenAtom, token.access_token);
  appStore.set(refreshTokenAtom, token.refresh_token ?? null);
  appStore.set(uidAtom, token.uid ?? null);
  try {
    await loadSessionData({ silent: true });
  } catch (error) {
    clearSession(appStore);
    throw error;
  }
}

/** The user context first (it names the tenant the other calls must send), then the menu tree. */
export async function loadSessionData(options: { silent?: boolean } = {}): Promise<void> {
  const context = await callApi('user.context', { silent: options.silent });
  appStore.set(userContextAtom, context);
  const menus = await callApi('auth.resources.getMenuData', { silent: options.silent });
  appStore.set(menusAtom, menus);
}

/** Ends the session on the server (best effort) and forgets it here. */
export async function signOut(): Promise<void> {
  await callApi('user.logout', { silent: true }).catch(() => undefined);
  clearSession(appStore);
}
