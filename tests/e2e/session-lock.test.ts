/**
 * The screen lock in the browser against the real server: Ctrl+L stores the return path and a locked
 * flag in cookies and goes to /locking after 0.8 s; every route then shows /locking (after a reload
 * too); a wrong password shows the server's error; the right one returns to where the user was;
 * logout is offered. Run `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { E2E_DB } from './support/suite.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { closeOpenContexts, sharedBrowser } from './support/browser.ts';
import { loginThroughUi, requireBuiltApp } from './support/app.ts';
import { newPage, storedTokens } from './support/session.ts';

describe('screen lock', () => {
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

  it('locks with Ctrl+L, holds every route, refuses a wrong password and unlocks back to the page', async () => {
    const { context, page } = await newPage(browser);
    await loginThroughUi(page, server.baseUrl, 'admin', server.adminPassword);
    const before = page.url();

    const started = Date.now();
    await page.keyboard.press('Control+l');
    // The flag and the path are in cookies at once; the page changes after 0.8 s.
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'mf_locked')?.value)
      .toBe('1');
    await page.waitForURL(/\/locking$/);
    expect(Date.now() - started).toBeGreaterThanOrEqual(750);
    const back = (await context.cookies()).find((c) => c.name === 'mf_lock_return')?.value;
    expect(decodeURIComponent(back ?? '')).toBe(new URL(before).pathname);

    // Every route, and a reload, stays on the lock page.
    await page.goto(`${server.baseUrl}/employeeList`);
    await page.waitForURL(/\/locking$/);
    await page.goto(`${server.baseUrl}/systemSelect`);
    await page.waitForURL(/\/locking$/);
    await page.getByRole('heading', { name: '屏幕已锁定' }).waitFor();

    const password = page.getByLabel('登录密码');
    await password.fill('not-the-password');
    await page.getByRole('button', { name: '解锁' }).click();
    await page.getByText('密码错误，请重新输入').waitFor();
    expect(page.url()).toMatch(/\/locking$/);

    await password.fill(server.adminPassword);
    await page.getByRole('button', { name: '解锁' }).click();
    await page.waitForURL(before);
    await page.getByTestId('dashboard').waitFor();
    expect((await context.cookies()).find((c) => c.name === 'mf_locked')).toBeUndefined();
    await context.close();
  });

  it('offers logout on the lock page', async () => {
    const { context, page } = await newPage(browser);
    await loginThroughUi(page, server.baseUrl, 'admin', server.adminPassword);
    await page.keyboard.press('Control+l');
    await page.waitForURL(/\/locking$/);
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL(/\/login$/);
    expect(await storedTokens(page, server)).toEqual({ access: null, refresh: null });
    expect((await context.cookies()).find((c) => c.name === 'mf_locked')).toBeUndefined();
    // Signed out, nothing is locked any more.
    await page.goto(`${server.baseUrl}/locking`);
    await page.waitForURL(/\/login$/);
    await context.close();
  });
});
