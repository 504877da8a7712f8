/**
 * Issue 25's journey on the seeded filing demo, in Chromium: a visitor finds a case under review by its
 * number, follows it by e-mail (captcha, the confirmation mail's link, the confirm button), the lead
 * clears it and the publisher puts it in a batch, the alert arrives in the mail outbox with its
 * unsubscribe link, and the case's page read without JavaScript names the case, its parties and the
 * decision (server rendering). The statistics page's totals are the lists' totals.
 */
import { sql } from 'kysely';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { chinaDate } from '../../server/modules/filing/dates.ts';
import { call } from '../support/server.ts';
import { filingDemo } from './support/filing-day.ts';
import { seriousViolations } from './support/axe.ts';
import { shownCaptcha } from './support/session.ts';
import { useE2eSuite } from './support/suite.ts';

const LEAD = 'wangjun';
const PUBLISHER = 'zhenghong';
const viewport = { width: 1280, height: 900 };

describe('public register: find, follow, be told, read without JavaScript', () => {
  const suite = useE2eSuite({ seedFilingDemo: true });
  const demo = filingDemo(() => suite.server);

  /** A simplified case in Phase I whose notice has ended, which the lead may clear now. */
  async function clearableCase(): Promise<{ id: string; caseNo: string; title: string }> {
    const today = chinaDate(new Date());
    const rows = await demo
      .db()
      .selectFrom('filing.case as c')
      .innerJoin('filing.publication as p', (j) =>
        j.onRef('p.case_id', '=', 'c.id').on('p.kind', '=', 'NOTICE'),
      )
      .select(['c.id', 'c.case_no', 'c.title'])
      .where('c.state', '=', 'PHASE_I')
      .where('c.procedure', '=', 'SIMPLIFIED')
      .where('p.live_until', '<', sql<string>`${today}::date`)
      .orderBy('c.case_no')
      .execute();
    for (const r of rows) {
      const view = (await demo.api(LEAD, 'GET', `/filing/case/get?caseId=${r.id}`)) as { actions: string[] };
      if (view.actions.includes('clearPhaseI')) return { id: r.id, caseNo: r.case_no!, title: r.title };
    }
    throw new Error('the demo has no simplified case the lead may clear');
  }

  const outbox = (to: string, purpose: string) =>
    demo
      .db()
      .selectFrom('platform.mail_outbox')
      .select(['subject', 'content'])
      .where('recipient', '=', to)
      .where('purpose', '=', purpose)
      .orderBy('created_at')
      .execute();

  it('finds a case by its number, follows it, gets the alert when it is cleared, and reads it without JavaScript', async () => {
    const target = await clearableCase();
    const base = suite.server.baseUrl;
    const email = `follower-${Date.now().toString(36)}@example.cn`;

    // Found by its number on the query page (the simplified-case notices), then its own page.
    const { page } = await suite.newPage({ viewport });
    await page.goto(`${base}/publicityIndex?tab=notices`);
    await page.getByLabel('关键词（案件名称、经营者或案件编号）').fill(target.caseNo);
    await page.getByRole('button', { name: '查询' }).click();
    await page.waitForURL(new RegExp(`keyword=${target.caseNo}`));
    await page.getByRole('link', { name: target.caseNo, exact: true }).click();
    await page.waitForURL(new RegExp(`/publicityIndex/case/${target.caseNo}$`));
    await page.getByRole('heading', { level: 1, name: new RegExp(target.caseNo) }).waitFor();
    await page.getByText('本案尚未公布审查决定。').waitFor();

    // Followed: the form opens, the captcha is read, the page says to look for the mail.
    await page.getByText('关注', { exact: true }).click();
    await page.getByLabel('电子邮箱').fill(email);
    const { answer } = await shownCaptcha(page, suite.server, page.getByTestId('captcha-image'));
    await page.getByLabel('图形验证码').fill(answer);
    await page.getByRole('button', { name: '关注', exact: true }).click();
    await page.getByText('请查收确认邮件').waitFor();

    // The confirmation mail's link opens a page that confirms only when asked.
    const [confirmation] = await outbox(email, 'follow-confirm');
    const link = /http:\/\/\S+\/publicityIndex\/follow\/confirm\?token=[\w-]+/.exec(
      confirmation.content,
    )?.[0];
    expect(link, confirmation.content).toBeDefined();
    await page.goto(link!);
    await page.getByRole('button', { name: '确认关注' }).click();
    await page.getByText(/已确认关注“案件 /).waitFor();
    expect(await outbox(email, 'follow-alert')).toEqual([]);

    // The lead clears it, the publisher publishes it in a batch: the alert follows.
    await demo.api(LEAD, 'POST', `/filing/case/clearPhaseI?caseId=${target.id}`, {
      reason: '经初步审查，不实施进一步审查。',
    });
    const batchTitle = `无条件批准经营者集中案件列表（${chinaDate(new Date())}）`;
    await demo.api(PUBLISHER, 'POST', '/filing/publication/clearanceBatch', {
      title: batchTitle,
      publishedOn: chinaDate(new Date()),
      caseIds: [target.id],
    });
    await expect.poll(async () => (await outbox(email, 'follow-alert')).length, { timeout: 60_000 }).toBe(1);
    const [alert] = await outbox(email, 'follow-alert');
    expect(alert.subject).toContain(target.caseNo);
    expect(alert.content).toContain('无条件批准已公布');
    expect(alert.content).toMatch(/\/publicityIndex\/follow\/unsubscribe\?token=/);

    // Without JavaScript the case's page still holds its name, its parties and the decision.
    const { page: plain } = await suite.newPage({ viewport, javaScriptEnabled: false });
    const response = await plain.goto(`${base}/publicityIndex/case/${target.caseNo}`);
    expect(response?.status()).toBe(200);
    await expect(plain.locator('h1').textContent()).resolves.toContain(target.title);
    const parties = await demo
      .db()
      .selectFrom('filing.party')
      .select('name_zh')
      .where('case_id', '=', target.id)
      .execute();
    const facts = (await plain.locator('main').textContent()) ?? '';
    for (const p of parties) expect(facts).toContain(p.name_zh);
    expect(facts).toContain('无条件批准');
    expect(facts).toContain(batchTitle);
    await expect(plain.locator('link[rel="canonical"]').getAttribute('href')).resolves.toBe(
      `${base}/publicityIndex/case/${target.caseNo}`,
    );
  });

  it('lets the lead publish a Phase II case’s progress, which the under-review list then shows', async () => {
    // A case in Phase II whose progress is not public yet (the demo discloses two others).
    const open = await demo
      .db()
      .selectFrom('filing.case as c')
      .leftJoin('filing.case_disclosure as d', 'd.case_id', 'c.id')
      .select(['c.id', 'c.case_no', 'c.title'])
      .where('c.state', '=', 'PHASE_II')
      .where((e) => e.or([e('d.progress_public', 'is', null), e('d.progress_public', '=', false)]))
      .orderBy('c.case_no')
      .executeTakeFirstOrThrow();
    const row = { caseNo: open.case_no!, title: open.title };
    const base = suite.server.baseUrl;
    const publicRow = async () => {
      const list = await call(suite.server, 'POST', '/publicity/review/query', {
        body: { parameters: [{ key: 'keyword', value: row.caseNo }], requestPage: { pageNo: 1, limit: 10 } },
      });
      return (list.body.data.dataResult as { caseNo: string; dueOn: string | null }[])[0];
    };
    expect(await publicRow()).toBeUndefined();

    const { page } = await suite.signedIn(LEAD, demo.password(), { viewport });
    const entry = page.getByRole('menuitem', { name: '审查工作台', exact: true });
    if (!(await entry.isVisible())) await page.getByRole('menuitem', { name: '案件审查' }).click();
    await entry.click();
    await page.getByTestId('list-screen').filter({ visible: true }).waitFor();
    await page.getByLabel('工作清单').click();
    await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: '进一步审查' }).click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const listed = page.locator('tr.ant-table-row', { hasText: row.caseNo });
    await listed.getByRole('button', { name: '查看' }).click();
    const detail = page.getByRole('dialog', { name: '案件审查' });
    await detail.getByText(row.title).first().waitFor();
    await detail.getByRole('button', { name: '公开审查进程' }).click();
    const dialog = page.getByRole('dialog', { name: '公开审查进程' });
    const choice = dialog.getByRole('checkbox', { name: '在“审查中的案件”公开审查进程' });
    await choice.waitFor();
    // The case's state reads as words in the dialog.
    await dialog.getByText('进一步审查', { exact: true }).first().waitFor();
    await choice.check();
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    await dialog.waitFor({ state: 'detached' });

    // The public list now shows it with its due date; its page (no JavaScript) its acceptance.
    await expect.poll(async () => (await publicRow())?.dueOn ?? null).not.toBeNull();
    const { page: plain } = await suite.newPage({ viewport, javaScriptEnabled: false });
    await plain.goto(`${base}/publicityIndex/underReview?keyword=${row.caseNo}`);
    await expect(plain.locator('table').textContent()).resolves.toContain(row.caseNo);
    await plain.goto(`${base}/publicityIndex/case/${row.caseNo}`);
    await expect(plain.locator('main').textContent()).resolves.toContain('立案受理');
  });

  it('shows statistics whose totals are the lists’ totals', async () => {
    const { page } = await suite.newPage({ viewport });
    const listTotal = async (tab: string) => {
      await page.goto(`${suite.server.baseUrl}/publicityIndex?tab=${tab}`);
      const text = (await page.locator('.pub-count').textContent()) ?? '';
      return Number(/共\s*([\d,]+)\s*条/.exec(text)?.[1].replace(/,/g, ''));
    };
    const clearances = await listTotal('clearance');
    const decisions = await listTotal('decisions');
    const notices = await listTotal('notices');
    expect(clearances).toBeGreaterThan(0);

    await page.goto(`${suite.server.baseUrl}/publicityIndex/statistics`);
    const figure = async (name: string) => {
      const dd = page
        .locator('.pub-stats-summary div', { has: page.locator('dt', { hasText: new RegExp(`^${name}$`) }) })
        .locator('dd');
      return Number(((await dd.textContent()) ?? '').replace(/[^\d]/g, ''));
    };
    await page.locator('.pub-stats-summary').waitFor();
    expect(await figure('无条件批准')).toBe(clearances);
    expect((await figure('附条件批准')) + (await figure('禁止'))).toBe(decisions);
    expect(await figure('简易案件公示')).toBe(notices);
    // The same figures as data (the page's own call, outside the browser).
    const stats = await call(suite.server, 'POST', '/publicity/stats', { body: {} });
    const total = (stats.body.data.rows as { scope: string; unconditional: number; notices: number }[]).find(
      (r) => r.scope === 'total',
    );
    expect(total).toMatchObject({ unconditional: clearances, notices });
  });

  it('has no serious or critical accessibility violation on the case, under-review, statistics and follow pages', async () => {
    const caseNo = (
      await demo
        .db()
        .selectFrom('filing.case as c')
        .innerJoin('filing.publication as p', 'p.case_id', 'c.id')
        .select('c.case_no')
        .where('p.kind', '=', 'CONDITIONAL')
        .executeTakeFirstOrThrow()
    ).case_no!;
    const pages: [string, (page: Page) => Promise<unknown>][] = [
      [
        `/publicityIndex/case/${caseNo}`,
        async (p) => {
          await p.getByRole('heading', { name: '决定全文' }).waitFor();
          // With the follow form open (its captcha shown).
          await p.getByText('关注', { exact: true }).click();
          await p.getByTestId('captcha-image').waitFor();
        },
      ],
      ['/publicityIndex/underReview', (p) => p.locator('table.pub-table').waitFor()],
      ['/publicityIndex/statistics', (p) => p.locator('.pub-stats-summary').waitFor()],
      [
        '/publicityIndex/follow/confirm?token=abc',
        (p) => p.getByRole('button', { name: '确认关注' }).waitFor(),
      ],
      ['/publicityIndex/follow/unsubscribe', (p) => p.getByRole('alert').waitFor()],
    ];
    const found: string[] = [];
    for (const width of [1280, 390]) {
      const { page } = await suite.newPage({ viewport: { width, height: 900 } });
      for (const [path, ready] of pages) {
        await page.goto(`${suite.server.baseUrl}${path}`);
        await ready(page);
        found.push(
          ...(await seriousViolations(page, `${path} @${width}`)).map((v) => `${path} @${width}: ${v}`),
        );
      }
    }
    expect(found).toEqual([]);
  });
});
