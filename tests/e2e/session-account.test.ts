/**
 * The account's own security in the browser against the real server, through the user menu and the
 * change-password and change-mobile dialogs: a changed password ends the session (the user signs in
 * again; the old password then fails, the new one works); the mobile changes in 3 steps (the old
 * phone and its SMS code, the new phone and its code, success), then the login page, where the new
 * mobile signs in by SMS. Run `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { E2E_DB } from './support/suite.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { demoTenantId, makeAccount } from '../server/auth-support.ts';
import { closeOpenContexts, sharedBrowser } from './support/browser.ts';
import { loginThroughUi, requireBuiltApp, submitLogin } from './support/app.ts';
import {
  db,
  lastSmsCode,
  newPage,
  shownCaptcha,
  solveCaptchaDialog,
  storedTokens,
} from './support/session.ts';

async function openUserMenuItem(page: Page, name: string): Promise<void> {
  await page.getByTestId('user-menu').hover();
  await page.getByRole('menuitem', { name }).click();
}

/** The antd captcha prompt of the change-mobile dialog: the newest captcha's answer from the database. */
async function answerAntdCaptcha(page: Page, t: TestServer): Promise<void> {
  const prompt = page
    .getByRole('dialog')
    .filter({ has: page.locator('img') })
    .last();
  await prompt.locator('img').waitFor();
  const { answer } = await shownCaptcha(page, t, prompt.locator('img'));
  await prompt.getByRole('textbox').fill(answer);
  await prompt.getByRole('button', { name: /确\s*定/ }).click();
}

describe('own password and mobile', () => {
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

  it('changes the password: the session ends, the old password fails and the new one works', async () => {
    const tenantId = await demoTenantId(server);
    await makeAccount(server, { account: 'pw_user', password: 'Old#pass2026', isSuper: true, tenantId });
    const { context, page } = await newPage(browser);
    await loginThroughUi(page, server.baseUrl, 'pw_user', 'Old#pass2026');
    await openUserMenuItem(page, '修改密码');
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await dialog.waitFor();
    await dialog.getByLabel('原密码').fill('Old#pass2026');
    await dialog.getByLabel('新密码').fill('New#pass2026x');
    await dialog.getByLabel('确认密码').fill('New#pass2026x');
    await dialog.getByRole('button', { name: /保\s*存|确\s*定|提\s*交/ }).click();
    await page.waitForURL(/\/login$/);
    expect(await storedTokens(page, server)).toEqual({ access: null, refresh: null });

    await submitLogin(page, 'pw_user', 'Old#pass2026');
    await page.getByTestId('login-error').getByText('用户名或密码错误').waitFor();
    await submitLogin(page, 'pw_user', 'New#pass2026x');
    await page.getByTestId('dashboard').waitFor();
    await context.close();
  });

  it('asks for a new password at the sign-in after an administrator reset it', async () => {
    const tenantId = await demoTenantId(server);
    const user = await makeAccount(server, {
      account: 'reset_user',
      password: 'Own#pass2026',
      isSuper: true,
      tenantId,
    });
    const admin = await call(server, 'POST', '/authentication/apply', {
      body: { grant_type: 'password_credentials', username: 'admin', password: server.adminPassword },
    });
    const reset = await call(server, 'POST', '/user/change/passwd', {
      token: admin.body.data.access_token,
      body: { userIds: user.id, newPassword: 'Given#pass2026', repeatPassword: 'Given#pass2026', reset: 1 },
    });
    expect(reset.body.state).toBe(200);
    const { context, page } = await newPage(browser);
    // The server answers nothing else until the password is changed: no shell, this page and its dialog.
    await page.goto(`${server.baseUrl}/login`);
    await submitLogin(page, 'reset_user', 'Given#pass2026');
    await page.waitForURL(/\/passwordChange$/);
    await page.getByTestId('password-change-reason').getByText('修改密码后才能继续使用系统').waitFor();
    const dialog = page.getByRole('dialog', { name: '修改密码' });
    await dialog.getByLabel('原密码').fill('Given#pass2026');
    await dialog.getByLabel('新密码').fill('Mine#pass2026x');
    await dialog.getByLabel('确认密码').fill('Mine#pass2026x');
    await dialog.getByRole('button', { name: /保\s*存|确\s*定|提\s*交/ }).click();
    await page.waitForURL(/\/login$/);
    await loginThroughUi(page, server.baseUrl, 'reset_user', 'Mine#pass2026x');
    await context.close();
  });

  it('changes the mobile in 3 steps, then signs in again with the new one', async () => {
    const tenantId = await demoTenantId(server);
    const user = await makeAccount(server, {
      account: 'mobile_user',
      isSuper: true,
      tenantId,
      mobile: '13812340011',
    });
    const fresh = '13812340022';
    const { context, page } = await newPage(browser);
    await loginThroughUi(page, server.baseUrl, 'mobile_user', user.password);
    await openUserMenuItem(page, '修改手机号');
    const dialog = page.getByRole('dialog', { name: '修改手机号' });
    await dialog.waitFor();

    // Step 1: the current phone and its code.
    await dialog.getByLabel('原手机号').fill(user.mobile!);
    await dialog.getByRole('button', { name: /获取验证码/ }).click();
    await answerAntdCaptcha(page, server);
    await expect
      .poll(() =>
        db(server)
          .selectFrom('platform.sms_outbox')
          .select('id')
          .where('mobile', '=', user.mobile!)
          .execute()
          .then((r) => r.length),
      )
      .toBe(1);
    await dialog.getByLabel('短信验证码').fill(await lastSmsCode(server, user.mobile!));
    await dialog.getByRole('button', { name: /下一步/ }).click();

    // Step 2: the new phone and its own code.
    await dialog.getByLabel('新手机号').waitFor();
    await dialog.getByLabel('新手机号').fill(fresh);
    await dialog.getByRole('button', { name: /获取验证码/ }).click();
    await answerAntdCaptcha(page, server);
    await expect
      .poll(() =>
        db(server)
          .selectFrom('platform.sms_outbox')
          .select('id')
          .where('mobile', '=', fresh)
          .execute()
          .then((r) => r.length),
      )
      .toBe(1);
    await dialog.getByLabel('短信验证码').fill(await lastSmsCode(server, fresh));
    // Step 3 shows for 0.3 s before the login page: an observer in the page notes it the moment it is
    // drawn (polling for it can slip past that on a busy machine).
    const done = '手机号修改成功，请退出登录后重新登录';
    await page.evaluate((text) => {
      const shown = () =>
        Array.from(document.querySelectorAll<HTMLElement>('[role="dialog"]')).some((d) =>
          d.innerText.includes(text),
        );
      new MutationObserver((_, observer) => {
        if (!shown()) return;
        sessionStorage.setItem('e2e.mobileDoneShown', '1');
        observer.disconnect();
      }).observe(document.body, { childList: true, subtree: true, characterData: true });
    }, done);
    await dialog.getByRole('button', { name: /绑\s*定/ }).click();

    // Step 3: success, then the login page.
    await page.waitForURL(/\/login$/);
    expect(await page.evaluate(() => sessionStorage.getItem('e2e.mobileDoneShown'))).toBe('1');
    // The login page ends the old session (the number it was opened with is gone).
    await expect.poll(() => storedTokens(page, server)).toEqual({ access: null, refresh: null });
    const account = await db(server)
      .selectFrom('platform.account')
      .select('mobile')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(account.mobile).toBe(fresh);

    // The new number signs in by SMS.
    await page.getByRole('tab', { name: '短信验证码登录' }).click();
    await page.getByLabel('手机号码').fill(fresh);
    await page.getByTestId('sms-send').click();
    await solveCaptchaDialog(page, server);
    await page.getByTestId('sms-notice').getByText('验证码已发送，请注意查收').waitFor();
    await page.getByLabel('短信验证码', { exact: true }).fill(await lastSmsCode(server, fresh));
    await page.getByRole('button', { name: '登录', exact: true }).click();
    await page.getByTestId('dashboard').waitFor();
    await context.close();
  });
});
