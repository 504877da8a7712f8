/**
 * 案件审查 in Chromium (issue 12, the authority's side) on the seeded filing demo: the review lead
 * (王军) opens the worklist, assigns a case to the reviewer (李静), requests a supplement on a case
 * awaiting check through its dialog, accepts another case and clears it in Phase I; the deadline
 * dashboard draws its charts; the reviewer sees the supplement step but not acceptance. Cases are
 * picked through the API (each test its own), so the tests do not depend on one another.
 * Run `npm run build` first.
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadCalendar } from '../../server/filing/service/calendar-service.ts';
import { call } from '../support/server.ts';
import { rawTextOn } from './support/raw-text.ts';
import { useE2eSuite } from './support/suite.ts';

const LEAD = 'wangjun';
const REVIEWER = 'lijing';
const VIEWPORT = { viewport: { width: 1440, height: 960 } };

interface WorklistRow {
  id: string;
  caseNo: string;
  title: string;
  procedure: string;
  handlerName: string | null;
}

describe('案件审查: worklist, case actions and dashboard', () => {
  const suite = useE2eSuite({ seedFilingDemo: true });
  const tokens = new Map<string, string>();
  const taken = new Set<string>();

  const password = () => suite.server.server.seed.filing!.password;

  async function tokenOf(account: string): Promise<string> {
    const known = tokens.get(account);
    if (known) return known;
    const res = await call(suite.server, 'POST', '/authentication/apply', {
      body: { grant_type: 'password_credentials', username: account, password: password() },
    });
    expect(res.body.state, account).toBe(200);
    tokens.set(account, res.body.data.access_token as string);
    return res.body.data.access_token as string;
  }

  const api = async (method: 'GET' | 'POST', path: string, body?: unknown) =>
    call(suite.server, method, path, { token: await tokenOf(LEAD), body });

  const caseOf = async (id: string) => (await api('GET', `/filing/case/get?caseId=${id}`)).body.data;

  /** A case awaiting the completeness check that no other test took; a complete one when asked. */
  async function awaitingCheck(acceptable = false): Promise<WorklistRow> {
    const res = await api('POST', '/filing/worklist', { list: 'awaitingCheck', size: 100 });
    expect(res.body.state).toBe(200);
    for (const r of res.body.data.rows as WorklistRow[]) {
      if (taken.has(r.id)) continue;
      if (acceptable) {
        const check = await api('GET', `/filing/case/check?caseId=${r.id}`);
        if (check.body.data.complete !== true) continue;
      }
      taken.add(r.id);
      return r;
    }
    throw new Error(`no case awaiting check${acceptable ? ' that is complete' : ''}`);
  }

  /** A NORMAL case in Phase I (no simplified-case notice to wait for) that no other test took. */
  async function normalInPhaseI(): Promise<WorklistRow> {
    const res = await api('POST', '/filing/worklist', { list: 'phaseI', size: 100 });
    const row = (res.body.data.rows as WorklistRow[]).find(
      (r) => !taken.has(r.id) && r.procedure === 'NORMAL',
    );
    if (!row) throw new Error('no NORMAL case in Phase I');
    taken.add(row.id);
    return row;
  }

  async function openWorklist(page: Page, list: string) {
    await page.getByRole('menuitem', { name: '案件审查' }).click();
    await page.getByRole('menuitem', { name: '审查工作台' }).click();
    await page.getByTestId('list-screen').waitFor();
    await chooseList(page, list);
  }

  async function chooseList(page: Page, list: string) {
    await page.getByLabel('工作清单').click();
    await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: list }).click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
  }

  const rowOf = (page: Page, caseNo: string) => page.locator('tr.ant-table-row', { hasText: caseNo });

  async function openCase(page: Page, row: WorklistRow, list = '待审核', menu = true) {
    if (menu) await openWorklist(page, list);
    else await chooseList(page, list);
    await rowOf(page, row.caseNo).getByRole('button', { name: '查看' }).click();
    const dialog = page.getByRole('dialog', { name: '案件审查' });
    await dialog.getByTestId('detail-screen').waitFor();
    await dialog.getByText(row.title).first().waitFor();
    return dialog;
  }

  it('assigns a case to the reviewer from the worklist', async () => {
    const row = await awaitingCheck();
    const { page } = await suite.signedIn(LEAD, password(), VIEWPORT);
    await openWorklist(page, '待审核');
    const listed = rowOf(page, row.caseNo);
    await listed.waitFor();
    // The worklist's default list (awaiting check) loaded without a refusal.
    expect(await page.locator('.ant-message-notice').count()).toBe(0);
    await listed.getByRole('button', { name: '分配主办人' }).click();
    const dialog = page.getByRole('dialog', { name: '分配主办人' });
    await dialog.getByLabel('主办人').click();
    await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: '李静' }).click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await caseOf(row.id)).handler?.name).toBe('李静');
    // The list is read again and shows the handler.
    await expect.poll(() => rowOf(page, row.caseNo).textContent()).toContain('李静');
  });

  it('requests a supplement on a case awaiting check, with the reason in its dialog', async () => {
    const row = await awaitingCheck();
    const { page } = await suite.signedIn(LEAD, password(), VIEWPORT);
    const detail = await openCase(page, row);
    await detail.getByRole('button', { name: '要求补充材料' }).click();
    const dialog = page.getByRole('dialog', { name: '要求补充材料' });
    await dialog.getByLabel('需补充的文件、资料').fill('请补充经审计的2025年度财务会计报告及其中文译本。');
    const due = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
    const dueInput = dialog.getByLabel('截止日期');
    await dueInput.click();
    await dueInput.fill(due);
    // Leaving the picker keeps the typed date (Enter would also submit the form).
    await dialog.getByLabel('需补充的文件、资料').click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await caseOf(row.id)).case.state).toBe('AWAITING_SUPPLEMENT');
    // The detail is read again: the new state, the open request in its tab.
    await detail.getByText('待补充材料').first().waitFor();
    await detail.getByRole('tab', { name: '补充材料' }).click();
    await detail.getByText('请补充经审计的2025年度财务会计报告').first().waitFor();
    const supplements = (await caseOf(row.id)).supplements as { state: string; dueOn: string }[];
    // The typed day, or the next working day when it is a rest day (a period never ends on one).
    const calendar = await loadCalendar(suite.server.server.database.db);
    expect(supplements.at(-1)).toMatchObject({ state: 'OPEN', dueOn: calendar.nextWorkingDay(due) });
  });

  it('accepts a complete case, and clears a normal case in Phase I', async () => {
    const row = await awaitingCheck(true);
    const { page } = await suite.signedIn(LEAD, password(), VIEWPORT);
    const detail = await openCase(page, row);
    await detail.getByRole('button', { name: '立案受理' }).click();
    // Acceptance takes the lead's reason; it shows in the case's history.
    const accept = page.getByRole('dialog', { name: '立案受理' });
    await accept.getByLabel('理由').fill('申报文件、资料完备，符合立案条件。');
    await accept.getByRole('button', { name: /保\s*存/ }).click();
    await accept.waitFor({ state: 'detached' });
    await expect.poll(async () => (await caseOf(row.id)).case.state).toBe('PHASE_I');
    await detail.getByRole('tab', { name: '办理记录' }).click();
    await detail.getByText('申报文件、资料完备，符合立案条件。').first().waitFor();
    await detail.getByText('初步审查').first().waitFor();
    // The Phase I clock and its due date are shown.
    await detail.getByRole('tab', { name: '审查期限' }).click();
    const phaseI = ((await caseOf(row.id)).clocks as { kind: string; dueOn: string }[]).find(
      (c) => c.kind === 'PHASE_I',
    );
    await detail.getByText(phaseI!.dueOn).first().waitFor();
    await page.keyboard.press('Escape');
    await detail.waitFor({ state: 'detached' });

    const normal = await normalInPhaseI();
    const second = await openCase(page, normal, '初步审查', false);
    await second.getByRole('button', { name: '不实施进一步审查' }).click();
    const dialog = page.getByRole('dialog', { name: '不实施进一步审查' });
    await dialog.getByLabel('理由').fill('经初步审查，该集中不具有排除、限制竞争效果。');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await caseOf(normal.id)).case.state).toBe('CLEARED');
    await second.getByText('无条件批准').first().waitFor();
    await second.getByRole('tab', { name: '办理记录' }).click();
    await second.getByText('经初步审查，该集中不具有排除、限制竞争效果。').first().waitFor();
  });

  it('draws the deadline dashboard charts', async () => {
    const { page } = await suite.signedIn(LEAD, password(), VIEWPORT);
    await page.getByRole('menuitem', { name: '案件审查' }).click();
    await page.getByRole('menuitem', { name: '期限看板' }).click();
    const board = page.getByTestId('review-dashboard');
    await board.waitFor();
    for (const chart of ['chart-by-state', 'chart-by-division', 'chart-averages']) {
      const host = board.getByTestId(chart);
      await expect.poll(() => host.getAttribute('data-rendered')).toBe('true');
      expect(await host.locator('canvas').count()).toBeGreaterThan(0);
    }
    const total = (await api('GET', '/filing/dashboard')).body.data.byState.reduce(
      (sum: number, r: { count: number }) => sum + r.count,
      0,
    );
    await board.getByText(String(total)).first().waitFor();
  });

  it('shows the reviewer the supplement step but not acceptance, and opens the 申报书 PDF', async () => {
    const row = await awaitingCheck();
    const { page } = await suite.signedIn(REVIEWER, password(), VIEWPORT);
    const detail = await openCase(page, row);
    await detail.getByRole('button', { name: '要求补充材料' }).waitFor();
    expect(await detail.getByRole('button', { name: '立案受理' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: '分配主办人' }).count()).toBe(0);
    // Every tab of the case reads as words: no bare code (PHASE_I, ACQUIRER, RUNNING…), no locale key.
    const tabs = detail.getByRole('tab');
    for (let i = 0; i < (await tabs.count()); i++) {
      await tabs.nth(i).click();
      await detail.getByRole('tabpanel').last().waitFor();
      expect(await rawTextOn(page), await tabs.nth(i).innerText()).toEqual([]);
    }
    // The filer's documents by their names, and a PDF drawn from the bytes the server sent (the page's
    // CSP refuses a blob: fetch; the suite fails the test on a refusal).
    await detail.getByRole('tab', { name: '申报文件' }).click();
    const form = detail.locator('tr.ant-table-row', { hasText: '申报书' }).first();
    await form.getByRole('button', { name: '查看' }).click();
    const preview = page.getByRole('dialog', { name: '预览：申报书.pdf' });
    await preview.locator('[data-testid="pdf-preview"][data-state="ready"]').waitFor();
    expect(await preview.locator('canvas[data-page="1"]').count()).toBe(1);
  });

  it('lets the calendar administrator add a holiday and remove it again', async () => {
    const { page } = await suite.signedIn('heping', password(), VIEWPORT);
    await page.getByRole('menuitem', { name: '案件审查' }).click();
    await page.getByRole('menuitem', { name: '节假日日历' }).click();
    await page.getByTestId('list-screen').waitFor();
    await page.getByLabel('年份').fill('2031');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await page.getByRole('button', { name: /添加日期/ }).click();
    const dialog = page.getByRole('dialog', { name: '添加日期' });
    const day = dialog.getByLabel('日期');
    await day.click();
    await day.fill('2031-01-01');
    await dialog.getByLabel('名称').click();
    await dialog.getByLabel('节假日', { exact: true }).check();
    await dialog.getByLabel('名称').fill('元旦');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'detached' });
    const row = page.locator('tr.ant-table-row', { hasText: '2031-01-01' });
    await row.waitFor();
    const days = async () =>
      (await api('GET', '/filing/calendar/query?year=2031')).body.data.days as { day: string }[];
    expect((await days()).map((d) => d.day)).toContain('2031-01-01');
    await row.getByRole('button', { name: '删除' }).click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await row.waitFor({ state: 'detached' });
    expect((await days()).map((d) => d.day)).not.toContain('2031-01-01');
  });

  it('shows the publisher the decided cases to publish, and the reviewer the public comments', async () => {
    const publisher = await suite.signedIn('zhenghong', password(), VIEWPORT);
    await publisher.page.getByRole('menuitem', { name: '案件审查' }).click();
    await publisher.page.getByRole('menuitem', { name: '发布' }).click();
    await publisher.page.getByRole('button', { name: /发布无条件批准批次/ }).waitFor();
    await publisher.page.locator('tr.ant-table-row').first().waitFor();

    const reviewer = await suite.signedIn(REVIEWER, password(), VIEWPORT);
    await reviewer.page.getByRole('menuitem', { name: '案件审查' }).click();
    await reviewer.page.getByRole('menuitem', { name: '公众意见' }).click();
    await reviewer.page.getByTestId('list-screen').waitFor();
    // The reviewer holds no review:publish: no 发布 entry.
    expect(await reviewer.page.getByRole('menuitem', { name: '发布', exact: true }).count()).toBe(0);
  });
});
