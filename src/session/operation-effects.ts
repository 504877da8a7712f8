/**
 * Session side effects of successful calls, whichever screen made them (the change-password and
 * change-mobile dialogs are generic screens that only call operations):
 * - the user's own password changed (user/change/passwd with reset 0, or user/register/change/passwd):
 *   the server has ended every session of the account, so the user is logged out and signs in again
 *   (spec §4 asks this with registration open; our server ends the sessions in every mode);
 * - the mobile changed (fldUser/changePhone): the dialog ends at /login, where the session ends.
 */
import type { OperationMeta } from '../api/generated/operations.ts';
import type { RequestOptions } from '../api/http-client.ts';
import { EARLY_OPERATIONS as ops, sameOperation } from '../api/operation-meta.ts';
import { clearSession, reloginRequiredAtom } from './atoms.ts';
import { showFlash } from './flash.ts';
import { clearLock } from './lock-state.ts';
import { integration } from './integration.ts';
import { navigateTo } from './navigation.ts';
import { appStore } from './store.ts';

/** After a password change, the dialog's own success message shows before the page changes. */
export const PASSWORD_LOGOUT_DELAY_MS = 600;

function ownPasswordChange(op: OperationMeta, options: RequestOptions): boolean {
  if (sameOperation(op, ops['user.register.change.passwd'])) return true;
  if (!sameOperation(op, ops['user.change.passwd'])) return false;
  const reset = (options.body as { reset?: unknown } | undefined)?.reset;
  return reset === undefined || reset === 0 || reset === '0';
}

export function afterOperation(op: OperationMeta, options: RequestOptions): void {
  if (ownPasswordChange(op, options)) {
    // The tokens are dead already; forget them now so no other call trips over them.
    clearSession(appStore);
    clearLock();
    showFlash('sessionMsg.passwordChanged');
    setTimeout(() => navigateTo(integration().loginPath, { replace: true }), PASSWORD_LOGOUT_DELAY_MS);
    return;
  }
  if (sameOperation(op, ops['fldUser.changePhone'])) appStore.set(reloginRequiredAtom, true);
}
