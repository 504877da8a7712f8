/**
 * What happens when the server says the session is over (token expired 6020301, illegal token
 * 6020201, signed in on another client 6020102).
 *
 * For now: tell the user, forget the session, and let the route guard send them to /login with a
 * redirect back. This module is the one place to replace when the refresh-token queue arrives
 * (one refresh while other calls wait, then replay) and the "you have been logged out" confirm.
 */
import { notifier } from '../api/notifier.ts';
import { WARNING_SECONDS } from '../api/http-client.ts';
import { t } from '../i18n/i18n.ts';
import { accessTokenAtom, clearSession } from './atoms.ts';
import { appStore } from './store.ts';

export function endSession(_state: number): void {
  // Several calls may fail together; tell the user once.
  if (!appStore.get(accessTokenAtom)) return;
  notifier.warning(t('http.sessionEnded'), WARNING_SECONDS);
  clearSession(appStore);
}
