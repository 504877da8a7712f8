/**
 * The walking skeleton end to end: Debian's Chromium drives the production build (dist/) served by
 * the real server over a fresh PGlite database. Login (wrong, then right password), dashboard, the
 * employee list from the side menu (rows, total, search, paging), the 404 page, logout. Each test
 * opens its own browser context (and signs in when it needs to). Run `npm run build` first.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call, loginAsAdmin } from '../support/server.ts';
import { loginThroughUi, submitLogin } from './support/app.ts';
import { recordScripts, totalGzipKb } from './support/scripts.ts';
import { useE2eSuite } from './support/suite.ts';

/**
 * What /login and the employee list (shell included, cold cache) may load, in KB of gzip JavaScript:
 * what they load now (111, 438) plus a small margin, so a dependency that creeps in shows up here.
 * The goals of issue 15 (120, 280) are printed by `npm run bench bundle`.
 */
// /login shows its texts without i18next (src/i18n/texts.ts): 124 → 111 KB.
const LOGIN_JS_BUDGET_KB = 118;
// 470 until the filing, review and public-side screens brought their texts into the after-sign-in
// language pack (~4 KB); splitting that pack by area is the next cut (issue 15).
const LIST_JS_BUDGET_KB = 480;

const rows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');
const column = async (page: Page, index: number) =>
  rows(page).evaluateAll(
    (trs, i) => trs.map((tr) => (tr as HTMLTableRowElement).cells[i]?.textContent?.trim() ?? ''),
    index,
  );

interface EmployeePage {
  dataResult: { account: string; name: string }[];
  pageResult: { totalCount: number };
}

describe('walking skeleton', () => {
  // On embedded PGlite, the database `npm start` uses on a bare machine (the other files use PostgreSQL).
  const suite = useE2eSuite({}, { db: 'pglite' });

  async function queryEmployees(body: unknown): Promise<EmployeePage> {
    const token = await loginAsAdmin(suite.server);
    const res = await call(suite.server, 'POST', '/employee/query', { token, body });
    expect(res.body.state).toBe(200);
    return res.body.data as EmployeePage;
  }

  /** Signed in, on the employee list opened from the side menu with its 51 employees. */
  async function onEmployeeList(): Promise<Page> {
    const { page } = await suite.signedIn();
    await page.getByRole('menuitem', { name: '员工管理' }).click();
    await page.waitForURL(/\/employeeList$/);
    await page.getByTestId('list-total').getByText('共 51 条').waitFor();
    return page;
  }

  it('sends a visitor without a session to /login, which stays light', async () => {
    const { server } = suite;
    const { page } = await suite.newPage();
    const scripts = recordScripts(page);
    await page.goto(`${server.baseUrl}/`);
    await page.waitForURL(/\/login/);
    await page.getByRole('button', { name: '登录' }).waitFor();
    const loaded = await scripts();
    const kb = totalGzipKb(loaded);
    console.log(`/login loads ${loaded.length} scripts, ${kb} KB gzip`);
    expect(kb).toBeLessThanOrEqual(LOGIN_JS_BUDGET_KB);
    expect(await page.title()).toBe('经营者集中申报系统');
  });

  it('checks the form before calling the server', async () => {
    const { page } = await suite.newPage();
    await page.goto(`${suite.server.baseUrl}/login`);
    await submitLogin(page, 'admin', '1234');
    await page.getByText('密码不能少于5位').waitFor();
    expect(page.url()).toMatch(/\/login/);
  });

  it('shows the server’s text for a wrong password', async () => {
    const { page } = await suite.newPage();
    await page.goto(`${suite.server.baseUrl}/login`);
    await submitLogin(page, 'admin', 'wrong-password');
    const error = page.getByTestId('login-error');
    await error.waitFor();
    expect(await error.textContent()).toBe('用户名或密码错误');
    expect(page.url()).toMatch(/\/login/);
  });

  it('signs in with the right password and shows the dashboard', async () => {
    const { page } = await suite.newPage();
    await page.goto(`${suite.server.baseUrl}/login`);
    await submitLogin(page, 'admin', suite.server.adminPassword);
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('dashboard').waitFor();
    expect(await page.getByTestId('dashboard').textContent()).toContain('欢迎使用经营者集中申报系统');
    expect(await page.getByTestId('user-menu').textContent()).not.toBe('');
  });

  it('opens the employee list from the side menu: 20 rows of 51', async () => {
    const page = await onEmployeeList();
    expect(await rows(page).count()).toBe(20);

    const expected = await queryEmployees({
      parameters: [],
      requestPage: { pageNo: 1, limit: 20 },
      sorts: [{ field: 'createTime', order: 'DESC' }],
    });
    expect(expected.pageResult.totalCount).toBe(51);
    // Columns: selection, account, name, …
    expect(await column(page, 1)).toEqual(expected.dataResult.map((e) => e.account));
  });

  it('searches by name and shows exactly the matching employees', async () => {
    const page = await onEmployeeList();
    const expected = await queryEmployees({
      parameters: [{ key: 'name', value: '王伟' }],
      requestPage: { pageNo: 1, limit: 20 },
    });
    expect(expected.pageResult.totalCount).toBeGreaterThan(0);

    await page.getByRole('search').getByLabel('姓名').fill('王伟');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByTestId('list-total').getByText(`共 ${expected.pageResult.totalCount} 条`).waitFor();
    await page.waitForFunction(
      (n) => document.querySelectorAll('.ant-table-tbody tr.ant-table-row').length === n,
      expected.dataResult.length,
    );
    const names = await column(page, 2);
    expect(names.sort()).toEqual(expected.dataResult.map((e) => e.name).sort());
    expect(names.every((name) => name.includes('王伟'))).toBe(true);
  });

  it('resets the search and goes to page 2', async () => {
    const page = await onEmployeeList();
    await page.getByRole('search').getByLabel('姓名').fill('王伟');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByTestId('list-total').getByText('共 51 条').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /重\s*置$/ }).click();
    await page.getByTestId('list-total').getByText('共 51 条').waitFor();
    await page.locator('.ant-pagination-item-2').click();
    await page.locator('.ant-pagination-item-2.ant-pagination-item-active').waitFor();

    const expected = await queryEmployees({
      parameters: [],
      requestPage: { pageNo: 2, limit: 20 },
      sorts: [{ field: 'createTime', order: 'DESC' }],
    });
    const want = expected.dataResult.map((e) => e.account);
    await page.waitForFunction(
      (first) =>
        document.querySelector('.ant-table-tbody tr.ant-table-row')?.children[1]?.textContent?.trim() ===
        first,
      want[0],
    );
    expect(await column(page, 1)).toEqual(want);
  });

  it('measures what the employee list page loads on its own', async () => {
    // A second browser session: sign in there, then open the list in a new tab with a cold page.
    const { server } = suite;
    const { context: other, page: first } = await suite.newPage();
    await loginThroughUi(first, server.baseUrl, 'admin', server.adminPassword);
    const fresh = await other.newPage();
    const scripts = recordScripts(fresh);
    await fresh.goto(`${server.baseUrl}/employeeList`);
    await fresh.getByTestId('list-total').getByText('共 51 条').waitFor();
    const loaded = await scripts();
    const kb = totalGzipKb(loaded);
    console.log(`/employeeList loads ${loaded.length} scripts, ${kb} KB gzip`);
    expect(kb).toBeLessThanOrEqual(LIST_JS_BUDGET_KB);
    expect(await rows(fresh).count()).toBe(20);
  });

  it('shows the 404 page for an unknown route, with a way home', async () => {
    const { page } = await suite.signedIn();
    await page.goto(`${suite.server.baseUrl}/no-such-page`);
    await page.waitForURL(/\/404$/);
    await page.getByText('抱歉，您访问的页面不存在').waitFor();
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL(/\/dashboard$/);
  });

  it('logs out from the user menu, guards pages again, and returns to the page asked for', async () => {
    const { server } = suite;
    const page = await onEmployeeList();
    await page.getByTestId('user-menu').hover();
    await page.getByRole('menuitem', { name: '退出登录' }).click();
    await page.getByRole('button', { name: /确\s*定/ }).click();
    await page.waitForURL(/\/login/);
    await page.goto(`${server.baseUrl}/employeeList`);
    await page.waitForURL(/\/login\?redirect=%2FemployeeList$/);
    await submitLogin(page, 'admin', server.adminPassword);
    await page.waitForURL(/\/employeeList$/);
    await page.getByTestId('list-total').getByText('共 51 条').waitFor();
  });

  it('switches the language from the settings drawer, and keeps it after a reload', async () => {
    const page = await onEmployeeList();
    await page.getByTestId('settings-button').click();
    await page.getByTestId('language-en').click();
    await page.keyboard.press('Escape');
    await page.getByTestId('list-total').getByText('51 in total').waitFor();
    expect(await page.getByRole('menuitem', { name: 'Employees' }).isVisible()).toBe(true);
    await page.reload();
    await page.getByTestId('list-total').getByText('51 in total').waitFor();
    // The shell names the page after navigation (spec §2): the screen, then the product.
    expect(await page.title()).toBe('Employees - Merger Case Filing System');
  });
});
