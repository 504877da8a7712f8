/**
 * One-off notices ("exit user succeeded", "password changed, please sign in again") that must survive
 * a page change or a full reload: kept in session storage until shown.
 */
import { t } from '../i18n/texts.ts';

const FLASH_KEY = 'mf.flash';

type Kind = 'success' | 'info' | 'warning';

/** Shows the notice now (antd's message, loaded on demand) and also keeps it for after a reload. */
export function showFlash(key: string, kind: Kind = 'success', keepForReload = false): void {
  if (keepForReload) sessionStorage.setItem(FLASH_KEY, JSON.stringify({ key, kind }));
  else void notify(key, kind);
}

/** Keeps the notice for the next page load (before `window.location` changes). */
export function flashAfterReload(key: string, kind: Kind = 'success'): void {
  showFlash(key, kind, true);
}

/** Shows a notice kept for this page load, once. */
export function showPendingFlash(): void {
  const raw = sessionStorage.getItem(FLASH_KEY);
  if (!raw) return;
  sessionStorage.removeItem(FLASH_KEY);
  try {
    const { key, kind } = JSON.parse(raw) as { key: string; kind: Kind };
    void notify(key, kind);
  } catch {
    // A broken entry is simply dropped.
  }
}

async function notify(key: string, kind: Kind): Promise<void> {
  const { default: message } = await import('antd/es/message');
  void message[kind](t(key), 3);
}
