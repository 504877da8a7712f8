/**
 * Data templates end to end (issue 26, its "done when" for templates), in Chromium on the production
 * build: a tenant's configurator defines 会议纪要 (meetingMinutes: 总费用 computed as 参会人数 × 人均费用,
 * and the rule 总费用 <= 100000) — through dataTemplate.save, the designer page has its own tests — then
 * at /d/meetingMinutes adds a row in the generated form, which computes the total as it is typed; a row
 * over the limit is refused in the form with the rule's message, and sent straight to the server it is
 * refused with the same message, nothing written. The configurator then edits the generated list in
 * 界面配置 (tenant scope) and publishes it; the list at /d/meetingMinutes shows the new version.
 * Run `npm run build` first.
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call } from '../support/server.ts';
import { db, demoTenantId, makeAccount } from '../server/auth-support.ts';
import { meetingMinutes, text } from '../../renderers/fixtures/meeting-minutes.ts';
import { token } from './support/shell.ts';
import { unique, useE2eSuite } from './support/suite.ts';

const VIEWPORT = { viewport: { width: 1400, height: 900 } };

describe('data templates', () => {
  const suite = useE2eSuite();

  const rowCount = async () =>
    Number(
      (
        await sql<{ n: string }>`select count(*) as n from ${sql.id('t_demo', 'dt_meetingMinutes')}`.execute(
          db(suite.server),
        )
      ).rows[0]!.n,
    );

  /** The generated form's input of a field. */
  const input = (page: Page, key: string) =>
    page.getByTestId('form-dt-meetingMinutes-form').locator(`#root_${key}`);

  async function openList(page: Page): Promise<void> {
    await page.goto(`${suite.server.baseUrl}/d/meetingMinutes`);
    await page.locator('.ant-table-thead').waitFor();
  }

  it('会议纪要: rows saved through /d/meetingMinutes, a bad row refused in the form and on the server', async () => {
    const configurator = await makeAccount(suite.server, {
      account: unique('dtcfg'),
      tenantId: await demoTenantId(suite.server),
      admin: true,
    });
    const { page } = await suite.signedIn(configurator.account, configurator.password, VIEWPORT);
    const saved = await call(suite.server, 'POST', '/dataTemplate/save', {
      token: await token(page),
      body: { template: meetingMinutes() },
    });
    expect(saved.body.state).toBe(200);

    // The list: titled with the template's name, in its tab too; nothing in it yet.
    await openList(page);
    await page.getByRole('tab', { name: '会议纪要' }).waitFor();
    await page.locator('.ant-table .ant-empty-description', { hasText: '暂无数据' }).waitFor();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await page.waitForURL(/\/platform\/dataTemplate\/form\?template=meetingMinutes/);

    // The form computes the total as the values are typed, and saves.
    await input(page, 'title').fill('周会');
    await input(page, 'attendees').fill('12');
    await input(page, 'costEach').fill('35.5');
    await expect.poll(() => input(page, 'total').inputValue()).toBe('426');
    await page.getByRole('button', { name: /保\s*存/ }).click();
    await expect.poll(rowCount).toBe(1);

    // Over the limit: the form shows the rule's message on 总费用 and sends nothing.
    await page.goto(`${suite.server.baseUrl}/platform/dataTemplate/form?template=meetingMinutes`);
    // After the reload the list's tab, restored before its page opens, still says the template's name;
    // the form's says what it does.
    await expect.poll(() => page.getByRole('tab', { name: '会议纪要' }).count()).toBe(2);
    await page.getByRole('tab', { name: '会议纪要 · 新增' }).waitFor();
    await input(page, 'title').fill('年会');
    await input(page, 'attendees').fill('500');
    await input(page, 'costEach').fill('300');
    await expect.poll(() => input(page, 'total').inputValue()).toBe('150000');
    const saves: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/dataTemplate/row/save')) saves.push(r.url());
    });
    await page.getByRole('button', { name: /保\s*存/ }).click();
    const totalItem = page.locator('.ant-form-item', { has: page.locator('#root_total') });
    await totalItem.getByText('总费用不能超过十万元').waitFor();
    expect(saves).toEqual([]);

    // The same row sent straight to the server, with a forged total, is refused with the same message.
    const forged = await call(suite.server, 'POST', '/dataTemplate/row/save?template=meetingMinutes', {
      token: await token(page),
      headers: { 'accept-language': 'zh-CN' },
      body: { values: { title: '年会', attendees: 500, costEach: 300, total: 1 } },
    });
    expect(forged.body.state).toBe(6010101);
    expect(JSON.stringify(forged.body)).toContain('总费用不能超过十万元');
    expect(await rowCount()).toBe(1);

    // The list shows the saved row with its computed total.
    await openList(page);
    const row = page.getByRole('row').filter({ hasText: '周会' });
    await expect.poll(() => row.textContent()).toContain('426');

    // The configurator edits the generated list (version 0 of dt-meetingMinutes-list) in 界面配置: a new
    // title and no date column, published for this tenant; the list shows it on its next opening.
    await page.goto(`${suite.server.baseUrl}/platform/screenConfig`);
    await page.getByRole('searchbox', { name: '按名称搜索' }).fill('会议纪要');
    const list = page.getByTestId('screen-config-list');
    await list.getByText('数据模板：会议纪要').first().waitFor();
    await list.getByRole('button', { name: 'dt-meetingMinutes-list', exact: true }).click();
    const opened = page.getByTestId('screen-editor-opened');
    await expect.poll(() => opened.textContent()).toContain('生成版本');
    const generated = await call(suite.server, 'POST', '/screenConfig/get', {
      token: await token(page),
      body: { name: 'dt-meetingMinutes-list', scope: 'tenant', version: 0 },
    });
    const content = generated.body.data.content as { columns: Array<{ field: string }> };
    const edited = {
      ...content,
      title: text('会议纪要台账', '會議紀要台賬', 'Minutes register'),
      columns: content.columns.filter((c) => c.field !== 'meetingDate'),
    };
    await page.locator('.ant-segmented-item', { hasText: 'JSON' }).click();
    await page.locator('.cm-content').click();
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.insertText(JSON.stringify(edited, null, 2));
    await page.getByRole('button', { name: /发\s*布/ }).click();
    await expect.poll(() => opened.textContent()).toMatch(/已发布 · 本租户/);

    await openList(page);
    await page.getByRole('tab', { name: '会议纪要台账' }).waitFor();
    const headers = await page.locator('.ant-table-thead th').allTextContents();
    expect(headers).toContain('总费用');
    expect(headers).not.toContain('日期');
  });
});
