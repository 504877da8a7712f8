/**
 * The screen lock's state (spec §2 'Hotkeys', §4): a locked flag and the path to return to, kept in
 * cookies so a reload or another tab stays locked too.
 */
import { atom } from 'jotai';
import { appStore } from './store.ts';
import { LOCKED_COOKIE } from './storage-keys.ts';

/** The lock screen's address. */
export const LOCKING_PATH = '/locking';
export { LOCKED_COOKIE };
export const LOCK_RETURN_COOKIE = 'mf_lock_return';

export function readCookie(name: string): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const item = part.trim();
    if (item.startsWith(prefix)) {
      try {
        // A cleared cookie may linger as an empty value.
        return decodeURIComponent(item.slice(prefix.length)) || null;
      } catch {
        return null;
      }
    }
  }
  return null;
}

export function writeCookie(name: string, value: string | null): void {
  if (typeof document === 'undefined') return;
  document.cookie =
    value === null
      ? `${name}=; path=/; max-age=0; SameSite=Strict`
      : `${name}=${encodeURIComponent(value)}; path=/; SameSite=Strict`;
}

/** True while the screen is locked; every route then shows /locking. */
export const lockedAtom = atom(readCookie(LOCKED_COOKIE) === '1');

/** Stores the flag and the return path; `now` false leaves the page as it is until the atom is set. */
export function setLocked(returnPath: string, now = true): void {
  writeCookie(LOCK_RETURN_COOKIE, returnPath);
  writeCookie(LOCKED_COOKIE, '1');
  if (now) appStore.set(lockedAtom, true);
}

/** The path stored when the screen was locked. */
export function lockReturnPath(): string | null {
  return readCookie(LOCK_RETURN_COOKIE);
}

export function clearLock(): void {
  writeCookie(LOCKED_COOKIE, null);
  writeCookie(LOCK_RETURN_COOKIE, null);
  appStore.set(lockedAtom, false);
}

/** Another tab may have locked or unlocked meanwhile: the cookie is the truth. */
export function syncLockFromCookie(): boolean {
  const locked = readCookie(LOCKED_COOKIE) === '1';
  if (appStore.get(lockedAtom) !== locked) appStore.set(lockedAtom, locked);
  return locked;
}
