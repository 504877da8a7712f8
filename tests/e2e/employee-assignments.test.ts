/**
 * The picker and assignment widgets inside the employee dialog, end to end on the real server: the
 * organisation picker (name and path; 'belongs to' another), the post assignment (nothing checked warns;
 * main post Y makes the other N), the role assignment (role nodes only, added as own; inherited rows
 * cannot be deleted) and the user-group table (the selector dialog, 60 % wide; a group already held
 * is skipped); each saved and checked with employee/load. Each test edits its own demo employee on its
 * own browser context; the last one changes two tabs and saves once. Run `npm run build` first.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { call, loginAsAdmin } from '../support/server.ts';
import { useE2eSuite } from './support/suite.ts';

interface Loaded {
  data: { id: string; account: string; name: string; groupID?: string; orgItem?: { id: string } | null };
  partyPositions: { id: string; name: string; isMainPost: boolean; isPrincipal: boolean }[];
  partyRoles: { id: string; name: string; source: string }[];
  partyGroups: { groupId: string; groupName: string }[];
}

const treeNode = (page: Page, within: Locator, name: string) =>
  within.locator('.ant-tree-treenode', {
    has: page.locator('[data-node-id]', { hasText: new RegExp(`^${name}$`) }),
  });

describe('assignment widgets in the employee dialog', () => {
  const suite = useE2eSuite();
  let token: string;
  /** Demo employees in the 审查专家组 group (the seed puts people 2–9 there): one per test. */
  let members: string[] = [];

  async function load(id: string): Promise<Loaded> {
    const res = await call(suite.server, 'GET', `/employee/load?employeeId=${id}`, { token });
    expect(res.body.state).toBe(200);
    return res.body.data as Loaded;
  }

  beforeAll(async () => {
    token = await loginAsAdmin(suite.server);
    const groups = await call(suite.server, 'POST', '/group/query', {
      token,
      body: { parameters: [{ key: 'alias', value: 'reviewExperts' }], requestPage: { pageNo: 1, limit: 1 } },
    });
    const groupId = groups.body.data.dataResult[0].id as string;
    const cascade = await call(suite.server, 'GET', `/group/loadCascade?id=${groupId}`, { token });
    members = (cascade.body.data.members as (string | { id: string })[]).map((m) =>
      typeof m === 'string' ? m : m.id,
    );
    expect(members.length).toBeGreaterThanOrEqual(5);
  });

  /** Signs in on a fresh context and opens the edit dialog of the test's own employee. */
  async function editEmployee(which: number): Promise<{ page: Page; dialog: Locator; employee: Loaded }> {
    const employee = await load(members[which]);
    expect(employee.partyGroups.map((g) => g.groupName)).toContain('审查专家组');
    const { page } = await suite.signedIn('admin', undefined, { viewport: { width: 1400, height: 900 } });
    await page.getByRole('menuitem', { name: '员工管理' }).click();
    await page.getByRole('search').getByLabel('账号').fill(employee.data.account);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('.ant-table-tbody tr.ant-table-row', { hasText: employee.data.account });
    await row.getByRole('button', { name: /编\s?辑/ }).click();
    const dialog = page.getByTestId('screen-dialog-employee-dialog');
    await dialog.getByRole('tab', { name: '基本信息' }).waitFor();
    return { page, dialog, employee };
  }

  /** Saves the dialog and answers "continue editing?" with no. */
  async function save(page: Page, dialog: Locator): Promise<void> {
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    const question = page.locator('.ant-modal', { hasText: '是否继续编辑' }).filter({ visible: true });
    await question.waitFor();
    await question.getByRole('button', { name: /^取\s?消$/ }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /** The organisation tab: 'belongs to' 法务合规部 through the picker. */
  async function chooseLegalDepartment(page: Page, dialog: Locator): Promise<Locator> {
    await dialog.getByRole('tab', { name: '组织信息' }).click();
    const picker = dialog.getByTestId('org-picker');
    await picker.getByTestId('org-picker-path').waitFor();
    expect(await picker.getByTestId('org-picker-path').textContent()).toMatch(/^组织路径：集团总部\//);
    await picker.getByRole('button', { name: /选\s?择/ }).click();
    const orgDialog = page.getByTestId('screen-dialog-org-picker');
    await orgDialog.getByText('组织选择器').waitFor();
    await treeNode(page, orgDialog, '集团总部').locator('.ant-tree-switcher').click();
    await orgDialog.locator('[data-node-id]', { hasText: /^法务合规部$/ }).click();
    await orgDialog.getByRole('button', { name: /所\s?属/ }).click();
    await orgDialog.waitFor({ state: 'hidden' });
    return picker;
  }

  /** The user-group tab: adds 审查专家组 (held already: skipped) and 应急工作小组 through the selector. */
  async function addEmergencyTeam(
    page: Page,
    dialog: Locator,
    inspectSelector?: (selector: Locator) => Promise<void>,
  ): Promise<Locator> {
    await dialog.getByRole('tab', { name: '用户组信息' }).click();
    const table = dialog.getByTestId('user-group-table');
    await table.locator('.ant-table-row', { hasText: '审查专家组' }).waitFor();
    await table.getByRole('button', { name: /添\s?加/ }).click();
    const selector = page.getByTestId('screen-dialog-user-group-selector');
    await selector.getByText('用户组选择器').waitFor();
    await selector.locator('.ant-table-row').first().waitFor();
    await inspectSelector?.(selector);
    for (const name of ['审查专家组', '应急工作小组']) {
      await selector.locator('.ant-table-row', { hasText: name }).locator('.ant-checkbox-input').check();
    }
    await selector.getByTestId('selector-confirm').click();
    await page.getByText('已跳过 1 个已存在的项').waitFor();
    await table.locator('.ant-table-row', { hasText: '应急工作小组' }).waitFor();
    return table;
  }

  async function orgName(loaded: Loaded): Promise<string> {
    const id = loaded.data.orgItem?.id ?? loaded.data.groupID;
    expect(id).toBeTruthy();
    const org = await call(suite.server, 'GET', `/org/get?id=${id}`, { token });
    return org.body.data.name as string;
  }

  it('organisation: shows the current one with its path; belongs to sets another', async () => {
    const { page, dialog, employee } = await editEmployee(0);
    const picker = await chooseLegalDepartment(page, dialog);
    expect(await picker.getByRole('textbox').inputValue()).toBe('法务合规部');
    expect(await picker.getByTestId('org-picker-path').textContent()).toBe('组织路径：集团总部/法务合规部');
    await save(page, dialog);
    expect(await orgName(await load(employee.data.id))).toBe('法务合规部');
  });

  it('positions: nothing checked warns; a checked post is added; main post Y makes the other N', async () => {
    const { page, dialog, employee } = await editEmployee(1);
    await dialog.getByRole('tab', { name: '岗位信息' }).click();
    const widget = dialog.getByTestId('post-assignment');
    const held = employee.partyPositions[0];
    await widget.locator('.ant-table-row', { hasText: held.name }).waitFor();
    await widget.getByTestId('post-add').click();
    await page.getByText('你还没有选择任何节点！').first().waitFor();

    const tree = widget.getByTestId('post-tree');
    await treeNode(page, tree, '总经理').locator('.ant-tree-switcher').click();
    const newPost = held.name === '办公室主任' ? '审查一处处长' : '办公室主任';
    await treeNode(page, tree, newPost).locator('.ant-tree-checkbox').click();
    await widget.getByTestId('post-add').click();
    await widget.locator('.ant-table-row', { hasText: newPost }).waitFor();

    const isMain = (name: string) => widget.getByRole('switch', { name: `“${name}”是否主岗位` });
    await isMain(newPost).click();
    await expect.poll(() => isMain(newPost).getAttribute('aria-checked')).toBe('true');
    expect(await isMain(held.name).getAttribute('aria-checked')).toBe('false');

    await save(page, dialog);
    const saved = await load(employee.data.id);
    expect(saved.partyPositions.filter((p) => p.isMainPost).map((p) => p.name)).toEqual([newPost]);
    expect(saved.partyPositions.map((p) => p.name)).toContain(held.name);
  });

  it('roles: only role nodes can be checked; they are added as own', async () => {
    const { page, dialog, employee } = await editEmployee(2);
    await dialog.getByRole('tab', { name: '角色信息' }).click();
    const widget = dialog.getByTestId('role-assignment');
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
    await treeNode(page, tree, fresh).locator('.ant-tree-checkbox').click();
    await widget.getByTestId('role-add').click();
    const row = widget.locator('.ant-table-row', { hasText: fresh });
    await row.waitFor();
    expect(await row.textContent()).toContain('自有');

    await save(page, dialog);
    const saved = await load(employee.data.id);
    // (Inherited roles change with the organisation, so only the own grant is compared.)
    expect(saved.partyRoles.find((r) => r.name === fresh)?.source).toMatch(/^own/);
  });

  it('user groups: added through the selector, a group already held is skipped', async () => {
    const { page, dialog, employee } = await editEmployee(3);
    const table = await addEmergencyTeam(page, dialog, async (selector) => {
      // offsetWidth: the opening animation scales the box, not its layout width.
      const width = await selector.locator('.ant-modal').evaluate((el) => (el as HTMLElement).offsetWidth);
      expect(width).toBe(1400 * 0.6);
      const body = selector.locator('.ant-modal-body');
      expect(await body.evaluate((el) => (el as HTMLElement).offsetHeight)).toBe(415);
    });
    expect(await table.locator('.ant-table-row', { hasText: '审查专家组' }).count()).toBe(1);
    await save(page, dialog);
    const saved = await load(employee.data.id);
    expect(saved.partyGroups.map((g) => g.groupName).sort()).toEqual(
      [...employee.partyGroups.map((g) => g.groupName), '应急工作小组'].sort(),
    );
  });

  it('one save stores the changes of several tabs', async () => {
    const { page, dialog, employee } = await editEmployee(4);
    await chooseLegalDepartment(page, dialog);
    await addEmergencyTeam(page, dialog);
    await save(page, dialog);
    const saved = await load(employee.data.id);
    expect(await orgName(saved)).toBe('法务合规部');
    expect(saved.partyGroups.map((g) => g.groupName)).toContain('应急工作小组');
    expect(saved.partyGroups).toHaveLength(employee.partyGroups.length + 1);
  });
});
