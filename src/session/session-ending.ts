/**
 * What happens when the server says the session is over (spec §4 'Token flow', §8):
 * - token expired (6020301) and the refresh queue could not renew it: tokens are cleared and the
 *   browser goes to '/', from where the route guard leads to the login page;
 * - illegal token (6020201) or signed in on another client (6020102): a confirm "you have been logged
 *   out" offers to sign in again (a forced local logout, then the login page) or to stay on the page.
 */
import type { Envelope } from '../api/envelope.ts';
import { State } from '../api/envelope.ts';
import { t } from '../i18n/texts.ts';
import { accessTokenAtom, clearSession, refreshableAtom } from './atoms.ts';
import { clearLock } from './lock-state.ts';
import { currentAppPath, navigateTo } from './navigation.ts';
import { loginPathFor } from './login-path.ts';
import { appStore } from './store.ts';

export interface LoggedOutChoice {
  /** True: sign in again; false: stay on the page. */
  (title: string, content: string, relogin: string, cancel: string): Promise<boolean>;
}

/** The confirm, drawn by antd's Modal (loaded on first use: the login page carries no antd). */
const antdConfirm: LoggedOutChoice = async (title, content, okText, cancelText) => {
  const { default: Modal } = await import('antd/es/modal');
  return new Promise<boolean>((resolve) => {
    Modal.confirm({
      title,
      content,
      okText,
      cancelText,
      closable: false,
      maskClosable: false,
      keyboard: false,
      onOk: () => resolve(true),
      onCancel: () => resolve(false),
    });
  });
};

let ask: LoggedOutChoice = antdConfirm;
let asking: Promise<void> | null = null;

/** Tests replace the dialog (and forget one left open). */
export function setLoggedOutChoice(choice: LoggedOutChoice | null): void {
  ask = choice ?? antdConfirm;
  asking = null;
}

/** Forgets the session here and opens the login page, coming back to `returnTo` afterwards. */
export function forceLocalLogout(returnTo: string = currentAppPath()): void {
  clearSession(appStore);
  clearLock();
  navigateTo(loginPathFor(returnTo), { replace: true });
}

export function endSession(state: number, envelope?: Envelope): void {
  const hasSession = Boolean(appStore.get(accessTokenAtom) || appStore.get(refreshableAtom));
  // Several calls fail together: the first one ends the session, the others find nothing left to do.
  if (!hasSession) return;
  if (state === State.TOKEN_EXPIRED) {
    clearSession(appStore);
    clearLock();
    navigateTo('/', { replace: true });
    return;
  }
  if (asking) return;
  const reason =
    state === State.OTHER_CLIENT ? t('sessionMsg.otherClient') : (envelope?.message ?? '').trim();
  const content = reason
    ? t('http.messageWithCause', { message: t('sessionMsg.loggedOut'), cause: reason })
    : t('sessionMsg.loggedOut');
  asking = ask(t('sessionMsg.loggedOutTitle'), content, t('sessionMsg.relogin'), t('common.cancel'))
    .then((relogin) => {
      if (relogin) forceLocalLogout();
    })
    .finally(() => {
      asking = null;
    });
}
