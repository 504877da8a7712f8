/**
 * The shell's menus and tabs in Debian's Chromium against the real server (production build): menus
 * from the server, tabs (drag, keyboard, middle-click, double-click, close others, kept-alive pages).
 * The rest of the working day is shell-workday.test.ts. Each test signs in on its own browser context
 * and opens the pages it needs. Run `npm run build` first.
 */
import { describe, expect, it } from 'vitest';
import { call } from '../support/server.ts';
import { useE2eSuite } from './support/suite.ts';
import { openPages, tab, tabTitles, token, type MenuOut } from './support/shell.ts';

describe('the shell: menus and tabs', () => {
  const suite = useE2eSuite();
  /** Admin signed in on a fresh context, large enough for every header entry. */
  const signIn = async () =>
    (await suite.signedIn('admin', undefined, { viewport: { width: 1400, height: 900 } })).page;

  it('shows the menus the server grants: top level in the header, the chosen branch at the side', async () => {
    const page = await signIn();
    const res = await call(suite.server, 'GET', '/auth/resources/getMenuData', { token: await token(page) });
    const menus = res.body.data as MenuOut[];
    const zh: Record<string, string> = {
      'menu.system': '系统管理',
      'menus.officeDesk': '办公桌面',
      'menus.links': '相关链接',
      'filingFiler.menu.group': '案件申报',
      'review.menu.group': '案件审查',
      'publicData.menu.publicity': '信息公开',
      'screenEditor.menu.platform': '平台配置',
      'menu.employeeList': '员工管理',
      'menus.orgTree': '组织管理',
      'menus.tenantList': '租户管理',
      'menus.frontLog': '前端日志',
      'menus.tenantWait': '租户审核',
      'menus.securityPolicy': '安全设置',
      'menus.subsystemList': '子系统管理',
      'resourceAdmin.tree.title': '菜单资源',
      'menus.fileList': '附件管理',
      'menus.roleList': '角色管理',
      'menus.groupList': '用户组管理',
      'menus.attrList': '扩展属性管理',
      'menus.positionTree': '岗位管理',
      'audit.menu.loginLog': '登录日志',
      'audit.menu.operationLog': '操作日志',
    };
    const header = page.getByTestId('header-menu').getByRole('menuitem');
    expect(await header.allTextContents()).toEqual(menus.map((m) => zh[m.name]));
    const side = page.getByTestId('side-menu').getByRole('menuitem');
    expect(await side.allTextContents()).toEqual(menus[0].children.map((m) => zh[m.name]));
    await expect.poll(() => page.title()).toBe('首页 - 经营者集中申报系统');
  });

  it('opens five tabs from the menus, one of them an http page in an iframe', async () => {
    const page = await signIn();
    await openPages(page, '员工管理', '组织管理', '租户管理', '前端日志');
    await expect.poll(() => page.title()).toBe('前端日志 - 经营者集中申报系统');
    await page.getByTestId('header-menu').getByRole('menuitem', { name: '相关链接' }).click();
    await page.getByTestId('side-menu').getByRole('menuitem', { name: '国家市场监督管理总局' }).click();
    await page.waitForURL(/\/links\/samrSite$/);
    expect(await page.getByTestId('iframe-page').getAttribute('src')).toBe('https://www.samr.gov.cn/');
    expect(await tabTitles(page)).toEqual([
      '首页',
      '员工管理',
      '组织管理',
      '租户管理',
      '前端日志',
      '国家市场监督管理总局',
    ]);
    // Opening an open page again selects its tab instead of adding one.
    await page.getByTestId('header-menu').getByRole('menuitem', { name: '系统管理' }).click();
    await page.getByTestId('side-menu').getByRole('menuitem', { name: '员工管理' }).click();
    await page.waitForURL(/\/system\/employeeList$/);
    expect(await tabTitles(page)).toHaveLength(6);
    await expect.poll(() => tab(page, '员工管理').getAttribute('aria-selected')).toBe('true');
  });

  it('keeps a page alive while another tab shows, and starts it afresh on double-click', async () => {
    const page = await signIn();
    await openPages(page, '员工管理', '组织管理');
    // The address changes before the strip marks the tab current; a click in between lands on the
    // tab that still looks current and goes nowhere. Each switch waits for both.
    const switchTo = async (title: string, address: RegExp) => {
      await tab(page, title).click();
      await page.waitForURL(address);
      await expect.poll(() => tab(page, title).getAttribute('aria-selected')).toBe('true');
    };
    await switchTo('员工管理', /\/system\/employeeList$/);
    const name = page.getByRole('search').getByLabel('姓名');
    await name.fill('王伟');
    await switchTo('组织管理', /\/system\/orgTree$/);
    await switchTo('员工管理', /\/system\/employeeList$/);
    expect(await name.inputValue()).toBe('王伟');
    await tab(page, '员工管理').dblclick();
    await page.waitForURL(/\/system\/employeeList$/);
    await page.getByRole('search').getByLabel('姓名').waitFor();
    await expect.poll(() => page.getByRole('search').getByLabel('姓名').inputValue()).toBe('');
  });

  it('reorders tabs by dragging, and remembers the order for the user', async () => {
    const page = await signIn();
    await openPages(page, '员工管理', '组织管理', '租户管理', '前端日志');
    const from = await tab(page, '前端日志').boundingBox();
    const to = await tab(page, '员工管理').boundingBox();
    await page.mouse.move(from!.x + from!.width / 2, from!.y + from!.height / 2);
    await page.mouse.down();
    await page.mouse.move(from!.x + from!.width / 2 - 10, from!.y + from!.height / 2, { steps: 4 });
    await page.mouse.move(to!.x + 5, to!.y + to!.height / 2, { steps: 12 });
    await page.mouse.up();
    await expect
      .poll(() => tabTitles(page))
      .toEqual(['首页', '前端日志', '员工管理', '组织管理', '租户管理']);
    const stored = () =>
      page.evaluate(() =>
        (JSON.parse(localStorage.getItem('mf.tabs.admin') ?? '[]') as { path: string }[]).map((t) => t.path),
      );
    await expect
      .poll(stored)
      .toEqual([
        '/dashboard',
        '/system/frontLog',
        '/system/employeeList',
        '/system/orgTree',
        '/system/tenantList',
      ]);
  });

  it('moves a tab with the keyboard too (Ctrl+Shift+Arrow)', async () => {
    const page = await signIn();
    await openPages(page, '员工管理', '组织管理', '租户管理');
    await tab(page, '组织管理').focus();
    await page.keyboard.press('Control+Shift+ArrowRight');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '员工管理', '租户管理', '组织管理']);
    await page.keyboard.press('Control+Shift+ArrowLeft');
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '员工管理', '组织管理', '租户管理']);
  });

  it('closes a tab with the middle button, moving on from the current one', async () => {
    const page = await signIn();
    await openPages(page, '员工管理', '租户管理', '前端日志');
    await tab(page, '租户管理').click();
    await page.waitForURL(/\/system\/tenantList$/);
    // The address changes before the strip marks the tab current; closing counts on the latter.
    await expect.poll(() => tab(page, '租户管理').getAttribute('aria-selected')).toBe('true');
    await tab(page, '租户管理').click({ button: 'middle' });
    await page.waitForURL(/\/system\/frontLog$/);
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '员工管理', '前端日志']);
  });

  it('closes the others from the right-click menu; on the dashboard only that is offered', async () => {
    const page = await signIn();
    await openPages(page, '组织管理', '员工管理', '租户管理');
    await tab(page, '首页').click({ button: 'right' });
    const homeMenu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
    await homeMenu.waitFor();
    expect(await homeMenu.getByRole('menuitem').allTextContents()).toEqual(['关闭其他', '刷新']);
    await page.keyboard.press('Escape');
    await homeMenu.waitFor({ state: 'hidden' });

    await tab(page, '员工管理').click({ button: 'right' });
    const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
    await menu.waitFor();
    expect(await menu.getByRole('menuitem').allTextContents()).toEqual([
      '关闭左侧',
      '关闭右侧',
      '关闭',
      '关闭其他',
      '关闭所有',
      '刷新',
    ]);
    await menu.getByRole('menuitem', { name: '关闭其他' }).click();
    await page.waitForURL(/\/system\/employeeList$/);
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '员工管理']);
  });
});
