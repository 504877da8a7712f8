/**
 * Screen lock (spec §2 'Hotkeys', §4, §9): the return path and a locked flag go into cookies at once,
 * the lock page opens after 0.8 s; unlocking asks the server to verify the password; a wrong one
 * leaves the screen locked.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessTokenAtom } from '../../src/session/atoms.ts';
import { LOCK_DELAY_MS, lockScreen, unlockScreen } from '../../src/session/lock.ts';
import {
  LOCKED_COOKIE,
  LOCK_RETURN_COOKIE,
  lockedAtom,
  readCookie,
  syncLockFromCookie,
} from '../../src/session/lock-state.ts';
import { registerNavigator } from '../../src/session/navigation.ts';
import { appStore } from '../../src/session/store.ts';
import { fail, installFakeApi, ok, resetSession } from './support/session-fake-api.ts';
import { setupTestI18n } from './support/i18n.ts';

let navigations: string[] = [];
let unregister: () => void;

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

beforeEach(() => {
  resetSession();
  appStore.set(accessTokenAtom, 'tok');
  navigations = [];
  unregister = registerNavigator((to) => navigations.push(to));
});

afterEach(() => {
  unregister();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('locking', () => {
  it('stores the flag and the return path at once and opens /locking after 0.8 s', async () => {
    vi.useFakeTimers();
    const done = lockScreen('/employeeList?page=3');
    expect(readCookie(LOCKED_COOKIE)).toBe('1');
    expect(readCookie(LOCK_RETURN_COOKIE)).toBe('/employeeList?page=3');
    // The page stays as it is during the delay.
    expect(appStore.get(lockedAtom)).toBe(false);
    vi.advanceTimersByTime(LOCK_DELAY_MS - 1);
    expect(navigations).toEqual([]);
    vi.advanceTimersByTime(1);
    await done;
    expect(LOCK_DELAY_MS).toBe(800);
    expect(appStore.get(lockedAtom)).toBe(true);
    expect(navigations).toEqual(['/locking']);
  });

  it('does nothing without a session', async () => {
    resetSession();
    await lockScreen('/x');
    expect(readCookie(LOCKED_COOKIE)).toBeNull();
    expect(navigations).toEqual([]);
  });

  it('follows the cookie that another tab set', () => {
    document.cookie = `${LOCKED_COOKIE}=1; path=/`;
    expect(syncLockFromCookie()).toBe(true);
    expect(appStore.get(lockedAtom)).toBe(true);
  });
});

describe('unlocking', () => {
  it('verifies the password on the server, clears the lock and answers the return path', async () => {
    vi.useFakeTimers();
    const locked = lockScreen('/employeeList');
    vi.advanceTimersByTime(LOCK_DELAY_MS);
    await locked;
    vi.useRealTimers();
    const api = installFakeApi({
      '/authentication/verify': (call) =>
        call.body?.password === 'Right#pass1' ? ok(true) : fail(6020101, '密码错误，请重新输入'),
    });
    await expect(unlockScreen('wrong')).rejects.toMatchObject({ text: '密码错误，请重新输入' });
    expect(appStore.get(lockedAtom)).toBe(true);
    await expect(unlockScreen('Right#pass1')).resolves.toBe('/employeeList');
    expect(appStore.get(lockedAtom)).toBe(false);
    expect(readCookie(LOCKED_COOKIE)).toBeNull();
    const verify = api.callsTo('/authentication/verify');
    expect(verify).toHaveLength(2);
    expect(verify[1].auth).toBe('Bearer tok');
  });

  it('never returns to a page outside the app', async () => {
    document.cookie = `${LOCKED_COOKIE}=1; path=/`;
    document.cookie = `${LOCK_RETURN_COOKIE}=${encodeURIComponent('https://evil.example/')}; path=/`;
    installFakeApi({ '/authentication/verify': () => ok(true) });
    await expect(unlockScreen('x')).resolves.toBe('/dashboard');
  });
});
