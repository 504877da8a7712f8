/**
 * The organisation tree end to end: Debian's Chromium drives the production build on the real server
 * (fresh PGlite, seeded demo tenant). The tree loads a level at a time with the root disabled; a
 * drag onto a node moves it (org.saveMove) and a drag between siblings reorders them (org.saveSort),
 * both checked against the server; the right-click menu adds a sub-organisation and removes an empty
 * one, and a refused removal (an organisation with members) shows the server's reason and changes
 * nothing. Each test signs in on its own browser context and works on organisations it creates
 * (under 集团总部, names of its own). Run `npm run build` first.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { call, loginAsAdmin } from '../support/server.ts';
import { unique, useE2eSuite } from './support/suite.ts';

interface Node {
  id: string;
  name: string;
  parentId: string | null;
  children?: Node[];
}

describe('organisation tree', () => {
  const suite = useE2eSuite();
  let token: string;
  let page: Page;
  let hq: string;

  /** The server's children of a node ('' for the root with its first level). */
  async function childrenOf(parentId: string): Promise<Node[]> {
    const res = await call(suite.server, 'POST', '/org/findTreeData', {
      token,
      body: parentId ? { parentId } : {},
    });
    expect(res.body.state).toBe(200);
    return res.body.data as Node[];
  }

  /** Creates organisations under `parentId`, in this order; returns their ids. */
  async function makeOrgs(parentId: string, ...names: string[]): Promise<string[]> {
    for (const name of names) {
      const created = await call(suite.server, 'POST', '/org/save', {
        token,
        body: { parentId, name, code: unique('org') },
      });
      expect(created.body.state).toBe(200);
    }
    const children = await childrenOf(parentId);
    return names.map((name) => children.find((n) => n.name === name)!.id);
  }

  /** Signed in on a fresh context, on the tree opened from the side menu, 集团总部 open. */
  async function openTree(): Promise<void> {
    ({ page } = await suite.signedIn('admin', undefined, { viewport: { width: 1400, height: 900 } }));
    await page.getByRole('menuitem', { name: '组织管理' }).click();
    await node('集团总部').waitFor();
    await expand('集团总部');
    await node('法务合规部').waitFor();
  }

  const tree = () => page.getByTestId('tree-view');
  const title = (name: string): Locator =>
    page.locator('[data-node-id]', { hasText: new RegExp(`^${name}$`) });
  const node = (name: string): Locator => tree().locator(title(name));
  // `has` is looked up inside each row, so it takes the page-relative title locator.
  const row = (name: string): Locator => tree().locator('.ant-tree-treenode', { has: title(name) });
  /** Opens a node unless it is open already (a reloaded tree keeps what was open). */
  /**
   * Opens a node that has children. Its switcher is a leaf's until the tree has read that it has some
   * (after an add, the level is read again): wait for it to be an open or closed one, then open it.
   */
  const expand = async (name: string) => {
    const switcher = row(name).locator('.ant-tree-switcher');
    let kind = '';
    await expect
      .poll(async () => {
        kind = /switcher_(open|close)/.exec((await switcher.getAttribute('class')) ?? '')?.[1] ?? '';
        return kind;
      })
      .not.toBe('');
    if (kind === 'close') await switcher.click();
  };

  /**
   * A drag as a hand makes it: press, move a little (the browser starts the drag there, where antd
   * measures from), then move over the target in steps and release at `at` (relative to the target).
   */
  async function drag(from: Locator, to: Locator, at: { x: number; y: number }) {
    const a = (await from.boundingBox())!;
    await page.mouse.move(a.x + 4, a.y + 4);
    await page.mouse.down();
    await page.mouse.move(a.x + 8, a.y + 6, { steps: 2 });
    const b = (await to.boundingBox())!;
    await page.mouse.move(b.x + at.x, b.y + at.y, { steps: 12 });
    await page.mouse.up();
  }

  beforeAll(async () => {
    token = await loginAsAdmin(suite.server);
    hq = (await childrenOf(''))[0].children!.find((n) => n.name === '集团总部')!.id;
  });

  it('opens from the side menu with the root disabled and loads a level when a node opens', async () => {
    ({ page } = await suite.signedIn('admin', undefined, { viewport: { width: 1400, height: 900 } }));
    await page.getByRole('menuitem', { name: '组织管理' }).click();
    await node('集团总部').waitFor();
    const root = (await childrenOf(''))[0];
    expect(root.id).toBe('0');
    expect(await row(root.name).getAttribute('class')).toContain('ant-tree-treenode-disabled');
    expect(await node('法务合规部').count()).toBe(0);

    await expand('集团总部');
    await node('法务合规部').waitFor();
    const names = await tree().locator('[data-node-id]').allTextContents();
    const level = (await childrenOf(hq)).map((n) => n.name);
    expect(level.slice(0, 4)).toEqual(['法务合规部', '审查一处', '审查二处', '综合办公室']);
    expect(names).toEqual([root.name, '集团总部', ...level]);
  });

  it('moves a node onto another by dragging (org.saveMove)', async () => {
    const [parent] = await makeOrgs(hq, unique('移动组'));
    const [target, moved] = [unique('甲'), unique('乙')];
    const [targetId] = await makeOrgs(parent, target, moved);
    const parentName = (await childrenOf(hq)).find((n) => n.id === parent)!.name;
    await openTree();
    await expand(parentName);
    await node(moved).waitFor();
    // antd nests on a drag that ends well to the right of where it started (more than 1.5 indents;
    // blockNode rows are wide, so 100 px right of the title is still on the row).
    const box = (await node(target).boundingBox())!;
    await drag(node(moved), node(target), { x: 100, y: box.height / 2 + 2 });
    await page.getByText('移动成功').waitFor();
    expect((await childrenOf(targetId)).map((n) => n.name)).toEqual([moved]);
    await node(moved).waitFor({ state: 'detached' }); // under the target, which is closed
    await expand(target);
    await node(moved).waitFor();
  });

  it('reorders siblings by dragging between them (org.saveSort)', async () => {
    const parentName = unique('排序组');
    const [parent] = await makeOrgs(hq, parentName);
    const [first, second, third] = [unique('甲'), unique('乙'), unique('丙')];
    await makeOrgs(parent, first, second, third);
    await openTree();
    await expand(parentName);
    await node(third).waitFor();
    // The upper half of the first child, without moving right: "first child of its open parent".
    await drag(node(third), node(first), { x: 4, y: 3 });
    await page.getByText('排序成功').waitFor();
    expect((await childrenOf(parent)).map((n) => n.name)).toEqual([third, first, second]);
  });

  it('adds a sub-organisation from the right-click menu; a bad code is refused in the form first', async () => {
    const parentName = unique('新增组');
    const [parent] = await makeOrgs(hq, parentName);
    const child = unique('合规');
    await openTree();
    await node(parentName).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '添加下级组织' }).click();
    const dialog = page.getByTestId('screen-dialog-org-form');
    await dialog.getByText('添加组织').waitFor();
    await dialog.getByLabel('组织名称').fill(child);
    await dialog.getByLabel('组织编码').fill('1bad');
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await page.getByText('表单填写有误，请检查标红的内容').waitFor();
    expect(await childrenOf(parent)).toEqual([]);

    await dialog.getByLabel('组织编码').fill(unique('compliance'));
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await page.getByText('保存成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect((await childrenOf(parent)).map((n) => n.name)).toEqual([child]);
    // The level is read again, so the parent now opens onto its new child.
    await expand(parentName);
    await node(child).waitFor();
  });

  it('a refused removal shows the reason and changes nothing', async () => {
    await openTree();
    await node('审查二处').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '删除组织' }).click();
    await page.locator('.ant-modal-confirm-title', { hasText: '确定删除组织“审查二处”吗？' }).waitFor();
    await page.getByRole('button', { name: /^确\s?定$/ }).click();
    await page.getByText('组织“审查二处”下还有员工，不能删除').waitFor();
    expect((await childrenOf(hq)).map((n) => n.name)).toContain('审查二处');
    expect(await node('审查二处').count()).toBe(1);
  });

  it('removes an empty organisation from the right-click menu', async () => {
    const name = unique('临时工作组');
    await makeOrgs(hq, name);
    await openTree();
    await node(name).waitFor();

    await node(name).click({ button: 'right' });
    await page.getByRole('menuitem', { name: '删除组织' }).click();
    await page.getByRole('button', { name: /^确\s?定$/ }).click();
    await page.getByText('删除成功').waitFor();
    await node(name).waitFor({ state: 'detached' });
    expect((await childrenOf(hq)).map((n) => n.name)).not.toContain(name);
  });
});
