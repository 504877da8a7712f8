/**
 * Screen lock (spec §2 'Hotkeys', §4, §9): Ctrl+L stores the return path and a locked flag in cookies
 * and goes to /locking after 0.8 s; while locked every route shows /locking; unlocking asks the server
 * to verify the password of the signed-in person (the actor's own while acting as someone else).
 */
import { callApi } from '../api/call.ts';
import { accessTokenAtom } from './atoms.ts';
import { clearLock, lockReturnPath, setLocked } from './lock-state.ts';
import { safeReturnPath } from './login-path.ts';
import { currentAppPath, navigateTo } from './navigation.ts';
import { appStore } from './store.ts';

export { clearLock, lockedAtom } from './lock-state.ts';

/** Spec §9: the lock redirect delay. */
export const LOCK_DELAY_MS = 800;

export const LOCKING_PATH = '/locking';

let pending: ReturnType<typeof setTimeout> | null = null;

/**
 * Locks the screen: the flag and the return path are stored now, the lock page opens after 0.8 s.
 * Does nothing without a session (there is nothing to protect, and nobody could unlock it).
 */
export function lockScreen(returnPath: string = currentAppPath()): Promise<void> {
  if (!appStore.get(accessTokenAtom)) return Promise.resolve();
  if (returnPath.startsWith(LOCKING_PATH)) return Promise.resolve();
  if (pending) clearTimeout(pending);
  // The cookie first, so a reload during the delay is locked too; the atom (which the guard reads)
  // after the delay, so the page does not change before it.
  setLocked(returnPath, false);
  return new Promise((resolve) => {
    pending = setTimeout(() => {
      pending = null;
      setLocked(returnPath);
      navigateTo(LOCKING_PATH, { replace: true });
      resolve();
    }, LOCK_DELAY_MS);
  });
}

/**
 * Unlocks with the signed-in person's password. Resolves with the path to return to; rejects with the
 * server's ApiCallError (wrong password 6020101; too many wrong ones end the session, 6020201).
 */
export async function unlockScreen(password: string): Promise<string> {
  await callApi('authentication.verify', { body: { password }, silent: true, sessionEnd: 'caller' });
  const back = safeReturnPath(lockReturnPath());
  clearLock();
  return back;
}
