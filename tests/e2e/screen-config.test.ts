/**
 * Versioned screens end to end (issue 26, its "done when" for screens), in Chromium on the production
 * build, without any rebuild: the super user (the platform's configurator) opens 界面配置, adds a QQ
 * column to the employee list in the schema editor and publishes; makes the employee form's QQ field
 * required and publishes. Another signed-in user opening the employee list sees the column, and the
 * add dialog refuses saving without QQ (the stored form has no precompiled validator: it is interpreted,
 * under the Content Security Policy that allows no eval). The configurator compares the two versions
 * (the diff shows the column) and restores the file; the other user, opening the list again, no longer
 * sees it. A tenant's override (an address column) shows in that tenant only: a user of another tenant sees
 * the platform's version. Run `npm run build` first.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call, loginAsAdmin } from '../support/server.ts';
import { db, demoTenantId, grantRole, makeAccount, makeTenant } from '../server/auth-support.ts';
import { unique, useE2eSuite } from './support/suite.ts';

type Content = Record<string, unknown> & {
  columns: Record<string, unknown>[];
  fields: Record<string, unknown>[];
};

const VIEWPORT = { viewport: { width: 1400, height: 900 } };

describe('versioned screens', () => {
  const suite = useE2eSuite();
  let adminToken: string;

  beforeAll(async () => {
    adminToken = await loginAsAdmin(suite.server);
  });

  /** What a scope shows of a screen now, from the server. */
  async function current(name: string, token = adminToken, scope = 'platform'): Promise<Content> {
    const res = await call(suite.server, 'POST', '/screenConfig/get', { token, body: { name, scope } });
    expect(res.body.state).toBe(200);
    return res.body.data.content as Content;
  }

  /** The list's column headers as the page shows them. */
  const headers = (page: Page) => page.locator('.ant-table-thead th').allTextContents();

  /**
   * A member of a tenant who may open the employee list (a role granting its menu), signed in. Not a
   * super user: one of those chooses among all tenants first.
   */
  async function listReaderIn(tenantId: string): Promise<Page> {
    const server = suite.server;
    const member = await makeAccount(server, { account: unique('scr'), tenantId });
    const { schema_name } = await db(server)
      .selectFrom('platform.tenant')
      .select('schema_name')
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow();
    const system = await db(server)
      .selectFrom('platform.subsystem')
      .select('id')
      .where('alias', '=', 'merger')
      .executeTakeFirstOrThrow();
    const resources = await db(server)
      .selectFrom('platform.resource')
      .select('id')
      .where('system_id', '=', system.id)
      .where('alias', 'in', ['system', 'employeeList'])
      .execute();
    expect(resources.length).toBe(2);
    await grantRole(server, schema_name, {
      systemId: system.id,
      name: unique('员工查看'),
      alias: unique('employeeReader'),
      resourceIds: resources.map((r) => r.id),
      accountIds: [member.id],
    });
    const { page } = await suite.signedIn(member.account, member.password, VIEWPORT);
    return page;
  }

  /** Chooses an option of one of the editor's segmented controls (scope, YAML or JSON). */
  const segment = (page: Page, label: string) =>
    page.locator('.ant-segmented-item', { hasText: label }).click();

  async function openEmployeeList(page: Page): Promise<void> {
    await page.goto(`${suite.server.baseUrl}/system/employeeList`);
    await page.getByTestId('list-total').waitFor();
  }

  /** Opens a screen from the list of 界面配置 in the editor. */
  async function openInEditor(page: Page, name: string): Promise<void> {
    await page.getByRole('searchbox', { name: '按名称搜索' }).fill(name);
    await page.getByTestId('screen-config-list').getByRole('button', { name, exact: true }).click();
    await page.getByTestId('screen-editor-opened').waitFor();
  }

  /**
   * Opens a screen in the editor and publishes `content` in the scope (平台 or 本租户), typed in place of
   * the editor's text as JSON, then goes back to the list.
   */
  async function editAndPublish(page: Page, name: string, content: unknown, scope = '平台'): Promise<void> {
    await openInEditor(page, name);
    const opened = page.getByTestId('screen-editor-opened');
    if (scope !== '平台') {
      await segment(page, scope);
      // The scope's document is read: its own version, or the platform's where it has no override yet.
      await page
        .getByText('本租户尚未覆盖此界面', { exact: false })
        .or(opened.filter({ hasText: scope }))
        .first()
        .waitFor();
    }
    await segment(page, 'JSON');
    await page.locator('.cm-content').click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(JSON.stringify(content, null, 2));
    await page.getByRole('button', { name: /发\s*布/ }).click();
    await expect.poll(() => opened.textContent()).toMatch(new RegExp(`已发布 · ${scope}`));
    await page.getByRole('button', { name: '返回列表' }).click();
    await page.getByTestId('screen-config-list').waitFor();
  }

  it('a column and a required rule published, seen by another user, compared and restored', async () => {
    const fileList = await current('employee-list');
    const fileForm = await current('employee-form');
    expect(fileList.columns.map((c) => c.field)).not.toContain('qq');

    const { page } = await suite.signedIn('admin', undefined, VIEWPORT);
    await page.goto(`${suite.server.baseUrl}/platform/screenConfig`);
    await page.getByTestId('screen-config-page').waitFor();
    await editAndPublish(page, 'employee-list', {
      ...fileList,
      columns: [...fileList.columns, { field: 'qq', title: 'employeeForm.field.qq', width: 100 }],
    });
    await editAndPublish(page, 'employee-form', {
      ...fileForm,
      fields: fileForm.fields.map((f) => (f.name === 'qq' ? { ...f, required: true } : f)),
    });
    expect((await current('employee-list')).columns.map((c) => c.field)).toContain('qq');

    // Another user, in a browser of their own.
    const other = await makeAccount(suite.server, {
      account: unique('scv'),
      isSuper: true,
      tenantId: await demoTenantId(suite.server),
    });
    const { page: viewer } = await suite.signedIn(other.account, other.password, VIEWPORT);
    await openEmployeeList(viewer);
    await expect.poll(() => headers(viewer)).toContain('QQ');

    await viewer.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = viewer.getByTestId('screen-dialog-employee-dialog');
    const field = (name: string) => dialog.locator(`[data-testid="form-employee-form"] #root_${name}`);
    await field('account').waitFor();
    const account = unique('scq');
    await field('account').fill(account);
    await field('password').fill('secret123');
    await field('name').fill('张三');
    await field('email').fill(`${account}@demo.example.cn`);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    const qqItem = dialog.locator('.ant-form-item', { has: viewer.locator('#root_qq') });
    await qqItem.locator('.ant-form-item-explain').getByText('该项为必填项').waitFor();
    const found = await call(suite.server, 'POST', '/employee/query', {
      token: adminToken,
      body: { parameters: [{ key: 'account', value: account }], requestPage: { pageNo: 1, limit: 5 } },
    });
    expect(found.body.data.dataResult).toEqual([]);

    // The configurator compares the file with the published version, then restores the file.
    await openInEditor(page, 'employee-list');
    await page.getByRole('button', { name: '版本记录' }).click();
    const drawer = page.locator('.ant-drawer').filter({ hasText: '版本记录' });
    const row = (label: string) => drawer.locator('tr.ant-table-row', { hasText: label });
    await row('文件版本').locator('input[type=checkbox]').check();
    await row('第 1 版').locator('input[type=checkbox]').check();
    await drawer.getByRole('button', { name: '比较所选版本' }).click();
    const diff = page.getByTestId('version-diff');
    await diff.waitFor();
    // The new column shows as added among the columns (jsondiffpatch marks it so).
    await expect
      .poll(() => diff.locator('[data-key="columns"] .jsondiffpatch-added').allTextContents())
      .toContainEqual(expect.stringContaining('employeeForm.field.qq'));
    await page.keyboard.press('Escape');
    await diff.waitFor({ state: 'hidden' });

    await row('文件版本').getByRole('button', { name: '恢复此版本' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await page.getByText(/已恢复，当前为第 \d+ 版/).waitFor();
    expect((await current('employee-list')).columns).toEqual(fileList.columns);

    // Opened again, the list no longer has the column.
    await openEmployeeList(viewer);
    const after = await headers(viewer);
    expect(after).toContain('邮箱');
    expect(after).not.toContain('QQ');
  });

  it("a tenant's override shows in that tenant only", async () => {
    const fileList = await current('employee-list');
    // The demo tenant's override, published by its configurator (the super user's tenant scope).
    const { page } = await suite.signedIn('admin', undefined, VIEWPORT);
    await page.goto(`${suite.server.baseUrl}/platform/screenConfig`);
    await page.getByTestId('screen-config-page').waitFor();
    await editAndPublish(
      page,
      'employee-list',
      {
        ...fileList,
        columns: [...fileList.columns, { field: 'address', title: 'employeeForm.field.address' }],
      },
      '本租户',
    );
    expect((await current('employee-list')).columns).toEqual(fileList.columns);

    // A user of the demo tenant sees the override; a user of another tenant the platform's version.
    const inDemo = await listReaderIn(await demoTenantId(suite.server));
    await openEmployeeList(inDemo);
    await expect.poll(() => headers(inDemo)).toContain('地址');

    const elsewhere = await listReaderIn(await makeTenant(suite.server, unique('scot').toLowerCase()));
    await openEmployeeList(elsewhere);
    const shown = await headers(elsewhere);
    expect(shown).toContain('邮箱');
    expect(shown).not.toContain('地址');
  });
});
