/**
 * Signing in through the browser against the real server: password login, the captcha after 3 failed
 * sign-ins (and an expired captcha), SMS login with the code read from the outbox (and the same code
 * refused a second time), and the 101st failure within an hour. Run `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { E2E_DB } from './support/suite.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { demoTenantId, makeAccount } from '../server/auth-support.ts';
import { closeOpenContexts, sharedBrowser } from './support/browser.ts';
import { requireBuiltApp, submitLogin } from './support/app.ts';
import { db, lastSmsCode, newPage, shownCaptcha, solveCaptchaDialog } from './support/session.ts';

describe('signing in', () => {
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

  async function atDashboard(page: Page): Promise<void> {
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('dashboard').waitFor();
  }

  it('signs in with account and password', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/employeeList`);
    await page.waitForURL(/\/login\?redirect=%2FemployeeList$/);
    await submitLogin(page, 'admin', server.adminPassword);
    // Back to the page asked for, through the guard (user, subsystem, menus).
    await page.waitForFunction(() => Boolean(localStorage.getItem('mf.systemId')));
    await page.waitForURL(/\/employeeList$/);
    const stored = await page.evaluate(() => ({
      uid: sessionStorage.getItem('uid'),
      system: localStorage.getItem('mf.systemId'),
    }));
    expect(stored.uid).toBeTruthy();
    expect(stored.system).toBeTruthy();
    await context.close();
  });

  it('asks for the image captcha after 3 failed sign-ins, then signs in with it', async () => {
    const tenantId = await demoTenantId(server);
    await makeAccount(server, { account: 'cap_user', password: 'Secret#2026abc', isSuper: true, tenantId });
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/login`);
    for (let i = 0; i < 3; i++) {
      await submitLogin(page, 'cap_user', `wrong-pass-${i}`);
      await page.getByTestId('login-error').getByText('用户名或密码错误').waitFor();
    }
    await submitLogin(page, 'cap_user', 'Secret#2026abc');
    const dialog = page.getByRole('dialog', { name: '请输入图形验证码' });
    await dialog.waitFor();
    // A wrong answer: the server's reason, a new image, and still no session.
    await solveCaptchaDialog(page, server, 'ZZZZ');
    await dialog.getByText('图形验证码错误').waitFor();
    await solveCaptchaDialog(page, server);
    await atDashboard(page);
    await context.close();
  });

  it('refuses an expired captcha and says so', async () => {
    const tenantId = await demoTenantId(server);
    await makeAccount(server, { account: 'cap_old', password: 'Secret#2026abc', isSuper: true, tenantId });
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/login`);
    for (let i = 0; i < 3; i++) {
      await submitLogin(page, 'cap_old', `wrong-pass-${i}`);
      await page.getByTestId('login-error').getByText('用户名或密码错误').waitFor();
    }
    await submitLogin(page, 'cap_old', 'Secret#2026abc');
    const dialog = page.getByRole('dialog');
    const image = dialog.getByTestId('captcha-image');
    await image.waitFor();
    const shown = await shownCaptcha(page, server, image);
    // The 3 minutes pass while the dialog is open.
    await db(server)
      .updateTable('platform.captcha')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', shown.requestId)
      .execute();
    await dialog.getByLabel('图形验证码').fill(shown.answer);
    await dialog.getByRole('button', { name: '确定' }).click();
    await dialog.getByText('图形验证码已过期，请刷新后重试').waitFor();
    expect(page.url()).toMatch(/\/login/);
    await context.close();
  });

  it('signs in with an SMS code read from the outbox; the same code does not work twice', async () => {
    const tenantId = await demoTenantId(server);
    const user = await makeAccount(server, {
      account: 'sms_user',
      isSuper: true,
      tenantId,
      mobile: '13812340001',
    });
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('tab', { name: '短信验证码登录' }).click();
    await page.getByLabel('手机号码').fill(user.mobile!);
    await page.getByTestId('sms-send').click();
    await solveCaptchaDialog(page, server);
    await page.getByTestId('sms-notice').getByText('验证码已发送，请注意查收').waitFor();
    expect(await page.getByTestId('sms-send').textContent()).toMatch(/秒后重新获取$/);
    expect(await page.getByTestId('sms-send').isDisabled()).toBe(true);
    const code = await lastSmsCode(server, user.mobile!);
    await page.getByLabel('短信验证码', { exact: true }).fill(code);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await atDashboard(page);

    // Signed out, the same code again: refused.
    await page.goto(`${server.baseUrl}/logout`);
    await page.waitForURL(/\/login$/);
    await page.getByRole('tab', { name: '短信验证码登录' }).click();
    await page.getByLabel('手机号码').fill(user.mobile!);
    await page.getByLabel('短信验证码', { exact: true }).fill(code);
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByTestId('login-error').getByText('短信验证码错误或已失效').waitFor();
    await context.close();
  });

  it('refuses the 101st failure within an hour, even with the right password', async () => {
    const user = await makeAccount(server, { account: 'hourly_user', password: 'Secret#2026abc' });
    // 100 failures this hour (cleared ones count too: the hourly cap never resets on success).
    await db(server)
      .insertInto('platform.auth_failure')
      .values(Array.from({ length: 100 }, () => ({ subject: `acct:${user.id}`, cleared: true })))
      .execute();
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/login`);
    await submitLogin(page, 'hourly_user', 'Secret#2026abc');
    await page
      .getByTestId('login-error')
      .getByText('该账号一小时内登录失败已达 100 次，请稍后再试')
      .waitFor();
    expect(page.url()).toMatch(/\/login/);
    await context.close();
  });
});
