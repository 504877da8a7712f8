/**
 * The picker and assignment widgets inside the employee dialog, end to end on the real server: the
 * organisation picker (name and path; 'belongs to' another), the post assignment (nothing checked warns;
 * main post Y makes the other N), the role assignment (role nodes only, added as own; inherited rows
 * cannot be deleted) and the user-group table (the selector dialog, 60 % wide; a group already held
 * is skipped). One save, checked with employee/load. Run `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { launchBrowser } from './support/browser.ts';
import { loginThroughUi, requireBuiltApp } from './support/app.ts';

interface Loaded {
  data: { id: string; account: string; name: string; groupID?: string; orgItem?: { id: string } | null };
  partyPositions: { id: string; name: string; isMainPost: boolean; isPrincipal: boolean }[];
  partyRoles: { id: string; name: string; source: string }[];
  partyGroups: { groupId: string; groupName: string }[];
}

describe('assignment widgets in the employee dialog', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;
  let employee: Loaded;
  /** The role the roles test added. */
  let addedRole = '';

  async function load(id: string): Promise<Loaded> {
    const res = await call(server, 'GET', `/employee/load?employeeId=${id}`, { token });
    expect(res.body.state).toBe(200);
    return res.body.data as Loaded;
  }

  const dialog = () => page.getByTestId('screen-dialog-employee-dialog');
  const tab = (name: string) => dialog().getByRole('tab', { name });
  // Each widget shows once in the dialog, whichever tab holds it.
  const panel = dialog;
  const treeNode = (within: Locator, name: string) =>
    within.locator('.ant-tree-treenode', {
      has: page.locator('[data-node-id]', { hasText: new RegExp(`^${name}$`) }),
    });

  beforeAll(async () => {
    requireBuiltApp();
    server = await startTestServer('pglite', { staticDir: 'dist' });
    token = await loginAsAdmin(server);
    // A demo employee in the 审查专家组 group (the seed puts people 2–9 there).
    const groups = await call(server, 'POST', '/group/query', {
      token,
      body: { parameters: [{ key: 'alias', value: 'reviewExperts' }], requestPage: { pageNo: 1, limit: 1 } },
    });
    const groupId = groups.body.data.dataResult[0].id as string;
    const members = await call(server, 'GET', `/group/loadCascade?id=${groupId}`, { token });
    const memberId = (members.body.data.members as (string | { id: string })[]).map((m) =>
      typeof m === 'string' ? m : m.id,
    )[0];
    employee = await load(memberId);
    expect(employee.partyGroups.map((g) => g.groupName)).toContain('审查专家组');

    browser = await launchBrowser();
    context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
    await loginThroughUi(page, server.baseUrl, 'admin', server.adminPassword);
    await page.getByRole('menuitem', { name: '员工管理' }).click();
    await page.getByRole('search').getByLabel('账号').fill(employee.data.account);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.locator('.ant-table-tbody tr.ant-table-row', { hasText: employee.data.account }).waitFor();
    await page
      .locator('.ant-table-tbody tr.ant-table-row', { hasText: employee.data.account })
      .getByRole('button', { name: /编\s?辑/ })
      .click();
    await dialog().getByRole('tab', { name: '基本信息' }).waitFor();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('organisation: shows the current one with its path; belongs to sets another', async () => {
    await tab('组织信息').click();
    const picker = panel().getByTestId('org-picker');
    await picker.getByTestId('org-picker-path').waitFor();
    expect(await picker.getByTestId('org-picker-path').textContent()).toMatch(/^组织路径：集团总部\//);

    await picker.getByRole('button', { name: /选\s?择/ }).click();
    const orgDialog = page.getByTestId('screen-dialog-org-picker');
    await orgDialog.getByText('组织选择器').waitFor();
    await treeNode(orgDialog, '集团总部').locator('.ant-tree-switcher').click();
    await orgDialog.locator('[data-node-id]', { hasText: /^法务合规部$/ }).click();
    await orgDialog.getByRole('button', { name: /所\s?属/ }).click();
    await orgDialog.waitFor({ state: 'hidden' });
    expect(await picker.getByRole('textbox').inputValue()).toBe('法务合规部');
    expect(await picker.getByTestId('org-picker-path').textContent()).toBe('组织路径：集团总部/法务合规部');
  });

  it('positions: nothing checked warns; a checked post is added; main post Y makes the other N', async () => {
    await tab('岗位信息').click();
    const widget = panel().getByTestId('post-assignment');
    const held = employee.partyPositions[0];
    await widget.locator('.ant-table-row', { hasText: held.name }).waitFor();
    await widget.getByTestId('post-add').click();
    await page.getByText('你还没有选择任何节点！').first().waitFor();

    const tree = widget.getByTestId('post-tree');
    await treeNode(tree, '总经理').locator('.ant-tree-switcher').click();
    const newPost = held.name === '办公室主任' ? '审查一处处长' : '办公室主任';
    await treeNode(tree, newPost).locator('.ant-tree-checkbox').click();
    await widget.getByTestId('post-add').click();
    await widget.locator('.ant-table-row', { hasText: newPost }).waitFor();

    await widget.getByRole('switch', { name: `“${newPost}”是否主岗位` }).click();
    expect(
      await widget.getByRole('switch', { name: `“${newPost}”是否主岗位` }).getAttribute('aria-checked'),
    ).toBe('true');
    expect(
      await widget.getByRole('switch', { name: `“${held.name}”是否主岗位` }).getAttribute('aria-checked'),
    ).toBe('false');
  });

  it('roles: only role nodes can be checked; they are added as own', async () => {
    await tab('角色信息').click();
    const widget = panel().getByTestId('role-assignment');
    const tree = widget.getByTestId('role-tree');
    await tree.locator('[data-node-id]').first().waitFor();
    // Subsystem rows have no checkbox.
    const subsystems = tree.locator('.ant-tree-treenode-disabled');
    expect(await subsystems.count()).toBeGreaterThan(0);
    expect(await subsystems.locator('.ant-tree-checkbox').count()).toBe(0);

    const held = new Set(employee.partyRoles.map((r) => r.name));
    const roleRows = tree.locator('.ant-tree-treenode:not(.ant-tree-treenode-disabled)');
    const names = await roleRows.locator('[data-node-id]').allTextContents();
    const fresh = names.find((n) => !held.has(n))!;
    addedRole = fresh;
    await treeNode(tree, fresh).locator('.ant-tree-checkbox').click();
    await widget.getByTestId('role-add').click();
    const row = widget.locator('.ant-table-row', { hasText: fresh });
    await row.waitFor();
    expect(await row.textContent()).toContain('自有');
  });

  it('user groups: added through the selector, a group already held is skipped', async () => {
    await tab('用户组信息').click();
    const table = panel().getByTestId('user-group-table');
    await table.locator('.ant-table-row', { hasText: '审查专家组' }).waitFor();
    await table.getByRole('button', { name: /添\s?加/ }).click();
    const selector = page.getByTestId('screen-dialog-user-group-selector');
    await selector.getByText('用户组选择器').waitFor();
    await selector.locator('.ant-table-row').first().waitFor();
    // offsetWidth: the opening animation scales the box, not its layout width.
    const width = await selector.locator('.ant-modal').evaluate((el) => (el as HTMLElement).offsetWidth);
    expect(width).toBe(1400 * 0.6);
    const height = await selector
      .locator('.ant-modal-body')
      .evaluate((el) => (el as HTMLElement).offsetHeight);
    expect(height).toBe(415);
    for (const name of ['审查专家组', '应急工作小组']) {
      await selector.locator('.ant-table-row', { hasText: name }).locator('.ant-checkbox-input').check();
    }
    await selector.getByTestId('selector-confirm').click();
    await page.getByText('已跳过 1 个已存在的项').waitFor();
    await table.locator('.ant-table-row', { hasText: '应急工作小组' }).waitFor();
    expect(await table.locator('.ant-table-row', { hasText: '审查专家组' }).count()).toBe(1);
  });

  it('one save stores all of it', async () => {
    await dialog()
      .getByRole('button', { name: /^保\s?存$/ })
      .click();
    // After saving an existing record: "continue editing?" — no.
    const question = page.locator('.ant-modal', { hasText: '是否继续编辑' }).filter({ visible: true });
    await question.waitFor();
    await question.getByRole('button', { name: /^取\s?消$/ }).click();
    await expect
      .poll(async () => (await load(employee.data.id)).partyGroups.length, { timeout: 10_000 })
      .toBe(employee.partyGroups.length + 1);
    const saved = await load(employee.data.id);
    expect(saved.data.orgItem?.id ?? saved.data.groupID).toBeTruthy();
    const orgs = await call(server, 'GET', `/org/get?id=${saved.data.orgItem?.id ?? saved.data.groupID}`, {
      token,
    });
    expect(orgs.body.data.name).toBe('法务合规部');
    expect(saved.partyPositions.filter((p) => p.isMainPost)).toHaveLength(1);
    expect(saved.partyPositions.find((p) => p.isMainPost)!.name).not.toBe(employee.partyPositions[0].name);
    // (Inherited roles change with the organisation, so only the own grant is compared.)
    expect(saved.partyRoles.find((r) => r.name === addedRole)?.source).toMatch(/^own/);
    expect(saved.partyGroups.map((g) => g.groupName)).toContain('应急工作小组');
  });
});
