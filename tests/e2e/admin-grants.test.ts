/**
 * Role grants and menu resources in Chromium (issue 11), as admin: a role's 分配资源 dialog grants a
 * page, and a member holding the role sees it after signing in (and the role's 成员 view lists them);
 * the 菜单资源 page adds, edits and removes a resource, each step checked against the server.
 * Each test signs in on its own context and works on data of its own. Run `npm run build` first.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { hashPassword } from '../../server/auth/passwords.ts';
import { tenantSchemaName } from '../../server/db/tenant-space.ts';
import { DEMO_TENANT_CODE } from '../../server/seed/seed.ts';
import { call, loginAsAdmin } from '../support/server.ts';
import { freshMobile, makeAccount } from '../server/auth-support.ts';
import { lastSmsCode, solveCaptchaDialog } from './support/session.ts';
import { unique, useE2eSuite } from './support/suite.ts';

const WIDE = { viewport: { width: 1400, height: 900 } };
const PASSWORD = 'Grant#2026pass';

describe('role grants and menu resources', () => {
  const suite = useE2eSuite();
  let token: string;
  let systemId: string;

  beforeAll(async () => {
    token = await loginAsAdmin(suite.server);
    systemId = (
      await suite.server.server.database.db
        .selectFrom('platform.subsystem')
        .select('id')
        .where('alias', '=', 'merger')
        .executeTakeFirstOrThrow()
    ).id;
  });

  const db = () => suite.server.server.database.db;
  const space = () => db().withSchema(tenantSchemaName(DEMO_TENANT_CODE));

  /** A demo employee with an account of their own, cleared of posts and roles: only the test's role counts. */
  async function plainMember(): Promise<{ id: string; account: string; name: string }> {
    const taken = await db().selectFrom('platform.account').select('account').execute();
    const member = await space()
      .selectFrom('employee')
      .select(['id', 'account', 'name'])
      .where('status', '=', 'actived')
      .where('account', 'not in', ['admin', ...taken.map((a) => a.account)])
      .orderBy('account', 'desc')
      .executeTakeFirstOrThrow();
    const tenant = await db()
      .selectFrom('platform.tenant')
      .select('id')
      .where('code', '=', DEMO_TENANT_CODE)
      .executeTakeFirstOrThrow();
    const accountId = `acc-${member.account}`;
    await db()
      .insertInto('platform.account')
      .values({
        id: accountId,
        account: member.account,
        fullname: member.name,
        password_hash: await hashPassword(PASSWORD),
      })
      .execute();
    await db()
      .insertInto('platform.tenant_member')
      .values({ tenant_id: tenant.id, account_id: accountId, is_main: true })
      .execute();
    await space()
      .updateTable('employee')
      .set({ account_id: accountId })
      .where('id', '=', member.id)
      .execute();
    await space().deleteFrom('employee_position').where('employee_id', '=', member.id).execute();
    await space()
      .deleteFrom('role_grant')
      .where('party_type', '=', 'employee')
      .where('party_id', '=', member.id)
      .execute();
    return member;
  }

  /** The aliases of the menu the server gives an account after signing in. */
  async function menuOf(account: string): Promise<string[]> {
    const login = await call(suite.server, 'POST', '/authentication/apply', {
      body: { grant_type: 'password_credentials', username: account, password: PASSWORD },
    });
    expect(login.body.state).toBe(200);
    const menu = await call(suite.server, 'GET', '/auth/resources/getMenuData', {
      token: login.body.data.access_token,
    });
    const aliases: string[] = [];
    const walk = (nodes: { alias: string; children: unknown[] }[]) =>
      nodes.forEach((n) => (aliases.push(n.alias), walk(n.children as never)));
    walk(menu.body.data);
    return aliases;
  }

  async function grantedAliases(roleId: string): Promise<string[]> {
    const res = await call(
      suite.server,
      'GET',
      `/auth/resources/findRoleResTreeChecked?roleId=${roleId}&systemId=${systemId}`,
      { token },
    );
    expect(res.body.state).toBe(200);
    return (res.body.data as { alias: string; checked: boolean }[])
      .filter((r) => r.checked)
      .map((r) => r.alias)
      .sort();
  }

  async function resourceTree(): Promise<{ id: string; alias: string; name: string }[]> {
    const res = await call(suite.server, 'GET', `/auth/resources/getTreeData?systemId=${systemId}`, {
      token,
    });
    expect(res.body.state).toBe(200);
    const out: { id: string; alias: string; name: string }[] = [];
    const walk = (nodes: { id: string; alias: string; name: string; children: unknown[] }[]) =>
      nodes.forEach((n) => (out.push({ id: n.id, alias: n.alias, name: n.name }), walk(n.children as never)));
    walk(res.body.data);
    return out;
  }

  const treeNode = (page: Page, scope: string, name: string) =>
    page.getByTestId(scope).locator('.ant-tree-treenode', {
      has: page.locator('.ant-tree-title', { hasText: new RegExp(`^${name}$`) }),
    });

  it('grants a page to a role from 分配资源; a member holding the role sees it after signing in', async () => {
    const member = await plainMember();
    const alias = unique('e2eGrant');
    const role = await call(suite.server, 'POST', '/role/save', {
      token,
      body: { name: `角色${alias}`, alias, subSystemId: systemId, enabled: true },
    });
    expect(role.body.state).toBe(200);
    const roleId = role.body.data.id as string;
    expect(
      (await call(suite.server, 'POST', `/role/addUser?roleId=${roleId}&userIds=${member.id}`, { token }))
        .body.state,
    ).toBe(200);

    // Before: the member's menu has nothing (signing in would show 403).
    expect(await menuOf(member.account)).toEqual([]);

    const { page } = await suite.signedIn('admin', undefined, WIDE);
    await page.getByRole('menuitem', { name: '角色管理' }).click();
    await page.getByRole('search').getByLabel('别名').fill(alias);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => page.locator('tr.ant-table-row').count()).toBe(1);
    const row = page.locator('tr.ant-table-row', { hasText: alias });
    await row.getByRole('button', { name: '分配资源' }).click();
    const dialog = page.getByTestId('screen-dialog-role-grant');
    await treeNode(page, 'resource-grant-tree', '附件管理').waitFor();
    // Checking the page checks its buttons and its group (系统管理).
    await treeNode(page, 'resource-grant-tree', '附件管理').locator('.ant-tree-checkbox').click();
    await expect
      .poll(() =>
        treeNode(page, 'resource-grant-tree', '系统管理').locator('.ant-tree-checkbox-checked').count(),
      )
      .toBe(1);
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => grantedAliases(roleId))
      .toEqual(['fileList', 'functions_fileRemove', 'functions_fileUpload', 'system']);

    // The role's members: the member, granted directly.
    await row.getByRole('button', { name: '成员' }).click();
    const members = page.getByTestId('screen-dialog-role-members');
    await members.locator('tr.ant-table-row', { hasText: member.account }).getByText('直接授予').waitFor();

    // After: the member signs in and opens 附件管理 from the menu.
    const after = await suite.signedIn(member.account, PASSWORD, WIDE);
    await after.page.getByTestId('header-menu').getByRole('menuitem', { name: '系统管理' }).click();
    await after.page.getByTestId('side-menu').getByRole('menuitem', { name: '附件管理' }).click();
    await after.page.waitForURL(/\/system\/fileList$/);
  });

  it('menu resources: a page added below 系统管理, renamed, then removed with its question', async () => {
    const { page } = await suite.signedIn('admin', undefined, WIDE);
    await page.getByRole('menuitem', { name: '菜单资源' }).click();
    const tree = page.getByTestId('tree-view');
    const node = (name: string) => tree.locator('.ant-tree-title', { hasText: new RegExp(`^${name}$`) });
    await node('系统管理').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '新增下级' }).click();
    const form = page.getByTestId('screen-dialog-resource-form');
    const alias = unique('e2eRes');
    const name = `页面${alias}`;
    await form.getByLabel('名称').fill(name);
    await form.getByLabel('别名').fill(alias);
    await form.locator('#root_screen').fill('file-list');
    await form.getByRole('button', { name: /^保\s?存$/ }).click();
    await form.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await resourceTree()).find((r) => r.alias === alias)?.name).toBe(name);
    // The tree is read again; 系统管理 opens onto the new page.
    const switcher = tree
      .locator('.ant-tree-treenode', {
        has: page.locator('.ant-tree-title', { hasText: /^系统管理$/ }),
      })
      .locator('.ant-tree-switcher');
    if ((await switcher.getAttribute('class'))?.includes('switcher_close')) await switcher.click();
    await node(name).waitFor();

    await node(name).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '编辑' }).click();
    await expect.poll(() => form.getByLabel('名称').inputValue()).toBe(name);
    await form.getByLabel('名称').fill(`${name}改`);
    await form.getByRole('button', { name: /^保\s?存$/ }).click();
    await form.waitFor({ state: 'hidden' });
    await expect
      .poll(async () => (await resourceTree()).find((r) => r.alias === alias)?.name)
      .toBe(`${name}改`);
    await node(`${name}改`).waitFor();

    await node(`${name}改`).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '删除' }).click();
    await page
      .locator('.ant-modal-confirm-title', { hasText: `确定删除“${name}改”及其全部下级吗？` })
      .waitFor();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await node(`${name}改`).waitFor({ state: 'detached' });
    expect((await resourceTree()).some((r) => r.alias === alias)).toBe(false);
  });

  it('favourites: two pages starred from the header, listed, one opened from the list, one removed', async () => {
    const { page } = await suite.signedIn('admin', undefined, WIDE);
    const favourites = async () => {
      const res = await call(suite.server, 'POST', '/auth/resources/getMenuFavorites', { token, body: {} });
      expect(res.body.state).toBe(200);
      return (res.body.data as { alias: string }[]).map((f) => f.alias);
    };
    const panel = page.getByTestId('favourites-panel');
    const star = async (menuName: string, path: RegExp) => {
      await page.getByTestId('side-menu').getByRole('menuitem', { name: menuName }).click();
      await page.waitForURL(path);
      await page.getByTestId('favourites-button').click();
      // Read the whole label: '收藏本页' is also part of '取消收藏本页', shown for a starred page.
      const current = panel.getByTestId('favourite-current');
      await expect.poll(() => current.textContent()).toBe('收藏本页');
      await current.click();
      await expect.poll(() => current.textContent()).toBe('取消收藏本页');
      await page.keyboard.press('Escape');
    };
    await star('角色管理', /\/system\/roleList$/);
    await star('附件管理', /\/system\/fileList$/);
    await expect.poll(favourites).toEqual(['roleList', 'fileList']);

    // Listed in the user's order; opening 角色管理 from the list goes to it.
    await page.getByTestId('favourites-button').click();
    const items = panel.getByTestId('favourite-item');
    await expect.poll(() => items.allTextContents()).toEqual(['角色管理', '附件管理']);
    await items
      .filter({ hasText: '角色管理' })
      .getByRole('button', { name: '角色管理', exact: true })
      .click();
    await page.waitForURL(/\/system\/roleList$/);

    // Removed from the list with its × button.
    await page.getByTestId('favourites-button').click();
    await panel.getByRole('button', { name: '从收藏夹移除“附件管理”' }).click();
    await expect.poll(() => items.allTextContents()).toEqual(['角色管理']);
    await expect.poll(favourites).toEqual(['roleList']);
  });

  it("/perfect: a mobile proven by SMS completes the account holder's name and e-mail", async () => {
    const user = await makeAccount(suite.server, { account: unique('perfect'), mobile: freshMobile() });
    const { page } = await suite.newPage();
    await page.goto(`${suite.server.baseUrl}/perfect`);
    await page.locator('.mf-login-subtitle', { hasText: '补充注册信息' }).waitFor();
    await page.getByRole('button', { name: '提交' }).click();
    // Every rule says what is wrong before anything is sent.
    expect(await page.getByText('该项为必填项').count()).toBeGreaterThan(0);
    await page.getByLabel('手机号码').fill(user.mobile!);
    await page.getByTestId('sms-send').click();
    await solveCaptchaDialog(page, suite.server);
    await page.getByTestId('sms-notice').getByText('验证码已发送，请注意查收').waitFor();
    await page.getByLabel('短信验证码', { exact: true }).fill(await lastSmsCode(suite.server, user.mobile!));
    await page.getByLabel('联系人姓名').fill('补充姓名');
    await page.getByLabel('邮箱（选填）').fill('perfect@demo.example.cn');
    await page.getByRole('button', { name: '提交' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByText('信息已补充，请登录').waitFor();
    const account = await db()
      .selectFrom('platform.account')
      .select(['fullname', 'email'])
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ fullname: '补充姓名', email: 'perfect@demo.example.cn' });
  });
});
