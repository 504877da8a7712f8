/**
 * Roles held by positions and organisations, tenants' main tenant and user relations, and the menu
 * resources tree's drag and XML export/import (issue 11), in Chromium as admin: right-click a position
 * (岗位管理) or an organisation (组织管理) → 角色 lists the roles it holds; roles are added through the
 * role tree picker and one withdrawn, each checked against the server. On 租户管理 the tenant form's
 * 主租户 select never offers the tenant itself or one of its branches, the 用户关系 dialog adds an
 * account as administrator and revokes that, and 审核拒绝 refuses a waiting tenant with its reason.
 * Each test signs in on its own context and works on data of its own. Run `npm run build` first.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { call, loginAsAdmin } from '../support/server.ts';
import { unique, useE2eSuite } from './support/suite.ts';

const WIDE = { viewport: { width: 1600, height: 900 } };

describe('party roles and tenant relations', () => {
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

  async function confirmModal(page: Page) {
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
  }

  /**
   * A role of the demo tenant in the merger subsystem. Its name starts with a Latin letter, so it sorts
   * before the seeded roles and shows at the top of the picker's (virtual) list.
   */
  async function makeRole(): Promise<{ id: string; name: string }> {
    const alias = unique('e2eParty');
    const name = `A${alias}`;
    const role = await call(suite.server, 'POST', '/role/save', {
      token,
      body: { name, alias, subSystemId: systemId, enabled: true },
    });
    expect(role.body.state).toBe(200);
    return { id: String(role.body.data.id), name };
  }

  /** Ids of the roles a party holds, from the server. */
  async function held(path: string): Promise<string[]> {
    const res = await call(suite.server, 'POST', path, { token });
    expect(res.body.state).toBe(200);
    return (res.body.data as { id: string }[]).map((r) => String(r.id)).sort();
  }

  // `has` is looked up inside each row, so rows take the page-relative title.
  const title = (page: Page, name: string): Locator =>
    page.locator('[data-node-id]', { hasText: new RegExp(`^${name}$`) });
  const treeTitle = (page: Page, name: string): Locator =>
    page.getByTestId('tree-view').locator(title(page, name));

  /** Opens the role tree picker of an add dialog and checks each role by name, then saves. */
  async function addRoles(page: Page, dialog: Locator, names: string[]) {
    await dialog.locator('#root_roleIds').click();
    for (const name of names) {
      const option = page.locator('.ant-select-tree-treenode', {
        has: page.locator('.ant-select-tree-title', { hasText: new RegExp(`^${name}$`) }),
      });
      await option.locator('.ant-select-tree-node-content-wrapper').click();
      await expect
        .poll(() => dialog.locator('.ant-select-selection-item', { hasText: name }).count())
        .toBe(1);
    }
    // Close the drop-down (a click on the dialog's title) so that it covers nothing.
    await dialog.locator('.ant-modal-title').click();
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await dialog.waitFor({ state: 'hidden' });
  }

  /**
   * The roles dialog of a tree node (岗位管理 or 组织管理): two roles added in one go, listed, one
   * withdrawn with its question; the server holds the other one only.
   */
  async function walkRoles(opts: {
    menu: string;
    nodeName: string;
    expand?: string;
    dialogScreen: string;
    heldPath: string;
  }) {
    const [kept, withdrawn] = [await makeRole(), await makeRole()];
    expect(await held(opts.heldPath)).toEqual([]);

    const { page } = await suite.signedIn('admin', undefined, WIDE);
    await page.getByRole('menuitem', { name: opts.menu }).click();
    if (opts.expand) {
      await treeTitle(page, opts.expand).waitFor();
      const switcher = page
        .getByTestId('tree-view')
        .locator('.ant-tree-treenode', { has: title(page, opts.expand) })
        .locator('.ant-tree-switcher');
      if ((await switcher.getAttribute('class'))?.includes('switcher_close')) await switcher.click();
    }
    await treeTitle(page, opts.nodeName).click({ button: 'right' });
    // The item carries its icon (aria-label "key"), so its accessible name is "key 角色".
    await page.getByRole('menuitem', { name: /(^|\s)角色$/ }).click();
    const roles = page.getByTestId(`screen-dialog-${opts.dialogScreen}`);
    await roles.getByRole('button', { name: '添加角色' }).waitFor();
    await roles.locator('.ant-empty').first().waitFor();
    expect(await roles.locator('tr.ant-table-row').count()).toBe(0);

    await roles.getByRole('button', { name: '添加角色' }).click();
    await addRoles(page, page.getByTestId(`screen-dialog-${opts.dialogScreen}-add`), [
      kept.name,
      withdrawn.name,
    ]);
    await expect.poll(() => held(opts.heldPath)).toEqual([kept.id, withdrawn.id].sort());
    const row = (name: string) => roles.locator('tr.ant-table-row', { hasText: name });
    await row(kept.name).waitFor();
    await row(withdrawn.name).waitFor();

    await row(withdrawn.name)
      .getByRole('button', { name: /^移\s?除$/ })
      .click();
    await page
      .locator('.ant-modal-confirm-title', { hasText: `确定移除角色“${withdrawn.name}”吗？` })
      .waitFor();
    await confirmModal(page);
    await row(withdrawn.name).waitFor({ state: 'detached' });
    expect(await held(opts.heldPath)).toEqual([kept.id]);
    expect(await roles.locator('tr.ant-table-row').count()).toBe(1);
  }

  it('positions: right-click → 角色 lists the roles held; one added, one withdrawn (position.*)', async () => {
    const positionName = unique('角色岗位');
    const made = await call(suite.server, 'POST', '/position/save', {
      token,
      body: { name: positionName, code: unique('e2eRolePost') },
    });
    expect(made.body.state).toBe(200);
    const positionId = String(made.body.data.id);
    await walkRoles({
      menu: '岗位管理',
      nodeName: positionName,
      dialogScreen: 'position-roles',
      heldPath: `/role/queryByPositionId?positionId=${positionId}`,
    });
  });

  it('organisations: right-click → 角色 lists the roles held; one added, one withdrawn (org.*)', async () => {
    const root = await call(suite.server, 'POST', '/org/findTreeData', { token, body: {} });
    const hq = (root.body.data as { children: { id: string; name: string }[] }[])[0]!.children.find(
      (n) => n.name === '集团总部',
    )!.id;
    const orgName = unique('角色组织');
    const made = await call(suite.server, 'POST', '/org/save', {
      token,
      body: { parentId: hq, name: orgName, code: unique('e2eRoleOrg') },
    });
    expect(made.body.state).toBe(200);
    const level = await call(suite.server, 'POST', '/org/findTreeData', { token, body: { parentId: hq } });
    const orgId = (level.body.data as { id: string; name: string }[]).find((n) => n.name === orgName)!.id;
    await walkRoles({
      menu: '组织管理',
      nodeName: orgName,
      expand: '集团总部',
      dialogScreen: 'org-roles',
      heldPath: `/role/queryByOrgId?orgId=${orgId}`,
    });
  });
  /** A tenant made through saas/tenant/save (no space), optionally a branch of `parentId`. */
  async function makeTenant(name: string, parentId?: string): Promise<string> {
    const code = unique('e2et').toLowerCase();
    const saved = await call(suite.server, 'POST', '/saas/tenant/save', {
      token,
      body: { name, code, account: `${code}_admin`, email: `admin@${code}.example.cn`, parentId },
    });
    expect(saved.body.state).toBe(200);
    return String(saved.body.data.id);
  }

  const parentOf = async (id: string) =>
    (await call(suite.server, 'GET', `/saas/tenant/get?id=${id}`, { token })).body.data.parentId ?? null;

  /** Opens 租户管理 and narrows the list to one tenant by name; returns its row. */
  async function tenantRow(page: Page, name: string): Promise<Locator> {
    await page.getByRole('menuitem', { name: '租户管理' }).click();
    await page.getByRole('search').getByLabel('租户名称').fill(name);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => page.locator('tr.ant-table-row').count()).toBe(1);
    const row = page.locator('tr.ant-table-row', { hasText: name });
    await row.waitFor();
    return row;
  }

  it('tenants: the 主租户 select never offers the tenant itself or one of its branches', async () => {
    const tag = unique('租户族');
    const [main, branch, sub, other] = [`${tag}甲`, `${tag}乙`, `${tag}丙`, `${tag}丁`];
    const mainId = await makeTenant(main);
    const branchId = await makeTenant(branch);
    await makeTenant(other);
    // 丙 is already a branch of 乙.
    const subId = await makeTenant(sub, branchId);
    expect(await parentOf(subId)).toBe(branchId);

    const { page } = await suite.signedIn('admin', undefined, WIDE);
    const form = page.getByTestId('screen-dialog-tenant-form');
    const offered = async () => {
      await form.locator('#root_parentId').fill(tag);
      const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
      await expect.poll(() => options.count()).toBeGreaterThan(0);
      return (await options.allTextContents()).sort();
    };

    // 乙 chooses 甲 as its main tenant: neither 乙 nor its branch 丙 is offered.
    const row = await tenantRow(page, branch);
    await row.getByRole('button', { name: /^编\s?辑$/ }).click();
    await expect.poll(() => form.locator('#root_name').inputValue()).toBe(branch);
    expect(await offered()).toEqual([main, other].sort());
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: main }).click();
    await form.getByRole('button', { name: /^保\s?存$/ }).click();
    await form.waitFor({ state: 'hidden' });
    await expect.poll(() => parentOf(branchId)).toBe(mainId);
    await row.getByText(main).waitFor();

    // 甲 now has 乙 and, below it, 丙: only 丁 may be its main tenant.
    const mainRow = await tenantRow(page, main);
    await mainRow.getByRole('button', { name: /^编\s?辑$/ }).click();
    await expect.poll(() => form.locator('#root_name').inputValue()).toBe(main);
    expect(await offered()).toEqual([other]);
  });

  it('tenants: 用户关系 lists the members; an account added as administrator, then made a member again', async () => {
    const name = unique('关系租户');
    const tenantId = await makeTenant(name);
    // An account of the demo tenant, made as the employee form does. employee/create checks its body
    // against the employee schema: gender and email are required (without them: 6010101).
    const account = unique('e2erel').toLowerCase();
    const fullname = unique('关系用户');
    const made = await call(suite.server, 'POST', '/employee/create', {
      token,
      body: {
        partyEmployeePo: {
          account,
          password: 'Relation#2026pw',
          name: fullname,
          status: 'actived',
          gender: 'female',
          email: `${account}@demo.example.cn`,
        },
      },
    });
    expect(made.body.state).toBe(200);
    const relations = async () => {
      const res = await call(suite.server, 'POST', '/saas/tenant/account/query', {
        token,
        body: { parameters: [{ key: 'tenantId', value: tenantId }], requestPage: { pageNo: 1, limit: 50 } },
      });
      expect(res.body.state).toBe(200);
      return (res.body.data.dataResult as { account: string; isTenantAdmin: boolean }[]).map((r) => [
        r.account,
        r.isTenantAdmin,
      ]);
    };
    const before = await relations();
    expect(before.map(([a]) => a)).not.toContain(account);

    const { page } = await suite.signedIn('admin', undefined, WIDE);
    const row = await tenantRow(page, name);
    await row.getByRole('button', { name: '用户关系' }).click();
    const members = page.getByTestId('screen-dialog-tenant-members');
    await members.getByRole('button', { name: '添加用户' }).waitFor();
    await expect.poll(() => members.locator('tr.ant-table-row').count()).toBe(before.length);

    await members.getByRole('button', { name: '添加用户' }).click();
    const add = page.getByTestId('screen-dialog-tenant-members-add');
    await add.locator('#root_userIds').fill(fullname);
    await page.locator('.ant-select-item-option', { hasText: fullname }).click();
    await add.locator('.ant-select-selection-item', { hasText: fullname }).waitFor();
    await add.locator('.ant-modal-title').click(); // closes the drop-down, which covers the form
    await add.getByLabel('租户管理员').check();
    await add.getByRole('button', { name: /^保\s?存$/ }).click();
    await add.waitFor({ state: 'hidden' });
    await expect.poll(relations).toEqual(expect.arrayContaining([[account, true]]));
    const member = members.locator('tr.ant-table-row', { hasText: account });
    await member.getByText('管理员', { exact: true }).waitFor();

    // Revoked with its question: a member again, still related.
    await member.getByRole('button', { name: '取消管理员' }).click();
    await page
      .locator('.ant-modal-confirm-title', { hasText: `确定取消“${fullname}”的租户管理员身份吗？` })
      .waitFor();
    await confirmModal(page);
    await member.getByText('成员', { exact: true }).waitFor();
    expect(await relations()).toEqual(expect.arrayContaining([[account, false]]));

    // And made administrator again from its row.
    await member.getByRole('button', { name: '设为管理员' }).click();
    await member.getByText('管理员', { exact: true }).waitFor();
    await expect.poll(relations).toEqual(expect.arrayContaining([[account, true]]));
  });
  it('tenants: 审核拒绝 from the list refuses the selected tenant with its reason', async () => {
    const name = unique('待审租户');
    const id = await makeTenant(name);
    const db = suite.server.server.database.db;
    await db.updateTable('platform.tenant').set({ approve_status: 'WAIT' }).where('id', '=', id).execute();
    const stored = () =>
      db
        .selectFrom('platform.tenant')
        .select(['approve_status', 'refuse_reason'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();

    const { page } = await suite.signedIn('admin', undefined, WIDE);
    const row = await tenantRow(page, name);
    await row.getByText('待审核').waitFor();
    await row.locator('input[type=checkbox]').check();
    await page.getByRole('button', { name: '审核拒绝' }).click();
    const refuse = page.getByTestId('screen-dialog-tenant-refuse');
    await refuse.getByLabel('拒绝原因').fill('材料不全');
    await refuse.getByRole('button', { name: /^保\s?存$/ }).click();
    await refuse.waitFor({ state: 'hidden' });
    await expect.poll(stored).toEqual({ approve_status: 'REFUSED', refuse_reason: '材料不全' });
    await row.getByText('已拒绝').waitFor();
  });
  /** The merger subsystem's resources, each with its parent's alias ('' at the top). */
  async function resources(): Promise<Map<string, { id: string; parent: string }>> {
    const res = await call(suite.server, 'GET', `/auth/resources/getTreeData?systemId=${systemId}`, {
      token,
    });
    expect(res.body.state).toBe(200);
    const out = new Map<string, { id: string; parent: string }>();
    const walk = (nodes: { id: string; alias: string; children?: unknown[] }[], parent: string) =>
      nodes.forEach((n) => {
        out.set(n.alias, { id: String(n.id), parent });
        walk((n.children ?? []) as never, n.alias);
      });
    walk(res.body.data, '');
    return out;
  }

  it('menu resources: a page dragged onto a group (saveMove), the group exported as XML and imported back', async () => {
    const [groupAlias, pageAlias] = [unique('e2eGroup'), unique('e2ePage')];
    const [group, child] = [`组${groupAlias}`, `页${pageAlias}`];
    for (const [alias, name] of [
      [groupAlias, group],
      [pageAlias, child],
    ])
      expect(
        (
          await call(suite.server, 'POST', '/auth/resources/save', {
            token,
            // Hidden: kept out of the menus, so the header still opens on 系统管理.
            body: { systemId, alias, name, type: 'menu', hidden: true },
          })
        ).body.state,
      ).toBe(200);
    expect((await resources()).get(pageAlias)?.parent).toBe('');

    const { page } = await suite.signedIn('admin', undefined, WIDE);
    await page.getByRole('menuitem', { name: '菜单资源' }).click();
    const node = (name: string) => treeTitle(page, name);
    await node(child).waitFor();

    // Dropped well to the right of the group's title: nested below it (see org-tree.test.ts).
    const from = (await node(child).boundingBox())!;
    await page.mouse.move(from.x + 4, from.y + 4);
    await page.mouse.down();
    await page.mouse.move(from.x + 8, from.y + 6, { steps: 2 });
    const to = (await node(group).boundingBox())!;
    await page.mouse.move(to.x + 100, to.y + to.height / 2 + 2, { steps: 12 });
    await page.mouse.up();
    await page.getByText('移动成功').waitFor();
    await expect.poll(async () => (await resources()).get(pageAlias)?.parent).toBe(groupAlias);

    // The group's branch, exported from its menu: both resources are in the file.
    await node(group).click({ button: 'right' });
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: '导出 XML' }).click(),
    ]);
    const file = await download.path();
    const xml = readFileSync(file, 'utf8');
    expect(xml).toContain(groupAlias);
    expect(xml).toContain(pageAlias);

    // Removed, then imported back at the top from the root's menu: the branch is whole again.
    const groupId = (await resources()).get(groupAlias)!.id;
    expect(
      (await call(suite.server, 'POST', `/auth/resources/remove?ids=${groupId}`, { token })).body.state,
    ).toBe(200);
    expect((await resources()).has(pageAlias)).toBe(false);
    await page.getByTestId('tree-view').locator('[data-node-id="0"]').click({ button: 'right' });
    const [chooser] = await Promise.all([
      page.waitForEvent('filechooser'),
      page.getByRole('menuitem', { name: '导入 XML' }).click(),
    ]);
    await chooser.setFiles(file);
    await page.getByText('已导入 2 个菜单资源').waitFor();
    const after = await resources();
    expect([after.get(groupAlias)?.parent, after.get(pageAlias)?.parent]).toEqual(['', groupAlias]);
    await node(group).waitFor();
  });
});
