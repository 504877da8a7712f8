/**
 * After an administrator reset (or restore-default) the server marks the password as one to change,
 * and also when it is older than the security setting allows (context.mustChangePassword). The spec is
 * silent here; we say so once per sign-in and open the change-password dialog. It can be closed: the
 * reminder comes back at the next sign-in until the password is changed.
 */
import { showFlash } from './flash.ts';

const ASKED_KEY = 'mf.passwordChangeAsked';
/** The dialog host is drawn with the shell, which loads lazily: try for a few seconds. */
const HOST_WAIT_MS = 5000;
const RETRY_MS = 250;

export function promptPasswordChange(): void {
  if (sessionStorage.getItem(ASKED_KEY)) return;
  sessionStorage.setItem(ASKED_KEY, '1');
  showFlash('sessionMsg.mustChangePassword', 'warning');
  void openDialog(Date.now() + HOST_WAIT_MS);
}

async function openDialog(until: number): Promise<void> {
  const { openScreenDialog } = await import('../../renderers/dialogs/index.ts');
  try {
    await openScreenDialog({ screen: 'change-password' });
  } catch {
    if (Date.now() < until) setTimeout(() => void openDialog(until), RETRY_MS);
  }
}
