/**
 * Tokens in the browser against the real server: an expired access token and five concurrent calls
 * make exactly one refresh call and all five succeed; a refused refresh clears the tokens and goes to
 * '/', then the login page; a refresh token used elsewhere ends the whole login; a tampered token ends
 * quietly at the login page; a login on another client shows "you have been logged out" with re-login;
 * a tenant header naming a tenant the session does not belong to is refused. Run `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { E2E_DB } from './support/suite.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { demoTenantId, makeAccount, makeTenant } from '../server/auth-support.ts';
import { closeOpenContexts, sharedBrowser } from './support/browser.ts';
import { loginThroughUi, requireBuiltApp, submitLogin } from './support/app.ts';
import {
  countRefreshes,
  db,
  expireAccessToken,
  newPage,
  storedTokens,
  usedRefreshTokens,
} from './support/session.ts';

/** Five calls at once through the app's own client (the refresh queue included). */
function fiveCalls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const api = window.__mfApi!;
    const results = await Promise.allSettled([
      api.call('user.context'),
      api.call('auth.resources.getMenuData'),
      api.call('user.context'),
      api.call('auth.sub.system.findCurrentUserSubSystem'),
      api.call('employee.query', { body: { parameters: [], requestPage: { pageNo: 1, limit: 5 } } }),
    ]);
    return results.map((r) => r.status);
  });
}

describe('tokens in the browser', () => {
  let server: TestServer;
  let browser: Browser;

  beforeAll(async () => {
    requireBuiltApp();
    server = await startTestServer(E2E_DB, { staticDir: 'dist', rateLimitPerMinute: 0 });
    browser = await sharedBrowser();
  });

  afterAll(async () => {
    await closeOpenContexts(browser);
    await server?.close();
  });

  it('refreshes once for five concurrent calls with an expired access token, and replays them all', async () => {
    const { context, page } = await newPage(browser);
    await loginThroughUi(page, server.baseUrl, 'admin', server.adminPassword);
    const before = await storedTokens(page, server);
    await expireAccessToken(server, before.access!);
    const refreshes = countRefreshes(page);
    const usedBefore = await usedRefreshTokens(server);
    // 6020301 comes with HTTP 401: the calls that went out with the expired token.
    const expired: string[] = [];
    page.on('response', (response) => {
      if (response.url().includes('/api/') && response.status() === 401) expired.push(response.url());
    });
    expect(await fiveCalls(page)).toEqual(Array(5).fill('fulfilled'));
    expect(refreshes()).toBe(1);
    expect(await usedRefreshTokens(server)).toBe(usedBefore + 1);
    expect(expired.length).toBeGreaterThanOrEqual(1);
    const after = await storedTokens(page, server);
    expect(after.access).not.toBe(before.access);
    expect(after.refresh).not.toBe(before.refresh);
    // The page goes on working with the new token.
    await page.reload();
    await page.getByTestId('dashboard').waitFor();
    expect(refreshes()).toBe(1);
    await context.close();
  });

  it('clears the tokens and goes to / (then the login page) when the refresh is refused', async () => {
    const { context, page } = await newPage(browser);
    await loginThroughUi(page, server.baseUrl, 'admin', server.adminPassword);
    const tokens = await storedTokens(page, server);
    await expireAccessToken(server, tokens.access!);
    // The refresh token expires too.
    await db(server)
      .updateTable('platform.refresh_token')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('used_at', 'is', null)
      .execute();
    const refreshes = countRefreshes(page);
    const statuses = await fiveCalls(page);
    expect(statuses).toEqual(Array(5).fill('rejected'));
    expect(refreshes()).toBe(1);
    await page.waitForURL(/\/login$/);
    expect(await storedTokens(page, server)).toEqual({ access: null, refresh: null });
    await context.close();
  });

  it('ends the whole login when its refresh token was used elsewhere', async () => {
    const { context, page } = await newPage(browser);
    await loginThroughUi(page, server.baseUrl, 'admin', server.adminPassword);
    const tokens = await storedTokens(page, server);
    // Someone else (a copy of the token: a client that sends it in the body) refreshes first.
    const stolen = await call(server, 'POST', '/authentication/apply', {
      body: { grant_type: 'refresh_token', refresh_token: tokens.refresh },
    });
    expect(stolen.body.state).toBe(200);
    await expireAccessToken(server, tokens.access!);
    const refreshes = countRefreshes(page);
    await page.reload();
    // The browser's refresh presents the spent token: the server ends the login, the app asks to sign in.
    await page.waitForURL(/\/login/);
    expect(refreshes()).toBe(1);
    expect(await storedTokens(page, server)).toEqual({ access: null, refresh: null });
    // The copy's new tokens died with the login.
    const copy = await call(server, 'GET', '/user/context', { token: stolen.body.data.access_token });
    expect(copy.body.state).toBe(6020201);
    await context.close();
  });

  it('ends a tampered token quietly at the login page', async () => {
    const { context, page } = await newPage(browser);
    await loginThroughUi(page, server.baseUrl, 'admin', server.adminPassword);
    await page.evaluate(() => {
      const raw = JSON.parse(localStorage.getItem('mf.accessToken')!) as string;
      localStorage.setItem('mf.accessToken', JSON.stringify(`${raw.slice(0, -2)}xx`));
      localStorage.removeItem('mf.refreshable');
      sessionStorage.clear();
    });
    // No refresh token left either (it is the HttpOnly cookie: only the browser can drop it).
    await context.clearCookies();
    await page.goto(`${server.baseUrl}/employeeList`);
    await page.waitForURL(/\/login\?redirect=%2FemployeeList$/);
    expect(await storedTokens(page, server)).toEqual({ access: null, refresh: null });
    await context.close();
  });

  it('shows "you have been logged out" when the account signs in on another client; re-login opens the login page', async () => {
    await db(server)
      .insertInto('platform.user_security')
      .values({ id: 'single', name: 'single session', single_session: true, is_use: 'Y', is_default: 'N' })
      .execute();
    const tenantId = await demoTenantId(server);
    await makeAccount(server, {
      account: 'single_user',
      password: 'Secret#2026abc',
      isSuper: true,
      tenantId,
      securityId: 'single',
    });
    const first = await newPage(browser);
    await loginThroughUi(first.page, server.baseUrl, 'single_user', 'Secret#2026abc');
    const second = await newPage(browser);
    await loginThroughUi(second.page, server.baseUrl, 'single_user', 'Secret#2026abc');

    // The first browser goes on working: its next call learns it was signed out.
    void fiveCalls(first.page);
    const confirm = first.page.getByRole('dialog').filter({ hasText: '你已被登出' });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain('您的账号已在其他客户端登录');
    // One confirm however many calls failed.
    expect(await first.page.getByRole('dialog').count()).toBe(1);
    await confirm.getByRole('button', { name: '重新登录' }).click();
    await first.page.waitForURL(/\/login/);
    expect(await storedTokens(first.page, server)).toEqual({ access: null, refresh: null });
    // The second client is unaffected.
    await second.page.reload();
    await second.page.getByTestId('dashboard').waitFor();
    await submitLogin(first.page, 'single_user', 'Secret#2026abc');
    await first.page.getByTestId('dashboard').waitFor();
    await first.context.close();
    await second.context.close();
  });

  it('refuses a tenant header that names a tenant the session does not belong to', async () => {
    const other = await makeTenant(server, 'othercorp');
    const tenantId = await demoTenantId(server);
    await makeAccount(server, { account: 'member_only', password: 'Secret#2026abc', tenantId });
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/login`);
    await submitLogin(page, 'member_only', 'Secret#2026abc');
    await page.waitForFunction(() => Boolean(localStorage.getItem('mf.accessToken')));
    const answers = await page.evaluate(
      async ({ other, own }) => {
        const token = JSON.parse(localStorage.getItem('mf.accessToken')!) as string;
        const ask = (tenant: string) =>
          fetch('/api/employee/query', {
            method: 'POST',
            headers: {
              authorization: `Bearer ${token}`,
              'x-tenant-id': tenant,
              'content-type': 'application/json',
            },
            body: JSON.stringify({ parameters: [], requestPage: { pageNo: 1, limit: 1 } }),
          }).then((r) => r.json() as Promise<{ state: number }>);
        return [(await ask(other)).state, (await ask(own)).state];
      },
      { other, own: tenantId },
    );
    expect(answers).toEqual([6010105, 200]);
    await context.close();
  });
});
