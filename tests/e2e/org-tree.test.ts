/**
 * The organisation tree end to end: Debian's Chromium drives the production build on the real server
 * (fresh PGlite, seeded demo tenant). The tree loads a level at a time with the root disabled; a
 * drag onto a node moves it (org.saveMove) and a drag between siblings reorders them (org.saveSort),
 * both checked against the server; the right-click menu removes an empty organisation, and a refused
 * removal (an organisation with members) shows the server's reason and changes nothing.
 * Run `npm run build` first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { launchBrowser } from './support/browser.ts';
import { loginThroughUi, requireBuiltApp } from './support/app.ts';

interface Node {
  id: string;
  name: string;
  parentId: string | null;
  children?: Node[];
}

describe('organisation tree', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let token: string;

  /** The server's children of a node ('' for the root with its first level). */
  async function childrenOf(parentId: string): Promise<Node[]> {
    const res = await call(server, 'POST', '/org/findTreeData', {
      token,
      body: parentId ? { parentId } : {},
    });
    expect(res.body.state).toBe(200);
    return res.body.data as Node[];
  }

  async function idOf(name: string): Promise<string> {
    const hq = (await childrenOf(''))[0].children!.find((n) => n.name === '集团总部')!;
    if (name === '集团总部') return hq.id;
    const below = await childrenOf(hq.id);
    const found = below.find((n) => n.name === name);
    if (found) return found.id;
    for (const n of below) {
      const deeper = (await childrenOf(n.id)).find((c) => c.name === name);
      if (deeper) return deeper.id;
    }
    throw new Error(`no organisation ${name}`);
  }

  const tree = () => page.getByTestId('tree-view');
  const title = (name: string): Locator =>
    page.locator('[data-node-id]', { hasText: new RegExp(`^${name}$`) });
  const node = (name: string): Locator => tree().locator(title(name));
  // `has` is looked up inside each row, so it takes the page-relative title locator.
  const row = (name: string): Locator => tree().locator('.ant-tree-treenode', { has: title(name) });
  /** Opens a node unless it is open already (a reloaded tree keeps what was open). */
  const expand = async (name: string) => {
    const switcher = row(name).locator('.ant-tree-switcher');
    if ((await switcher.getAttribute('class'))?.includes('switcher_close')) await switcher.click();
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
    requireBuiltApp();
    server = await startTestServer('pglite', { staticDir: 'dist' });
    token = await loginAsAdmin(server);
    browser = await launchBrowser();
    context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1400, height: 900 } });
    page = await context.newPage();
    await loginThroughUi(page, server.baseUrl, 'admin', server.adminPassword);
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it('opens from the side menu with the root disabled and loads a level when a node opens', async () => {
    await page.getByRole('menuitem', { name: '组织管理' }).click();
    await node('集团总部').waitFor();
    const root = (await childrenOf(''))[0];
    expect(root.id).toBe('0');
    expect(await row(root.name).getAttribute('class')).toContain('ant-tree-treenode-disabled');
    expect(await node('法务合规部').count()).toBe(0);

    await expand('集团总部');
    await node('法务合规部').waitFor();
    const names = await tree().locator('[data-node-id]').allTextContents();
    expect(names).toEqual([root.name, '集团总部', '法务合规部', '审查一处', '审查二处', '综合办公室']);
  });

  it('moves a node onto another by dragging (org.saveMove)', async () => {
    const legal = await idOf('法务合规部');
    // antd nests on a drag that ends well to the right of where it started (more than 1.5 indents;
    // blockNode rows are wide, so 100 px right of the title is still on the row).
    const box = (await node('法务合规部').boundingBox())!;
    await drag(node('综合办公室'), node('法务合规部'), { x: 100, y: box.height / 2 + 2 });
    await page.getByText('移动成功').waitFor();
    expect((await childrenOf(legal)).map((n) => n.name)).toEqual(['综合办公室']);
    await expect(node('综合办公室').count()).resolves.toBe(0); // under 法务合规部, which is closed
    await expand('法务合规部');
    await node('综合办公室').waitFor();
  });

  it('reorders siblings by dragging between them (org.saveSort)', async () => {
    const hq = await idOf('集团总部');
    // The upper half of the first child, without moving right: "first child of its open parent".
    await drag(node('审查二处'), node('法务合规部'), { x: 4, y: 3 });
    await page.getByText('排序成功').waitFor();
    expect((await childrenOf(hq)).map((n) => n.name)).toEqual(['审查二处', '法务合规部', '审查一处']);
  });

  it('adds a sub-organisation from the right-click menu; a bad code is refused in the form first', async () => {
    const review1 = await idOf('审查一处');
    await node('审查一处').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '添加下级组织' }).click();
    const dialog = page.getByTestId('screen-dialog-org-form');
    await dialog.getByText('添加组织').waitFor();
    await dialog.getByLabel('组织名称').fill('合规一组');
    await dialog.getByLabel('组织编码').fill('1bad');
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await page.getByText('表单填写有误，请检查标红的内容').waitFor();
    expect(await childrenOf(review1)).toEqual([]);

    await dialog.getByLabel('组织编码').fill('compliance1');
    await dialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await page.getByText('保存成功').waitFor();
    await dialog.waitFor({ state: 'hidden' });
    expect((await childrenOf(review1)).map((n) => n.name)).toEqual(['合规一组']);
    // The level is read again, so 审查一处 now opens onto its new child.
    await expand('审查一处');
    await node('合规一组').waitFor();
  });

  it('a refused removal shows the reason and changes nothing', async () => {
    await node('审查二处').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '删除组织' }).click();
    await page.locator('.ant-modal-confirm-title', { hasText: '确定删除组织“审查二处”吗？' }).waitFor();
    await page.getByRole('button', { name: /^确\s?定$/ }).click();
    await page.getByText('组织“审查二处”下还有员工，不能删除').waitFor();
    expect((await childrenOf(await idOf('集团总部'))).map((n) => n.name)).toContain('审查二处');
    expect(await node('审查二处').count()).toBe(1);
  });

  it('removes an empty organisation from the right-click menu', async () => {
    const hq = await idOf('集团总部');
    const created = await call(server, 'POST', '/org/save', {
      token,
      body: { parentId: hq, name: '临时工作组', code: 'tempGroup' },
    });
    expect(created.body.state).toBe(200);
    await page.getByRole('button', { name: '刷新' }).click();
    await expand('集团总部');
    await node('临时工作组').waitFor();

    await node('临时工作组').click({ button: 'right' });
    await page.getByRole('menuitem', { name: '删除组织' }).click();
    await page.getByRole('button', { name: /^确\s?定$/ }).click();
    await page.getByText('删除成功').waitFor();
    await node('临时工作组').waitFor({ state: 'detached' });
    expect((await childrenOf(hq)).map((n) => n.name)).not.toContain('临时工作组');
  });
});
