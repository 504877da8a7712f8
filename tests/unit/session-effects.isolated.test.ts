/**
 * Session side effects of calls any screen makes: after the user's own password change the session
 * is over (the server ended it), so the user signs in again; an admin reset leaves the session alone;
 * after a mobile change the next visit to /login ends the session.
 */
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { callApi } from '../../src/api/call.ts';
import { accessTokenAtom, refreshableAtom, reloginRequiredAtom } from '../../src/session/atoms.ts';
import { registerNavigator } from '../../src/session/navigation.ts';
import { PASSWORD_LOGOUT_DELAY_MS } from '../../src/session/operation-effects.ts';
import { appStore } from '../../src/session/store.ts';
import { installFakeApi, ok, resetSession } from './support/session-fake-api.ts';
import { setupTestI18n } from './support/i18n.ts';

// antd's message would keep rendering (3 s notices) after this file's DOM is gone; record the notices instead.
const flashes = vi.hoisted(() => [] as string[]);
vi.mock('../../src/session/flash.ts', () => ({
  showFlash: (key: string) => flashes.push(key),
  flashAfterReload: (key: string) => flashes.push(key),
  showPendingFlash: () => undefined,
}));

let navigations: string[] = [];
let unregister: () => void;

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

// Logging out schedules the move to /login; let it finish while the DOM still exists.
afterAll(() => new Promise((resolve) => setTimeout(resolve, PASSWORD_LOGOUT_DELAY_MS + 200)));

beforeEach(() => {
  resetSession();
  appStore.set(accessTokenAtom, 'tok');
  appStore.set(refreshableAtom, true);
  navigations = [];
  unregister = registerNavigator((to) => navigations.push(to));
  installFakeApi({
    '/user/change/passwd': () => ok(true),
    '/user/register/change/passwd': () => ok(true),
    '/fldUser/changePhone': () => ok(true),
  });
});

afterEach(() => {
  unregister();
  vi.unstubAllGlobals();
});

describe('after a call', () => {
  it.each([
    ['user.change.passwd', { newPassword: 'a', repeatPassword: 'a', primitivePassword: 'b', reset: 0 }],
    ['user.change.passwd', { newPassword: 'a', repeatPassword: 'a', primitivePassword: 'b' }],
    ['user.register.change.passwd', { newPassword: 'a', repeatPassword: 'a', primitivePassword: 'b' }],
  ] as const)('%s of the own password logs out and opens the login page', async (id, body) => {
    flashes.length = 0;
    await callApi(id, { body });
    expect(flashes).toEqual(['sessionMsg.passwordChanged']);
    expect(appStore.get(accessTokenAtom)).toBeNull();
    expect(appStore.get(refreshableAtom)).toBe(false);
    await vi.waitFor(() => expect(navigations).toEqual(['/login']), {
      timeout: PASSWORD_LOGOUT_DELAY_MS + 500,
    });
  });

  it('keeps the session after an admin reset of other users', async () => {
    await callApi('user.change.passwd', {
      body: { userIds: 'u2', newPassword: 'a', repeatPassword: 'a', reset: 1 },
    });
    await new Promise((r) => setTimeout(r, PASSWORD_LOGOUT_DELAY_MS + 50));
    expect(appStore.get(accessTokenAtom)).toBe('tok');
    expect(navigations).toEqual([]);
  });

  it('asks for a new sign-in after the mobile changed', async () => {
    await callApi('fldUser.changePhone', {
      body: { userId: 'u1', phone: '13900000000', validCode: '123456' },
    });
    expect(appStore.get(reloginRequiredAtom)).toBe(true);
    expect(appStore.get(accessTokenAtom)).toBe('tok');
  });
});
