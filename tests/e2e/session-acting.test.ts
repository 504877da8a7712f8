/**
 * Acting as another user in the browser against the real server: from the employee list the super
 * user switches to an employee (with a reason, kept in the acting audit); a banner shows while acting;
 * exit restores the original account and says 'exit user succeeded'. Run `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { E2E_DB } from './support/suite.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { demoTenantId, makeAccount } from '../server/auth-support.ts';
import { closeOpenContexts, sharedBrowser } from './support/browser.ts';
import { loginThroughUi, requireBuiltApp } from './support/app.ts';
import { db, newPage } from './support/session.ts';

describe('acting as another user', () => {
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

  it('switches from the employee list with a banner, then exits back to the own account', async () => {
    const tenantId = await demoTenantId(server);
    // A target with menus of its own (the super user's), so the shell shows after the switch.
    await makeAccount(server, { account: 'acting_target', isSuper: true, tenantId });
    const { context, page } = await newPage(browser);
    await loginThroughUi(page, server.baseUrl, 'admin', server.adminPassword);
    await page.goto(`${server.baseUrl}/employeeList`);
    await page.getByRole('search').getByLabel('账号').fill('acting_target');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByTestId('list-total').getByText('共 1 条').waitFor();
    await page.locator('.ant-table-tbody tr.ant-table-row').first().locator('input[type="checkbox"]').check();
    await page.getByRole('button', { name: /切换用户/ }).click();

    const dialog = page.getByRole('dialog', { name: /切换为用户/ });
    await dialog.waitFor();
    // A reason is required.
    await dialog.getByRole('button', { name: /切\s*换/ }).click();
    await dialog.getByText('请填写切换原因').waitFor();
    await dialog.getByTestId('switch-reason').fill('核对该用户反馈的菜单问题');
    await dialog.getByRole('button', { name: /切\s*换/ }).click();

    // The app reloads as the target, with the banner naming the original account.
    const banner = page.getByTestId('acting-banner');
    await banner.waitFor();
    expect(await banner.textContent()).toContain('acting_target');
    expect(await banner.textContent()).toContain('原账号：admin');
    // The time left (ACTING_MAX_MINUTES, 30 by default) counts down in the banner.
    expect(await banner.getByTestId('acting-time-left').textContent()).toMatch(/^剩余 (29|30):\d\d$/);
    const context1 = await page.evaluate(() =>
      JSON.parse(sessionStorage.getItem('mf.userContext') ?? 'null'),
    );
    expect(context1.user.account).toBe('acting_target');
    expect(context1.switchAccount).toBe('admin');
    const audit = await db(server).selectFrom('platform.acting_audit').selectAll().execute();
    expect(audit.some((row) => (row as { reason?: string }).reason === '核对该用户反馈的菜单问题')).toBe(
      true,
    );

    await banner.getByRole('button', { name: '退出切换' }).click();
    await page.getByText('退出用户成功').waitFor();
    await page.getByTestId('dashboard').waitFor();
    expect(await page.getByTestId('acting-banner').count()).toBe(0);
    const context2 = await page.evaluate(() =>
      JSON.parse(sessionStorage.getItem('mf.userContext') ?? 'null'),
    );
    expect(context2.user.account).toBe('admin');
    expect(context2.switchAccount).toBeNull();
    await context.close();
  });
});
