/**
 * Issue 24: a working day of each of the authority's roles in Chromium on the seeded filing demo —
 * the reviewer (李静), the delegated reviewer (黄勇) with the lead's answer to his proposals, the review
 * lead (王军), the publisher (郑红) and the calendar administrator (何平). Each day walks that role's
 * real work through the screens; every action offered is taken (its dialog closes and the case moves),
 * every document opened is shown, and the suite checks each page for raw codes when the test ends.
 * Other roles' steps a day needs (the filer's answer, the lead's delegation) go through the API. Cases
 * are picked per test, so the days do not depend on one another. Run `npm run build` first.
 * (Folds in the former filing-review and filing-propose e2e files; day-filer.test.ts the filing walk.)
 */
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { loadCalendar } from '../../server/modules/filing/service/calendar-service.ts';
import { chinaDate } from '../../server/modules/filing/dates.ts';
import { transitions } from '../../server/modules/filing/index.ts';
import { fillFiling } from '../server/filing-support.ts';
import { rawTextOn } from './support/raw-text.ts';
import { DAY_VIEWPORT, filingDemo, openEveryDocument } from './support/filing-day.ts';
import { unique, useE2eSuite } from './support/suite.ts';

const LEAD = 'wangjun';
const REVIEWER = 'lijing';
const DELEGATE = 'huangyong';
const REGION = '江苏省市场监督管理局';
// A day walks many screens: on a busy two-core machine it may take a minute and more.
const DAY_MS = 180_000;

interface WorklistRow {
  id: string;
  caseNo: string;
  title: string;
  procedure: string;
  handlerName: string | null;
}

interface ProposalView {
  id: string;
  action: string;
  reason: string;
  state: string;
  decisionNote: string | null;
}

describe('the authority’s working days', () => {
  const suite = useE2eSuite({ seedFilingDemo: true });
  const demo = filingDemo(() => suite.server);
  const taken = new Set<string>();

  const caseOf = async (id: string) =>
    (await demo.api(LEAD, 'GET', `/filing/case/get?caseId=${id}`)) as {
      case: { state: string; caseNo: string; title: string };
      handler: { name: string } | null;
      clocks: { kind: string; dueOn: string }[];
      supplements: { id: string; state: string; dueOn: string }[];
      proposals: ProposalView[];
      pendingProposal: ProposalView | null;
      transitions: { action: string; reason: string | null }[];
    };

  async function worklist(list: string): Promise<WorklistRow[]> {
    return (await demo.api(LEAD, 'POST', '/filing/worklist', { list, size: 100 })).rows as WorklistRow[];
  }

  /** A seeded case awaiting the completeness check no other test took (matching `fits` when given). */
  async function awaitingCheck(fits: (r: WorklistRow) => Promise<boolean> | boolean = () => true) {
    for (const r of await worklist('awaitingCheck'))
      if (!taken.has(r.id) && (await fits(r))) {
        taken.add(r.id);
        return r;
      }
    throw new Error('no case awaiting check fits');
  }
  const complete = async (r: WorklistRow) =>
    (await demo.api(LEAD, 'GET', `/filing/case/check?caseId=${r.id}`)).complete === true;

  const rowOf = (page: Page, caseNo: string) => page.locator('tr.ant-table-row', { hasText: caseNo });

  /** Opens one of the 案件审查 pages from the side menu. */
  async function openPage(page: Page, name: string) {
    const entry = page.getByRole('menuitem', { name, exact: true });
    if (!(await entry.isVisible())) await page.getByRole('menuitem', { name: '案件审查' }).click();
    await entry.click();
  }

  async function chooseList(page: Page, list: string) {
    await page.getByLabel('工作清单').click();
    await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: list }).click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
  }

  /** 审查工作台 with `list` chosen (the page opened first unless it is open). */
  async function openWorklist(page: Page, list: string, menu = true) {
    if (menu) {
      await openPage(page, '审查工作台');
      await page.getByTestId('list-screen').filter({ visible: true }).waitFor();
    }
    await chooseList(page, list);
  }

  /** The case opened with 查看 from its row on the page shown; its dialog. */
  async function openRow(page: Page, row: { caseNo: string; title: string }) {
    const listed = rowOf(page, row.caseNo);
    await listed.waitFor();
    await listed.getByRole('button', { name: '查看' }).click();
    const dialog = page.getByRole('dialog', { name: '案件审查' });
    await dialog.getByTestId('detail-screen').waitFor();
    await dialog.getByText(row.title).first().waitFor();
    return dialog;
  }

  async function closeCase(page: Page) {
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: '案件审查' }).waitFor({ state: 'detached' });
  }

  /** Fills a transition's 理由 and saves; the dialog closes (a refusal would keep it open). */
  async function giveReason(page: Page, step: string, reason?: string) {
    const dialog = page.getByRole('dialog', { name: step });
    if (reason !== undefined) await dialog.getByLabel('理由').fill(reason);
    else await dialog.getByLabel('理由').waitFor();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'detached' });
  }

  it(
    'the reviewer: takes a case from the worklist, reads every tab and document, asks for a supplement, reads the answer and the public comments',
    async () => {
      // The normal case when there is one: the delegated reviewer's day needs the simplified ones.
      const row = await awaitingCheck((r) => r.procedure === 'NORMAL');
      const { page } = await suite.signedIn(REVIEWER, demo.password(), DAY_VIEWPORT);
      await openWorklist(page, '待审核');
      await rowOf(page, row.caseNo).waitFor();
      // The list loaded without a refusal.
      expect(await page.locator('.ant-message-notice').count()).toBe(0);
      const detail = await openRow(page, row);
      // She checks and asks; acceptance and assignment are the lead's.
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
      // Every document the filer sent, drawn from the bytes the server sent (the page's CSP refuses a
      // blob: fetch; the suite fails the test on a refusal); the 申报书 among them.
      await detail.getByRole('tab', { name: '申报文件' }).click();
      const documents = detail.getByRole('tabpanel', { name: '申报文件' });
      await documents.locator('tr.ant-table-row', { hasText: '申报书' }).first().waitFor();
      expect(await openEveryDocument(page, documents, '查看')).toBeGreaterThan(1);

      // 要求补充材料 with a due date typed in.
      await detail.getByRole('button', { name: '要求补充材料' }).click();
      const dialog = page.getByRole('dialog', { name: '要求补充材料' });
      const items = '请补充经审计的2025年度财务会计报告及其中文译本。';
      await dialog.getByLabel('需补充的文件、资料').fill(items);
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
      await detail
        .getByRole('tabpanel', { name: '补充材料' })
        .getByText('请补充经审计的2025年度财务会计报告')
        .waitFor();
      const supplement = (await caseOf(row.id)).supplements.at(-1)!;
      // The typed day, or the next working day when it is a rest day (a period never ends on one).
      const calendar = await loadCalendar(demo.db());
      expect(supplement).toMatchObject({ state: 'OPEN', dueOn: calendar.nextWorkingDay(due) });

      // The filer answers (its own day shows how); she finds the case back in 待审核 and reads the answer.
      const filer = await demo
        .db()
        .selectFrom('filing.membership as m')
        .innerJoin('platform.tenant_member as tm', 'tm.tenant_id', 'm.tenant_id')
        .innerJoin('platform.account as a', 'a.id', 'tm.account_id')
        .select('a.account')
        .where('m.case_id', '=', row.id)
        .where('m.role', '=', 'FILER')
        .where('a.account', 'in', ['zhangwei', 'chengang', 'malin', 'tanglu'])
        .executeTakeFirstOrThrow();
      const answer = `已补充经审计的财务会计报告及中文译本${unique('')}。`;
      await demo.api(filer.account, 'POST', `/filing/supplement/answer?supplementId=${supplement.id}`, {
        answer,
      });
      await closeCase(page);
      await openWorklist(page, '待审核', false);
      const again = await openRow(page, row);
      await again.getByText('已提交').first().waitFor();
      await again.getByRole('tab', { name: '补充材料' }).click();
      await again.getByRole('tabpanel', { name: '补充材料' }).getByText('已答复').waitFor();
      // The answer's text is the answering move's, in 办理记录.
      await again.getByRole('tab', { name: '办理记录' }).click();
      await again.getByRole('tabpanel', { name: '办理记录' }).getByText(answer).waitFor();
      await closeCase(page);

      // The public comments on the notices; no 发布 (she holds no review:publish).
      await openPage(page, '公众意见');
      await page.getByTestId('list-screen').filter({ visible: true }).waitFor();
      await page.locator('tr.ant-table-row').first().waitFor();
      expect(await page.getByRole('menuitem', { name: '发布', exact: true }).count()).toBe(0);
    },
    DAY_MS,
  );

  /** A simplified case awaiting check (a complete one when asked), delegated by the lead to 黄勇. */
  async function delegatedCase(mustBeComplete: boolean): Promise<WorklistRow> {
    const row = await awaitingCheck(
      async (r) => r.procedure === 'SIMPLIFIED' && (!mustBeComplete || (await complete(r))),
    );
    const delegate = await demo
      .db()
      .selectFrom('platform.account')
      .select('id')
      .where('account', '=', DELEGATE)
      .executeTakeFirstOrThrow();
    await demo.api(LEAD, 'POST', `/filing/case/assign?caseId=${row.id}`, {
      handlerAccountId: delegate.id,
      delegatedRegion: REGION,
    });
    return row;
  }

  it(
    'the delegated reviewer: sees only his cases, proposes on two; the lead adopts one from 我的待办 and sends the other back',
    async () => {
      const adopted = await delegatedCase(true);
      const returned = await delegatedCase(false);
      const { page } = await suite.signedIn(DELEGATE, demo.password(), DAY_VIEWPORT);
      await openPage(page, '委托审查');
      await page.getByTestId('list-screen').filter({ visible: true }).waitFor();
      // His two cases, and no other.
      await rowOf(page, adopted.caseNo).waitFor();
      await rowOf(page, returned.caseNo).waitFor();
      expect(await page.locator('tr.ant-table-row').count()).toBe(2);

      const reasons = new Map([
        [adopted.id, '申报材料齐全，符合简易案件标准，建议立案受理。'],
        [returned.id, '经初步核查，建议立案受理。'],
      ]);
      for (const row of [adopted, returned]) {
        const detail = await openRow(page, row);
        // He reviews but does not decide: no acceptance of his own.
        expect(await detail.getByRole('button', { name: '立案受理' }).count()).toBe(0);
        await detail.getByRole('button', { name: '提出拟办意见' }).click();
        const dialog = page.getByRole('dialog', { name: '提出拟办意见' });
        await dialog.getByLabel('拟办事项').click();
        await page
          .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '立案受理' })
          .click();
        await giveReason(page, '提出拟办意见', reasons.get(row.id));
        await expect
          .poll(async () => (await caseOf(row.id)).pendingProposal)
          .toMatchObject({ action: 'accept', reason: reasons.get(row.id), state: 'PENDING' });
        // The case is read again: the pending proposal in its tab.
        await detail.getByRole('tab', { name: '拟办意见' }).click();
        await detail.getByText(reasons.get(row.id)!).first().waitFor();
        await detail.getByText('待审批').first().waitFor();
        expect((await caseOf(row.id)).case.state).toBe('SUBMITTED');
        await closeCase(page);
      }

      // The lead finds both in 我的待办 with the decision proposed.
      const lead = (await suite.signedIn(LEAD, demo.password(), DAY_VIEWPORT)).page;
      await openPage(lead, '我的待办');
      await lead.getByTestId('list-screen').filter({ visible: true }).waitFor();
      await rowOf(lead, adopted.caseNo).getByText('立案受理').first().waitFor();
      let detail = await openRow(lead, adopted);
      await detail.getByRole('tab', { name: '拟办意见' }).click();
      await detail.getByText(reasons.get(adopted.id)!).first().waitFor();
      await detail.getByRole('button', { name: '采纳并办理' }).click();
      await giveReason(lead, '采纳并办理');
      await expect.poll(async () => (await caseOf(adopted.id)).case.state).toBe('PHASE_I');
      const after = await caseOf(adopted.id);
      expect(after.pendingProposal).toBeNull();
      expect(after.proposals[0]).toMatchObject({ action: 'accept', state: 'ADOPTED' });
      // The proposal's reasoning is the acceptance's; the detail is read again with the new state.
      expect(after.transitions.find((t) => t.action === 'accept')?.reason).toBe(reasons.get(adopted.id));
      await detail.getByText('初步审查').first().waitFor();
      await detail.getByText('已采纳').first().waitFor();
      expect(await detail.getByRole('button', { name: '采纳并办理' }).count()).toBe(0);
      await closeCase(lead);

      await rowOf(lead, returned.caseNo).waitFor();
      detail = await openRow(lead, returned);
      await detail.getByRole('button', { name: '退回拟办意见' }).click();
      const note = '请核实参与集中的经营者在相关市场的份额后重新提出意见。';
      await giveReason(lead, '退回拟办意见', note);
      await expect
        .poll(async () => (await caseOf(returned.id)).proposals[0])
        .toMatchObject({ state: 'REJECTED', decisionNote: note });
      const back = await caseOf(returned.id);
      expect(back.pendingProposal).toBeNull();
      expect(back.case.state).toBe('SUBMITTED');
      await detail.getByRole('tab', { name: '拟办意见' }).click();
      await detail.getByText('已退回').first().waitFor();

      // He sees it returned, with the lead's reasoning, and may propose again.
      await page.reload();
      await page.getByTestId('list-screen').filter({ visible: true }).waitFor();
      const his = await openRow(page, returned);
      await his.getByRole('tab', { name: '拟办意见' }).click();
      await his.getByText('已退回').first().waitFor();
      await his.getByText(note).first().waitFor();
      await his.getByRole('button', { name: '提出拟办意见' }).waitFor();
    },
    DAY_MS,
  );

  it(
    'the lead: assigns a case, accepts a complete filing, clears a normal case in Phase I, reads the deadline dashboard',
    async () => {
      // A complete filing submitted today (its documents are the service's samples).
      const ctx = demo.ctx();
      const filer = await demo.actorOf('zhangwei', 'filer');
      const title = `${unique('岚峰')}水泥集团有限公司收购苏南建材有限公司股权案`;
      const { caseId } = await fillFiling(ctx, filer, { procedure: 'NORMAL', title });
      await transitions.submit(ctx, filer, caseId);
      const fresh = await caseOf(caseId);
      const submitted = { id: caseId, caseNo: fresh.case.caseNo, title };

      const { page } = await suite.signedIn(LEAD, demo.password(), DAY_VIEWPORT);
      // 分配主办人 from the worklist's row: a case in Phase I to 李静.
      const phaseI = (await worklist('phaseI')).find((r) => !taken.has(r.id) && r.handlerName !== '李静')!;
      taken.add(phaseI.id);
      await openWorklist(page, '初步审查');
      const listed = rowOf(page, phaseI.caseNo);
      await listed.waitFor();
      expect(await page.locator('.ant-message-notice').count()).toBe(0);
      await listed.getByRole('button', { name: '分配主办人' }).click();
      const assign = page.getByRole('dialog', { name: '分配主办人' });
      await assign.getByLabel('主办人').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: '李静' }).click();
      await assign.getByRole('button', { name: /保\s*存/ }).click();
      await assign.waitFor({ state: 'detached' });
      await expect.poll(async () => (await caseOf(phaseI.id)).handler?.name).toBe('李静');
      // The list is read again and shows the handler.
      await expect.poll(() => rowOf(page, phaseI.caseNo).textContent()).toContain('李静');

      // 立案受理 with the lead's reason; it shows in the case's history, and the Phase I clock runs.
      await chooseList(page, '待审核');
      const detail = await openRow(page, submitted);
      await detail.getByRole('button', { name: '立案受理' }).click();
      await giveReason(page, '立案受理', '申报文件、资料完备，符合立案条件。');
      await expect.poll(async () => (await caseOf(caseId)).case.state).toBe('PHASE_I');
      await detail.getByRole('tab', { name: '办理记录' }).click();
      await detail.getByText('申报文件、资料完备，符合立案条件。').first().waitFor();
      await detail.getByText('初步审查').first().waitFor();
      await detail.getByRole('tab', { name: '审查期限' }).click();
      const clock = (await caseOf(caseId)).clocks.find((c) => c.kind === 'PHASE_I');
      await detail.getByText(clock!.dueOn).first().waitFor();
      await closeCase(page);

      // 不实施进一步审查 on a normal case in Phase I (no simplified-case notice to wait for).
      const normal = (await worklist('phaseI')).find((r) => !taken.has(r.id) && r.procedure === 'NORMAL')!;
      taken.add(normal.id);
      await chooseList(page, '初步审查');
      const second = await openRow(page, normal);
      await second.getByRole('button', { name: '不实施进一步审查' }).click();
      await giveReason(page, '不实施进一步审查', '经初步审查，该集中不具有排除、限制竞争效果。');
      await expect.poll(async () => (await caseOf(normal.id)).case.state).toBe('CLEARED');
      await second.getByText('无条件批准').first().waitFor();
      await second.getByRole('tab', { name: '办理记录' }).click();
      await second.getByText('经初步审查，该集中不具有排除、限制竞争效果。').first().waitFor();
      await closeCase(page);

      // 期限看板 draws its charts, and counts the cases still under review (not the decided ones).
      await openPage(page, '期限看板');
      const board = page.getByTestId('review-dashboard');
      await board.waitFor();
      for (const chart of ['chart-by-state', 'chart-by-division', 'chart-averages']) {
        const host = board.getByTestId(chart);
        await expect.poll(() => host.getAttribute('data-rendered')).toBe('true');
        expect(await host.locator('canvas').count()).toBeGreaterThan(0);
      }
      const closed = [
        'CLEARED',
        'CLEARED_WITH_CONDITIONS',
        'PROHIBITED',
        'DEEMED_CLEARED',
        'RETURNED',
        'DEEMED_NOT_FILED',
        'WITHDRAWN',
      ];
      const underReview = (
        (await demo.api(LEAD, 'GET', '/filing/dashboard')).byState as { state: string; count: number }[]
      )
        .filter((r) => !closed.includes(r.state))
        .reduce((sum, r) => sum + r.count, 0);
      await board.getByText(String(underReview)).first().waitFor();
    },
    DAY_MS,
  );

  it('the publisher: publishes a cleared case in a batch and finds it on the public page', async () => {
    // A case cleared in Phase I and not yet in any published list (the demo keeps one).
    const waiting = await demo
      .db()
      .selectFrom('filing.case as c')
      .select(['c.id', 'c.case_no', 'c.title', 'c.decided_on'])
      .where('c.state', '=', 'CLEARED')
      .where((e) =>
        e.not(
          e.exists(
            e
              .selectFrom('filing.publication as p')
              .select('p.id')
              .whereRef('p.case_id', '=', 'c.id')
              .where('p.kind', '=', 'CLEARANCE'),
          ),
        ),
      )
      .orderBy('c.case_no')
      .executeTakeFirstOrThrow();
    taken.add(waiting.id);
    const { page } = await suite.signedIn('zhenghong', demo.password(), DAY_VIEWPORT);
    await openPage(page, '发布');
    const row = rowOf(page, waiting.case_no!);
    await row.getByRole('checkbox').check();
    await page.getByRole('button', { name: /发布无条件批准批次/ }).click();
    const dialog = page.getByRole('dialog', { name: '发布无条件批准批次' });
    const batchTitle = `无条件批准经营者集中案件列表（${unique('')}）`;
    await dialog.getByLabel('批次标题').fill(batchTitle);
    const day = dialog.getByLabel('发布日期');
    await day.click();
    await day.fill(chinaDate(new Date()));
    await dialog.getByLabel('批次标题').click();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'detached' });
    const published = await demo
      .db()
      .selectFrom('filing.publication')
      .select('id')
      .where('case_id', '=', waiting.id)
      .where('kind', '=', 'CLEARANCE')
      .execute();
    expect(published).toHaveLength(1);

    // The public list finds it by its name, with its decision's date.
    await page.goto(`${suite.server.baseUrl}/publicityIndex?keyword=${encodeURIComponent(waiting.title)}`);
    const listed = page.locator('table.pub-table tbody tr', { hasText: waiting.title });
    await listed.waitFor();
    expect(await listed.textContent()).toContain(String(waiting.decided_on));
  });

  it('the calendar administrator: adds a holiday, removes it, imports the year from a pasted list', async () => {
    const { page } = await suite.signedIn('heping', demo.password(), DAY_VIEWPORT);
    await openPage(page, '节假日日历');
    await page.getByTestId('calendar-screen').waitFor();
    // The year view opens on this year; 2031 is a few clicks on.
    for (let y = new Date().getFullYear(); y < 2031; y++)
      await page.getByRole('button', { name: '下一年' }).click();
    const cell = page.locator('[data-date="2031-01-01"]');
    await cell.click();
    await page
      .getByTestId('calendar-day-panel')
      .getByRole('button', { name: /添加该日期/ })
      .click();
    const dialog = page.getByRole('dialog', { name: '添加日期' });
    // The day clicked is filled in.
    expect(await dialog.getByLabel('日期').inputValue()).toBe('2031-01-01');
    await dialog.getByLabel('节假日', { exact: true }).check();
    await dialog.getByLabel('名称').fill('元旦');
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.locator('[data-date="2031-01-01"][data-category="HOLIDAY"]').waitFor();
    expect(await cell.getAttribute('title')).toBe('2031-01-01 元旦（节假日）');
    const days = async () =>
      ((await demo.api(LEAD, 'GET', '/filing/calendar/query?year=2031')).days as { day: string }[]).map(
        (d) => d.day,
      );
    expect(await days()).toContain('2031-01-01');
    await cell.click();
    await page
      .getByTestId('calendar-day-panel')
      .getByRole('button', { name: /删除该日期/ })
      .click();
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await page.locator('[data-date="2031-01-01"]:not([data-category])').waitFor();
    expect(await days()).not.toContain('2031-01-01');

    // The State Council's schedule for the year, pasted: a list with a bad line is refused whole, naming the
    // line; the corrected one replaces the year's entries and says what it stored.
    const importYear = async (text: string) => {
      await page.getByRole('button', { name: '粘贴导入' }).click();
      const form = page.getByRole('dialog', { name: '导入全年节假日' });
      expect(await form.getByLabel('年份').inputValue()).toBe('2031');
      await form.getByLabel('日期清单').fill(text);
      await form.getByRole('button', { name: '导入并替换' }).click();
      await page
        .locator('.ant-modal-confirm')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
      return form;
    };
    const refused = await importYear('2031-01-01 休 元旦\n2031-02-30 休 春节');
    await page.getByText(/第 2 行有误，未导入任何内容/).waitFor();
    expect(await days()).toEqual([]);
    await refused
      .getByRole('button', { name: /取\s*消|关\s*闭/ })
      .first()
      .click();
    await refused.waitFor({ state: 'detached' });
    const accepted = await importYear(
      '2031-01-01 休 元旦\n2031-01-22~2031-01-28 休 春节\n2031-01-19 班 春节调休',
    );
    await page.getByText(/已导入：节假日 8 天，调休工作日 1 天/).waitFor();
    await accepted.waitFor({ state: 'detached' });
    await page.locator('[data-date="2031-01-23"][data-category="HOLIDAY"]').waitFor();
    await page.locator('[data-date="2031-01-19"][data-category="WORKDAY"]').waitFor();
    expect(await days()).toHaveLength(9);
  });
});
