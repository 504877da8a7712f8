/**
 * RequireAuth carrying out the guard's decisions against a fetch stand-in: it loads the user and the
 * menus before the page shows; it renews the token when only the refresh token is left; it signs in
 * with a ticket from the query; a session the server no longer knows ends quietly at the login page.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '../../src/router/RequireAuth.tsx';
import {
  accessTokenAtom,
  menusAtom,
  refreshableAtom,
  systemIdAtom,
  userContextAtom,
} from '../../src/session/atoms.ts';
import { setLocked } from '../../src/session/lock-state.ts';
import { appStore } from '../../src/session/store.ts';
import { CONTEXT, fail, installFakeApi, ok, resetSession } from './support/session-fake-api.ts';
import { setupTestI18n } from './support/i18n.ts';

const MENUS = [{ id: 'm1', parentId: '0', name: 'menu.system', alias: 'system', children: [] }];

function Where() {
  const location = useLocation();
  return <p data-testid="where">{`${location.pathname}${location.search}`}</p>;
}

function renderAt(entry: string) {
  return render(
    <Provider store={appStore}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route
            path="/employeeList"
            element={
              <RequireAuth>
                <p>protected page</p>
              </RequireAuth>
            }
          />
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

beforeEach(() => {
  resetSession();
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('RequireAuth', () => {
  it('sends a visitor without a session to the login page with a redirect back', async () => {
    installFakeApi({});
    renderAt('/employeeList?page=2');
    expect((await screen.findByTestId('where')).textContent).toBe(
      `/login?redirect=${encodeURIComponent('/employeeList?page=2')}`,
    );
  });

  it('loads the user and the menus of the chosen subsystem before the page shows', async () => {
    appStore.set(accessTokenAtom, 'tok');
    appStore.set(systemIdAtom, 'sys-2');
    const api = installFakeApi({
      '/user/context': () => ok(CONTEXT),
      '/auth/resources/getMenuData': () => ok(MENUS),
    });
    renderAt('/employeeList');
    expect(await screen.findByText('protected page')).toBeTruthy();
    expect(api.callsTo('/auth/resources/getMenuData')[0].query.get('systemId')).toBe('sys-2');
    expect(appStore.get(userContextAtom)?.user.account).toBe('zhangsan');
    expect(sessionStorage.getItem('uid')).toBe('u1');
  });

  it('leads to subsystem selection when none is chosen, and to /403 without menus', async () => {
    appStore.set(accessTokenAtom, 'tok');
    installFakeApi({ '/user/context': () => ok(CONTEXT), '/auth/resources/getMenuData': () => ok([]) });
    renderAt('/employeeList');
    expect((await screen.findByTestId('where')).textContent).toBe(
      `/systemSelect?redirect=${encodeURIComponent('/employeeList')}`,
    );
    cleanup();
    appStore.set(systemIdAtom, 'sys-1');
    appStore.set(menusAtom, null);
    renderAt('/employeeList');
    expect((await screen.findByTestId('where')).textContent).toBe('/403');
  });

  it('renews the token when only the refresh cookie is left, sending no refresh token itself', async () => {
    appStore.set(refreshableAtom, true);
    appStore.set(systemIdAtom, 'sys-1');
    const api = installFakeApi({
      // The refresh token is the browser's HttpOnly cookie: the body names the grant only.
      '/authentication/apply': (call) =>
        call.body.grant_type === 'refresh_token' && !('refresh_token' in call.body)
          ? ok({ access_token: 'tok-2' })
          : fail(6020201, 'bad'),
      '/user/context': () => ok(CONTEXT),
      '/auth/resources/getMenuData': () => ok(MENUS),
    });
    renderAt('/employeeList');
    expect(await screen.findByText('protected page')).toBeTruthy();
    expect(api.callsTo('/authentication/apply')).toHaveLength(1);
    expect(api.callsTo('/user/context')[0].auth).toBe('Bearer tok-2');
    expect(appStore.get(refreshableAtom)).toBe(true);
    expect(localStorage.getItem('mf.accessToken')).toBe(JSON.stringify('tok-2'));
  });

  it('forgets a refused refresh cookie and asks to sign in', async () => {
    appStore.set(refreshableAtom, true);
    installFakeApi({ '/authentication/apply': () => fail(6020201, '刷新令牌已被使用过') });
    renderAt('/employeeList');
    expect((await screen.findByTestId('where')).textContent).toBe('/login?redirect=%2FemployeeList');
    expect(appStore.get(refreshableAtom)).toBe(false);
  });

  it('signs in with a CAS ticket and opens the address without it', async () => {
    appStore.set(systemIdAtom, 'sys-1');
    const api = installFakeApi({
      '/fldUser/login/token/apply': (call) =>
        call.body.ticket === 'ST-1'
          ? ok({ access_token: 'tok-c', refresh_token: 'ref-c' })
          : fail(6020101, 'bad'),
      '/user/context': () => ok(CONTEXT),
      '/auth/sub/system/findCurrentUserSubSystem': () => ok([{ id: 'sys-1', name: 'x' }]),
      '/auth/resources/getMenuData': () => ok(MENUS),
    });
    renderAt('/employeeList?ticket=ST-1');
    expect(await screen.findByText('protected page')).toBeTruthy();
    expect(api.callsTo('/fldUser/login/token/apply')).toHaveLength(1);
    expect(appStore.get(accessTokenAtom)).toBe('tok-c');
  });

  it("trades an authorization code of the query in 'newwebxt' mode", async () => {
    window.__MF_INTEGRATION__ = { mode: 'newwebxt' };
    appStore.set(systemIdAtom, 'sys-1');
    const api = installFakeApi({
      '/authentication/apply': (call) =>
        call.body.grant_type === 'authorization_code' && call.body.code === 'C1' && call.body.state === 'S1'
          ? ok({ access_token: 'tok-o', refresh_token: 'ref-o' })
          : fail(6020201, 'bad'),
      '/user/context': () => ok(CONTEXT),
      '/auth/sub/system/findCurrentUserSubSystem': () => ok([{ id: 'sys-1', name: 'x' }]),
      '/auth/resources/getMenuData': () => ok(MENUS),
    });
    try {
      renderAt('/employeeList?code=C1&state=S1');
      expect(await screen.findByText('protected page')).toBeTruthy();
      expect(api.callsTo('/authentication/apply')).toHaveLength(1);
      expect(appStore.get(accessTokenAtom)).toBe('tok-o');
    } finally {
      delete window.__MF_INTEGRATION__;
    }
  });

  it('ends a session the server does not know any more at the login page, without the confirm', async () => {
    appStore.set(accessTokenAtom, 'tampered');
    installFakeApi({ '/user/context': () => fail(6020201, '非法的访问令牌') });
    renderAt('/employeeList');
    await waitFor(() => expect(screen.getByTestId('where').textContent).toMatch(/^\/login/));
    expect(appStore.get(accessTokenAtom)).toBeNull();
  });

  it('shows /locking while the screen is locked', async () => {
    appStore.set(accessTokenAtom, 'tok');
    setLocked('/employeeList');
    installFakeApi({});
    renderAt('/employeeList');
    expect((await screen.findByTestId('where')).textContent).toBe('/locking');
  });

  it('offers a retry when loading fails for another reason', async () => {
    appStore.set(accessTokenAtom, 'tok');
    let fails = 1;
    installFakeApi({
      '/user/context': () => (fails-- > 0 ? fail(500, '服务器内部错误', 500) : ok(CONTEXT)),
      '/auth/resources/getMenuData': () => ok(MENUS),
    });
    appStore.set(systemIdAtom, 'sys-1');
    renderAt('/employeeList');
    const retry = await screen.findByRole('button', { name: '重试' });
    expect(screen.getByText('服务器内部错误')).toBeTruthy();
    retry.click();
    expect(await screen.findByText('protected page')).toBeTruthy();
  });
});
