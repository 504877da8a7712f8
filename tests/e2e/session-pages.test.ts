/**
 * The other public pages of sign-in in the browser against the real server: account registration
 * (/register) and enterprise employee registration (/tenantRegister) with SMS codes from the outbox,
 * a forgotten password (/forget), tenant selection when the user has several tenants, the CAS portal
 * mode (redirect to the CAS login, back with a ticket), and /authredirect answering a registered
 * application with a one-time code. Run `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { tenantSchemaName } from '../../server/db/tenant-space.ts';
import { E2E_DB } from './support/suite.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { fakeServer, makeAccount, makeTenant, type FakeServer } from '../server/auth-support.ts';
import { closeOpenContexts, sharedBrowser } from './support/browser.ts';
import { requireBuiltApp, submitLogin } from './support/app.ts';
import { db, lastSmsCode, newPage, solveCaptchaDialog } from './support/session.ts';

const casSuccess = (user: string) =>
  `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas"><cas:authenticationSuccess><cas:user>${user}</cas:user></cas:authenticationSuccess></cas:serviceResponse>`;

describe('public sign-in pages', () => {
  let server: TestServer;
  let browser: Browser;
  let cas: FakeServer;
  let app: FakeServer;
  const tickets = new Map<string, string>();

  beforeAll(async () => {
    requireBuiltApp();
    // The CAS server: /cas/login sends the browser back to the service with a ticket; the server
    // validates it at /cas/serviceValidate (single use).
    cas = await fakeServer((req, res) => {
      if (req.url.pathname === '/cas/login') {
        const service = req.url.searchParams.get('service')!;
        const ticket = `ST-${tickets.size + 1}`;
        tickets.set(ticket, 'cas_person');
        const back = new URL(service);
        back.searchParams.set('ticket', ticket);
        res.writeHead(302, { location: back.toString() }).end();
        return;
      }
      const ticket = req.url.searchParams.get('ticket') ?? '';
      const user = tickets.get(ticket);
      tickets.delete(ticket);
      res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(
          user ? casSuccess(user) : '<cas:serviceResponse><cas:authenticationFailure/></cas:serviceResponse>',
        );
    });
    // A registered application that receives the one-time code.
    app = await fakeServer((_req, res) =>
      res.writeHead(200, { 'content-type': 'text/html' }).end('<p>app</p>'),
    );
    server = await startTestServer(E2E_DB, {
      staticDir: 'dist',
      rateLimitPerMinute: 0,
      regOpen: true,
      tenantRegOpen: true,
      casUrl: `${cas.url}/cas`,
      casService: 'http://merger-filing.test/',
    });
    await makeAccount(server, { account: 'cas_person', isSuper: true });
    browser = await sharedBrowser();
  });

  afterAll(async () => {
    await closeOpenContexts(browser);
    await server?.close();
    await cas?.close();
    await app?.close();
  });

  async function fillSmsCode(page: Page, mobile: string): Promise<void> {
    await page.getByTestId('sms-send').click();
    await solveCaptchaDialog(page, server);
    await page.getByTestId('sms-notice').getByText('验证码已发送，请注意查收').waitFor();
    await page.getByLabel('短信验证码', { exact: true }).fill(await lastSmsCode(server, mobile));
  }

  it('registers a personal account with a verified mobile, then signs in with it', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('link', { name: '注册账号' }).click();
    await page.waitForURL(/\/register$/);
    await page.getByRole('button', { name: '注册' }).click();
    // Every rule says what is wrong before anything is sent.
    expect(await page.getByText('该项为必填项').count()).toBeGreaterThan(0);
    await page.getByLabel('账号', { exact: true }).fill('new_person');
    await page.getByLabel('姓名').fill('新用户');
    await page.getByLabel('手机号码').fill('13812340031');
    await fillSmsCode(page, '13812340031');
    await page.getByLabel('密码', { exact: true }).fill('Fresh#pass2026');
    await page.getByLabel('确认密码').fill('Fresh#pass2026x');
    await page.getByRole('button', { name: '注册' }).click();
    await page.getByText('两次输入的密码不一致').waitFor();
    await page.getByLabel('确认密码').fill('Fresh#pass2026');
    await page.getByRole('button', { name: '注册' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByText('注册成功，请登录').waitFor();
    const row = await db(server)
      .selectFrom('platform.account')
      .select(['fullname', 'mobile'])
      .where('account', '=', 'new_person')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ fullname: '新用户', mobile: '13812340031' });
    // Signed in, without any menu yet: the guard says so (/403).
    await submitLogin(page, 'new_person', 'Fresh#pass2026');
    await page.waitForURL(/\/403$/);
    // Not a dead end: the only way on is to sign out (home leads back here).
    await page.getByRole('button', { name: '退出登录' }).click();
    await page.waitForURL(/\/login$/);
    await context.close();
  });

  it('registers an employee account of an enterprise, waiting for activation', async () => {
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/tenantRegister?join=1`);
    await page.getByLabel('企业编码').fill('demo');
    await page.getByLabel('账号', { exact: true }).fill('joiner');
    await page.getByLabel('姓名').fill('入职员工');
    await page.getByLabel('手机号码').fill('13812340032');
    await fillSmsCode(page, '13812340032');
    await page.getByLabel('密码', { exact: true }).fill('Member#pass2026');
    await page.getByLabel('确认密码').fill('Member#pass2026');
    await page.getByRole('button', { name: '注册' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByText('注册成功，待企业管理员激活后即可使用').waitFor();
    const employee = await db(server)
      .withSchema(tenantSchemaName('demo'))
      .selectFrom('employee')
      .select('status')
      .where('account', '=', 'joiner')
      .executeTakeFirstOrThrow();
    expect(employee.status).toBe('inactive');
    await context.close();
  });

  it('resets a forgotten password by SMS: the new one signs in, the old one fails', async () => {
    const user = await makeAccount(server, {
      account: 'forgetful',
      password: 'Old#pass2026',
      isSuper: true,
      mobile: '13812340033',
    });
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/login`);
    await page.getByRole('link', { name: '忘记密码' }).click();
    await page.waitForURL(/\/forget$/);
    await page.getByLabel('手机号码').fill(user.mobile!);
    await fillSmsCode(page, user.mobile!);
    await page.getByLabel('新密码', { exact: true }).fill('Brand#new2026');
    await page.getByLabel('确认新密码').fill('Brand#new2026');
    await page.getByRole('button', { name: '重置密码' }).click();
    await page.waitForURL(/\/login$/);
    await submitLogin(page, 'forgetful', 'Old#pass2026');
    await page.getByTestId('login-error').getByText('用户名或密码错误').waitFor();
    await submitLogin(page, 'forgetful', 'Brand#new2026');
    await page.waitForURL(/\/dashboard$/);
    await context.close();
  });

  it('asks for the tenant when the user has several, then works in the chosen one', async () => {
    const second = await makeTenant(server, 'second');
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/login`);
    await submitLogin(page, 'admin', server.adminPassword);
    await page.waitForURL(/\/tenantSelect\?redirect=/);
    await page.getByRole('button', { name: 'Tenant second' }).click();
    await page.getByTestId('dashboard').waitFor();
    const context1 = await page.evaluate(() => JSON.parse(sessionStorage.getItem('mf.userContext')!));
    expect(context1.tenantId).toBe(second);
    // Not asked again in this login.
    await page.goto(`${server.baseUrl}/employeeList`);
    await page.waitForURL(/employeeList$/);
    await context.close();
  });

  it("sends visitors to the CAS login in 'portal' mode and signs them in with the ticket", async () => {
    const { context, page } = await newPage(browser);
    await context.addInitScript((casLoginUrl) => {
      window.__MF_INTEGRATION__ = { mode: 'portal', casLoginUrl };
    }, `${cas.url}/cas/login`);
    await page.goto(`${server.baseUrl}/employeeList`);
    // To the CAS login with the address as service, back with a ticket, signed in, at the page.
    await page.waitForURL(/\/employeeList$/);
    // The token is stored before the user context is loaded: wait for the context itself.
    await page.waitForFunction(() => Boolean(sessionStorage.getItem('mf.userContext')));
    const me = await page.evaluate(() => JSON.parse(sessionStorage.getItem('mf.userContext')!));
    expect(me.user.account).toBe('cas_person');
    expect(tickets.size).toBe(0);
    await context.close();
  });

  it('answers a registered application at /authredirect with a one-time code', async () => {
    await db(server)
      .insertInto('platform.oauth_client')
      .values({ client_id: 'partner-app', name: 'Partner', redirect_uri: `${app.url}/callback` })
      .execute();
    const { context, page } = await newPage(browser);
    await page.goto(`${server.baseUrl}/authredirect?client_id=partner-app&login_state=xyz`);
    await page.waitForURL(/\/login\?redirect=/);
    await submitLogin(page, 'admin', server.adminPassword);
    await page.waitForURL(/\/authredirect\?client_id=partner-app/);
    await page.getByText('应用“partner-app”请求使用您的账号登录，是否同意？').waitFor();
    await page.getByRole('button', { name: '同意并继续' }).click();
    await page.waitForURL(new RegExp(`^${app.url}/callback\\?`));
    const back = new URL(page.url());
    expect(back.searchParams.get('state')).toBe('xyz');
    const exchanged = await call(server, 'POST', '/authentication/apply', {
      body: {
        grant_type: 'authorization_code',
        code: back.searchParams.get('code'),
        client_id: 'partner-app',
      },
    });
    expect(exchanged.body.state).toBe(200);
    // An app on the device (by=app): the code is shown instead of a redirect.
    await page.goto(`${server.baseUrl}/authredirect?client_id=partner-app&by=app`);
    await page.getByRole('button', { name: '同意并继续' }).click();
    const code = await page.getByTestId('authorize-code').textContent();
    const again = await call(server, 'POST', '/authentication/apply', {
      body: { grant_type: 'authorization_code', code, client_id: 'partner-app' },
    });
    expect(again.body.state).toBe(200);
    await context.close();
  });
});
