/**
 * A working day in the shell, in Debian's Chromium against the real server (production build): theme,
 * language and size, Ctrl+Q search, the error log, a custom environment address, the bell, the
 * subsystem dropdown and /nomenu, the 404 page, and Ctrl+L (menus and tabs: shell-tabs.test.ts). Each
 * test signs in on its own browser context and opens the pages it needs. Run `npm run build` first.
 */
import { describe, expect, it, onTestFinished } from 'vitest';
import { newId } from '../../server/auth/tokens.ts';
import '../../server/modules/logs/log-table.ts';
import { call } from '../support/server.ts';
import { unique, useE2eSuite } from './support/suite.ts';
import { closeSettings, openPages, openSettings, tabTitles, token, turnOnTools } from './support/shell.ts';

describe('the shell through a working day', () => {
  const suite = useE2eSuite();
  const db = () => suite.server.server.database.db;
  /** Admin signed in on a fresh context, large enough for every header entry. */
  const signIn = async () =>
    (await suite.signedIn('admin', undefined, { viewport: { width: 1400, height: 900 } })).page;

  it('switches the theme, and keeps it for the user', async () => {
    const page = await signIn();
    const background = () => page.locator('.mf-sider').evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(await background()).toBe('rgb(48, 65, 86)');
    const drawer = await openSettings(page);
    await drawer.getByTestId('theme-navy').click();
    expect(await drawer.getByTestId('theme-navy').isChecked()).toBe(true);
    await closeSettings(page);
    await expect.poll(background).toBe('rgb(0, 21, 41)');
    const stored = await page.evaluate(
      () => JSON.parse(localStorage.getItem('mf.settings.admin') ?? '{}') as { theme: string },
    );
    expect(stored.theme).toBe('navy');
  });

  it('switches the language: the whole interface turns to English and back', async () => {
    const page = await signIn();
    await openPages(page, '员工管理');
    const drawer = await openSettings(page);
    await drawer.getByTestId('language-en').click();
    await page.getByTestId('header-menu').getByRole('menuitem', { name: 'System' }).waitFor();
    await expect.poll(() => tabTitles(page)).toEqual(['Home', 'Employees']);
    expect(await drawer.locator('.ant-drawer-title').textContent()).toBe('Settings');
    await page.getByRole('search').getByLabel('Name').waitFor();
    await expect.poll(() => page.title()).toBe('Employees - Merger Case Filing System');
    await drawer.getByTestId('language-zh-CN').click();
    await page.getByTestId('header-menu').getByRole('menuitem', { name: '系统管理' }).waitFor();
    await expect.poll(() => tabTitles(page)).toEqual(['首页', '员工管理']);
    await closeSettings(page);
  });

  it('switches the size through the refresh route', async () => {
    const page = await signIn();
    await openPages(page, '员工管理');
    const searchButton = page.getByRole('search').getByRole('button', { name: /查\s*询/ });
    const height = () => searchButton.evaluate((el) => el.getBoundingClientRect().height);
    await expect.poll(height).toBe(36);
    const seen: string[] = [];
    page.on(
      'framenavigated',
      (frame) => frame === page.mainFrame() && seen.push(new URL(frame.url()).pathname),
    );
    const drawer = await openSettings(page);
    await drawer.getByTestId('size-small').click();
    await closeSettings(page);
    // The refresh route hands back to the page; the kept-alive list may resize before it does.
    await expect.poll(() => seen).toContain('/refresh');
    await page.waitForURL(/\/system\/employeeList$/);
    await expect.poll(height).toBe(28);
    await openSettings(page);
    await page.getByTestId('size-default').click();
    await closeSettings(page);
    await expect.poll(height).toBe(36);
  });

  it('finds a menu entry with Ctrl+Q by pinyin initials and opens it with Enter', async () => {
    const page = await signIn();
    await page.keyboard.press('Control+q');
    const input = page.getByTestId('menu-search-input');
    await input.waitFor();
    await page.keyboard.type('zzgl');
    await page.getByRole('option', { name: /组织管理/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/system\/orgTree$/);
    await page.keyboard.press('Control+q');
    await input.waitFor();
    await page.keyboard.type('员工');
    await page.getByRole('option', { name: /员工管理/ }).waitFor();
    await page.keyboard.press('Control+q');
    await input.waitFor({ state: 'hidden' });
    expect(page.url()).toMatch(/\/system\/orgTree$/);
  });

  it('captures a thrown error in the error log, uploads it to the server and cleans it', async () => {
    const page = await signIn();
    await openPages(page, '组织管理');
    await turnOnTools(page, 'errorLog');
    expect(await page.getByTestId('error-log-button').count()).toBe(0);
    const message = `shell e2e: ${unique('broke')}`;
    await page.evaluate((text) => {
      // Thrown outside any handler, as a real bug would be.
      setTimeout(() => {
        throw new Error(text);
      });
    }, message);
    const button = page.getByTestId('error-log-button');
    await button.waitFor();
    await button.click();
    const table = page.getByTestId('error-log-table');
    await table.getByText(message).waitFor();
    expect(await table.textContent()).toContain('/system/orgTree');
    await page.getByRole('button', { name: /上\s*传/ }).click();
    await page.getByText('已上传 1 条错误日志').waitFor();
    const rows = await db()
      .selectFrom('platform.client_log')
      .select(['message', 'account', 'url'])
      .where('message', '=', message)
      .execute();
    expect(rows).toEqual([expect.objectContaining({ message, account: 'admin' })]);
    await page.getByRole('button', { name: /清\s*空/ }).click();
    await table.waitFor({ state: 'hidden' });
    await button.waitFor({ state: 'hidden' });
  });

  it('switches to a custom environment address, refusing a bad one', async () => {
    const page = await signIn();
    await openPages(page, '组织管理');
    await turnOnTools(page, 'environment');
    await page.getByTestId('environment-button').click();
    const dialog = page.getByRole('dialog', { name: '切换服务地址' });
    await dialog.waitFor();
    await dialog.getByTestId('environment-custom').click();
    const ok = dialog.getByTestId('environment-ok');
    expect(await ok.isDisabled()).toBe(true);
    const address = dialog.getByLabel('服务地址');
    await address.fill('ftp://elsewhere');
    expect(await ok.isDisabled()).toBe(false);
    await ok.click();
    await dialog.getByRole('alert').getByText('服务地址须以 / 或 http(s):// 开头').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('mf.apiAddress'))).toBeNull();

    // The same server, addressed in full and with the service prefixes.
    const baseUrl = suite.server.baseUrl;
    await address.fill(`${baseUrl}/api/`);
    await dialog.getByRole('checkbox', { name: '单应用模式' }).uncheck();
    const prefixed = page.waitForRequest((r) => r.url().startsWith(`${baseUrl}/api/platform/v3/`));
    await ok.click();
    await dialog.waitFor({ state: 'hidden' });
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('mf.apiAddress')))!)).toEqual({
      baseUrl: `${baseUrl}/api`,
      singleApp: false,
    });
    // The view reloads through the refresh route; the tree page asks the server again, now prefixed.
    await prefixed;

    await page.getByTestId('environment-button').click();
    await dialog.waitFor();
    await dialog.getByTestId('environment-local').click();
    await dialog.getByTestId('environment-ok').click();
    await dialog.waitFor({ state: 'hidden' });
    expect(JSON.parse((await page.evaluate(() => localStorage.getItem('mf.apiAddress')))!)).toEqual({
      baseUrl: '/api',
      singleApp: true,
    });
  });

  it('shows in the bell the count of unread messages the server returns, and a message', async () => {
    const page = await signIn();
    const tenant = await db()
      .selectFrom('platform.tenant')
      .select('schema_name')
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    const admin = await db()
      .selectFrom('platform.account')
      .select('id')
      .where('account', '=', 'admin')
      .executeTakeFirstOrThrow();
    const t = db().withSchema(tenant.schema_name);
    for (const [i, type] of (['normal', 'bulletin', 'system'] as const).entries()) {
      const id = newId();
      await t
        .insertInto('message')
        .values({
          id,
          subject: `通知第${i + 1}号`,
          owner_name: '综合办公室',
          message_type: type,
          content: `<p>内容${i + 1}</p>`,
          created_at: new Date(Date.now() - (3 - i) * 60_000),
        })
        .execute();
      await t.insertInto('message_receiver').values({ message_id: id, receiver_id: admin.id }).execute();
    }
    const res = await call(suite.server, 'GET', '/msg/innerMessage/msgList', { token: await token(page) });
    expect(res.body.data.pageResult.totalCount).toBe(3);

    await turnOnTools(page, 'bell');
    const badge = page.getByTestId('bell-badge');
    await badge.locator('.ant-scroll-number').getByText('3', { exact: true }).first().waitFor();
    await page.getByTestId('bell-button').click();
    const panel = page.getByTestId('bell-panel');
    await panel.waitFor();
    expect(await panel.getByRole('listitem').count()).toBe(3);
    expect(await panel.getByRole('listitem').first().textContent()).toContain('通知第3号');
    expect(await panel.getByRole('listitem').first().textContent()).toContain('1分钟前');
    await panel.getByText('通知第2号').click();
    // The read-only detail: the message-detail screen in a dialog.
    const detail = page.getByRole('dialog', { name: '消息详情' });
    await detail.getByText('内容2').waitFor();
    expect(await detail.textContent()).toContain('通知第2号');
    expect(await detail.textContent()).toContain('综合办公室');
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'hidden' });
    // Opening it marked the message read: the bell counts one fewer.
    await badge.locator('.ant-scroll-number').getByText('2', { exact: true }).first().waitFor();
  });

  it('offers the other subsystems from the logo; one whose menu opens nothing shows /nomenu', async () => {
    const page = await signIn();
    const archive = newId();
    const archiveHome = newId();
    // A second subsystem sends every later sign-in to /systemSelect: it goes when the test ends.
    onTestFinished(async () => {
      await db().deleteFrom('platform.resource').where('id', '=', archiveHome).execute();
      await db().deleteFrom('platform.subsystem').where('id', '=', archive).execute();
    });
    await db()
      .insertInto('platform.subsystem')
      .values({ id: archive, name: 'menus.subsystemArchive', alias: 'archive', sn: 5 })
      .execute();
    await db()
      .insertInto('platform.resource')
      .values({
        id: archiveHome,
        system_id: archive,
        parent_id: '0',
        alias: 'archiveHome',
        name: 'menus.archiveHome',
      })
      .execute();
    // The subsystems are read at sign-in: load the page again to see the new one.
    await page.goto(`${suite.server.baseUrl}/dashboard`);
    const switcher = page.getByTestId('subsystem-switcher');
    await switcher.click();
    await page.getByRole('menuitem', { name: '档案管理' }).click();
    await page.waitForURL(/\/nomenu$/);
    await page.getByText('当前子系统没有可以打开的菜单').waitFor();
    await page.getByRole('button', { name: '切换到 经营者集中申报' }).click();
    await page.waitForURL(/\/dashboard$/);
    await page.getByTestId('dashboard').waitFor();
  });

  it('sends an unknown address to the 404 page, with a way home', async () => {
    const page = await signIn();
    await page.goto(`${suite.server.baseUrl}/system/noSuchPage`);
    await page.waitForURL(/\/404$/);
    await page.getByText('抱歉，您访问的页面不存在').waitFor();
    await page.getByRole('button', { name: '返回首页' }).click();
    await page.waitForURL(/\/dashboard$/);
  });

  it('locks the screen with Ctrl+L', async () => {
    const page = await signIn();
    await page.getByTestId('dashboard').click();
    await page.keyboard.press('Control+l');
    await page.waitForURL(/\/locking$/);
    expect(await page.evaluate(() => document.cookie)).toContain('mf_locked=1');
  });
});
