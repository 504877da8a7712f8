/**
 * When the server ends the session (spec §4 'Token flow', §8): token expired and not renewable →
 * tokens cleared and '/'; illegal token or another client → one "you have been logged out" confirm,
 * re-login (forced local logout, then the login page) or cancel (stay).
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { accessTokenAtom, refreshableAtom, userContextAtom } from '../../src/session/atoms.ts';
import { lockedAtom, setLocked } from '../../src/session/lock-state.ts';
import { registerNavigator } from '../../src/session/navigation.ts';
import { endSession, setLoggedOutChoice } from '../../src/session/session-ending.ts';
import { appStore } from '../../src/session/store.ts';
import { CONTEXT, resetSession } from './support/session-fake-api.ts';
import { setupTestI18n } from './support/i18n.ts';

let navigations: string[] = [];
let unregister: () => void;

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

beforeEach(() => {
  resetSession();
  appStore.set(accessTokenAtom, 'tok');
  appStore.set(refreshableAtom, true);
  appStore.set(userContextAtom, CONTEXT as never);
  navigations = [];
  unregister = registerNavigator((to) => navigations.push(to));
  window.history.replaceState(null, '', '/employeeList?page=2');
});

afterEach(() => {
  unregister();
  setLoggedOutChoice(null);
});

describe('ending the session', () => {
  it('clears the tokens and goes to / when an expired token could not be renewed', () => {
    setLocked('/x');
    endSession(6020301);
    expect(appStore.get(accessTokenAtom)).toBeNull();
    expect(appStore.get(refreshableAtom)).toBe(false);
    expect(appStore.get(userContextAtom)).toBeNull();
    expect(appStore.get(lockedAtom)).toBe(false);
    expect(navigations).toEqual(['/']);
    // The other calls that failed together find nothing left to do.
    endSession(6020301);
    expect(navigations).toEqual(['/']);
  });

  it.each([6020201, 6020102])('asks once for state %i, however many calls fail', async (state) => {
    const ask = vi.fn(() => new Promise<boolean>(() => undefined));
    setLoggedOutChoice(ask);
    endSession(state, { state, message: 'm', data: null });
    endSession(state, { state, message: 'm', data: null });
    endSession(state, { state, message: 'm', data: null });
    expect(ask).toHaveBeenCalledTimes(1);
    const [title, content, okText, cancelText] = ask.mock.calls[0] as unknown as string[];
    expect(title).toBe('确定登出');
    expect(content).toContain('你已被登出，可以取消继续留在该页面，或者重新登录');
    if (state === 6020102) expect(content).toContain('您的账号已在其他客户端登录');
    expect([okText, cancelText]).toEqual(['重新登录', '取消']);
  });

  it('signs in again: a forced local logout, then the login page coming back here', async () => {
    setLoggedOutChoice(async () => true);
    endSession(6020201, { state: 6020201, message: '非法的访问令牌', data: null });
    await vi.waitFor(() => expect(navigations).toHaveLength(1));
    expect(appStore.get(accessTokenAtom)).toBeNull();
    expect(appStore.get(refreshableAtom)).toBe(false);
    expect(navigations[0]).toBe(`/login?redirect=${encodeURIComponent('/employeeList?page=2')}`);
  });

  it('stays on the page when cancelled, and asks again at the next failure', async () => {
    const ask = vi.fn(async () => false);
    setLoggedOutChoice(ask);
    endSession(6020201);
    await vi.waitFor(() => expect(ask).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 0));
    expect(appStore.get(accessTokenAtom)).toBe('tok');
    expect(navigations).toEqual([]);
    endSession(6020201);
    await vi.waitFor(() => expect(ask).toHaveBeenCalledTimes(2));
  });

  it('does nothing without a session', () => {
    const ask = vi.fn(async () => true);
    setLoggedOutChoice(ask);
    resetSession();
    endSession(6020201);
    endSession(6020301);
    expect(ask).not.toHaveBeenCalled();
    expect(navigations).toEqual([]);
  });
});
