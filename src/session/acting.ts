/**
 * Acting as another user (spec §4 'Switch user'; authentication/switch and switch/exit). The server
 * opens a session of the target marked with the actor and records who, as whom, when and why; the
 * context then names the original account (switchAccount) and the banner shows it. Exit trades the
 * acting session for a new one of the original account. Both reload the app so nothing of the other
 * account's pages stays.
 */
import { STORAGE_KEYS } from './storage-keys.ts';
import { atom } from 'jotai';
import { callApi } from '../api/call.ts';
import { userContextAtom } from './atoms.ts';
import { flashAfterReload } from './flash.ts';
import { reloadApp } from './navigation.ts';
import { appStore } from './store.ts';
import { storeToken } from './token-refresh.ts';
import { HOME_PATH } from './login-path.ts';

/** The original account while acting as another user, else null. */
export const switchAccountAtom = atom((get) => get(userContextAtom)?.switchAccount ?? null);

export function isActing(): boolean {
  return Boolean(appStore.get(switchAccountAtom));
}

function forgetUser(): void {
  // Drop the context kept for this tab: the reload loads the new account's.
  sessionStorage.removeItem(STORAGE_KEYS.userContext);
  sessionStorage.removeItem('mf.tenantChosen');
}

/** Acts as `account`; `reason` is kept in the acting audit. Rejects with the server's ApiCallError. */
export async function switchUser(account: string, reason: string): Promise<void> {
  const token = await callApi('authentication.switch', {
    body: { username: account, reason },
    silent: true,
  });
  storeToken(token);
  forgetUser();
  flashAfterReload('acting.switched');
  reloadApp(HOME_PATH);
}

/** Back to the original account; shows 'exit user succeeded' after the reload. */
export async function exitSwitchedUser(): Promise<void> {
  const original = appStore.get(switchAccountAtom);
  const token = await callApi('authentication.switch.exit', {
    body: original ? { username: original } : {},
  });
  storeToken(token);
  forgetUser();
  flashAfterReload('acting.exited');
  reloadApp(HOME_PATH);
}
