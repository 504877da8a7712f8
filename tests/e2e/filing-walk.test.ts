/**
 * Issue 12's done-when, across the three sides in Chromium on the seeded demo: a simplified filing,
 * drafted by the demo filer (its sections through the service, as tests/e2e/filing-filer.test.ts fills
 * them through the screens), is submitted on 我的申报; the review lead asks for a supplement, the filer
 * answers it on the filing's 补充材料 tab, the lead accepts the case and the filer reads the acceptance
 * notice served to it; the case's notice is live on the public page, where a visitor comments on it; ten days later (the notice's last day moved into the past) the
 * lead clears it in Phase I, the publisher lists it in a clearance batch, and the public list finds it by
 * a two-character keyword. Run `npm run build` first.
 */
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { FILING_ROLE_PERMISSIONS, type Actor } from '../../server/filing/index.ts';
import { chinaDate, addDays } from '../../server/filing/dates.ts';
import { publications } from '../../server/filing/index.ts';
import { call } from '../support/server.ts';
import { fillFiling } from '../server/filing-support.ts';
import { shownCaptcha } from './support/session.ts';
import { unique, useE2eSuite } from './support/suite.ts';

const VIEWPORT = { viewport: { width: 1500, height: 950 } };
/** A pair of characters no generated demo name uses: the public search finds this case alone. */
const KEYWORD = '翎羽';

// This test walks a whole filing through many screens (a minute on a quiet machine): it gets three.
const LONG_WALK_MS = 180_000;
describe('a simplified case from draft to the public list', () => {
  const suite = useE2eSuite({ seedFilingDemo: true });
  const db = () => suite.server.server.database.db;
  const password = () => suite.server.server.seed.filing!.password;

  async function actorOf(account: string, role: keyof typeof FILING_ROLE_PERMISSIONS): Promise<Actor> {
    const row = await db()
      .selectFrom('platform.account as a')
      .innerJoin('platform.tenant_member as m', 'm.account_id', 'a.id')
      .innerJoin('platform.tenant as t', 't.id', 'm.tenant_id')
      .select(['a.id', 'a.fullname', 'm.tenant_id', 't.kind'])
      .where('a.account', '=', account)
      .executeTakeFirstOrThrow();
    return {
      accountId: row.id,
      tenantId: row.tenant_id,
      tenantKind: row.kind,
      permissions: new Set(FILING_ROLE_PERMISSIONS[role]),
      name: row.fullname ?? account,
    };
  }

  async function caseState(caseId: string): Promise<string> {
    const row = await db()
      .selectFrom('filing.case')
      .select('state')
      .where('id', '=', caseId)
      .executeTakeFirstOrThrow();
    return row.state;
  }

  /** The review lead's worklist, the list chosen, the case opened in its dialog. */
  async function openForReview(page: Page, list: string, caseNo: string): Promise<Locator> {
    const worklist = page.getByRole('menuitem', { name: '审查工作台' });
    if (!(await worklist.isVisible())) await page.getByRole('menuitem', { name: '案件审查' }).click();
    await worklist.click();
    await page.getByTestId('list-screen').waitFor();
    await page.getByLabel('工作清单').click();
    await page.locator('.ant-select-dropdown .ant-select-item-option', { hasText: list }).click();
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.locator('tr.ant-table-row', { hasText: caseNo });
    await row.getByRole('button', { name: '查看' }).click();
    const dialog = page.getByRole('dialog', { name: '案件审查' });
    await dialog.getByTestId('detail-screen').waitFor();
    return dialog;
  }

  /** The filer's 我的申报, the case opened. */
  async function openAsFiler(page: Page, title: string): Promise<Locator> {
    const mine = page.getByRole('menuitem', { name: '我的申报' });
    if (!(await mine.isVisible())) await page.getByRole('menuitem', { name: '案件申报' }).click();
    await mine.click();
    const row = page.locator('tr.ant-table-row', { hasText: title });
    await row.getByRole('button', { name: /打\s*开/ }).click();
    const detail = page.getByTestId('screen-dialog-filing-case-detail');
    await detail.getByTestId('detail-screen').waitFor();
    return detail;
  }

  it(
    'walks draft → submission → supplement and answer → acceptance → notice and comment → Phase I clearance → public list',
    async () => {
      const ctx = suite.server.server.filing.ctx;
      const filer = await actorOf('zhangwei', 'filer');
      const title = `${KEYWORD}${unique('')}科技有限公司收购青石材料有限公司股权案`;
      const { caseId } = await fillFiling(ctx, filer, { procedure: 'SIMPLIFIED', title });
      // The 公示表 carries the case's own name (the service fills a sample one).
      await db().updateTable('filing.notice_form').set({ title }).where('case_id', '=', caseId).execute();

      // The filer submits on 我的申报.
      const filerSide = (await suite.signedIn('zhangwei', password(), VIEWPORT)).page;
      let detail = await openAsFiler(filerSide, title);
      await detail.getByRole('button', { name: /提交申报/ }).click();
      await filerSide
        .getByRole('button', { name: /确\s*定|OK/ })
        .last()
        .click();
      await filerSide.getByText('申报已提交').first().waitFor();
      await expect.poll(() => caseState(caseId)).toBe('SUBMITTED');
      const { case_no: caseNo } = await db()
        .selectFrom('filing.case')
        .select('case_no')
        .where('id', '=', caseId)
        .executeTakeFirstOrThrow();
      expect(caseNo).toMatch(/^JZSB\d{4}-\d{4}$/);

      // The review lead asks for a supplement.
      const lead = (await suite.signedIn('wangjun', password(), VIEWPORT)).page;
      let review = await openForReview(lead, '待审核', caseNo!);
      await review.getByRole('button', { name: '要求补充材料' }).click();
      const request = lead.getByRole('dialog', { name: '要求补充材料' });
      const items = '请补充交易双方最近一个会计年度经审计的财务报告。';
      await request.getByLabel('需补充的文件、资料').fill(items);
      const due = addDays(chinaDate(new Date()), 20);
      const dueInput = request.getByLabel('截止日期');
      await dueInput.click();
      await dueInput.fill(due);
      await request.getByLabel('需补充的文件、资料').click();
      await request.getByRole('button', { name: /保\s*存/ }).click();
      await request.waitFor({ state: 'detached' });
      await expect.poll(() => caseState(caseId)).toBe('AWAITING_SUPPLEMENT');

      // The filer answers it on the 补充材料 tab.
      await filerSide.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });
      detail = await openAsFiler(filerSide, title);
      await detail.getByRole('tab', { name: '补充材料', exact: true }).click();
      const supplements = detail.getByRole('tabpanel', { name: '补充材料', exact: true });
      const open = supplements.locator('tr.ant-table-row', { hasText: items });
      await open.getByRole('button', { name: '答复' }).click();
      const answerForm = filerSide.getByTestId('screen-dialog-filing-supplement-answer');
      await answerForm.locator('#root_answer').fill('已按要求补充经审计的财务报告，见附件。');
      await answerForm.getByRole('button', { name: /保\s*存/ }).click();
      await answerForm.waitFor({ state: 'detached' });
      await expect.poll(() => caseState(caseId)).toBe('SUBMITTED');
      // The case's header follows without a reload (it said 待补充材料 until one).
      await detail.locator('.ant-descriptions').getByText('已提交', { exact: true }).waitFor();

      // The lead accepts: Phase I starts and the 公示表 goes live for ten days.
      await lead.keyboard.press('Escape');
      await review.waitFor({ state: 'detached' });
      review = await openForReview(lead, '待审核', caseNo!);
      await review.getByRole('button', { name: '立案受理' }).click();
      const accept = lead.getByRole('dialog', { name: '立案受理' });
      await accept.getByLabel('理由').fill('申报文件、资料完备，符合立案条件。');
      await accept.getByRole('button', { name: /保\s*存/ }).click();
      await accept.waitFor({ state: 'detached' });
      await expect.poll(() => caseState(caseId)).toBe('PHASE_I');
      const notice = await db()
        .selectFrom('filing.publication')
        .select(['id', 'notice_state', 'live_from', 'live_until'])
        .where('case_id', '=', caseId)
        .where('kind', '=', 'NOTICE')
        .executeTakeFirstOrThrow();
      expect(notice.notice_state).toBe('LIVE');

      // The filer reads the acceptance notice served to it: shown as a document, its first reading recorded.
      await filerSide.keyboard.press('Escape');
      await detail.waitFor({ state: 'detached' });
      detail = await openAsFiler(filerSide, title);
      await detail.getByRole('tab', { name: '送达文书', exact: true }).click();
      const served = detail.getByRole('tabpanel', { name: '送达文书', exact: true });
      await served
        .locator('tr.ant-table-row', { hasText: '立案受理通知书' })
        .getByRole('button', { name: '查阅' })
        .click();
      const letter = filerSide.getByTestId('filing-document-html');
      await letter.waitFor();
      await expect.poll(() => letter.textContent()).toContain('现予立案');
      expect(await letter.locator('script').count()).toBe(0);
      await filerSide.keyboard.press('Escape');
      await letter.waitFor({ state: 'detached' });
      const opened = await db()
        .selectFrom('filing.served_document as s')
        .innerJoin('filing.document as d', 'd.id', 's.document_id')
        .select('s.first_opened_at')
        .where('d.case_id', '=', caseId)
        .where('d.kind', '=', 'ACCEPTANCE_NOTICE')
        .where('s.tenant_id', '=', filer.tenantId)
        .executeTakeFirstOrThrow();
      expect(opened.first_opened_at).not.toBeNull();

      // A visitor, not signed in, finds the live notice and comments on it.
      const visitor = (await suite.newPage({ viewport: { width: 1280, height: 900 } })).page;
      await visitor.goto(`${suite.server.baseUrl}/publicityIndex?tab=notices`);
      await visitor.getByRole('link', { name: title }).click();
      await visitor.waitForURL(new RegExp(`/publicityIndex/notice/${notice.id}$`));
      await visitor.getByRole('heading', { name: '公示表' }).waitFor();
      await visitor.getByLabel('姓名', { exact: true }).fill('钱多多');
      await visitor.getByLabel('联系方式（电话或电子邮箱）').fill('qian@example.com');
      const comment = '建议关注该交易对华东地区建材市场的影响。';
      await visitor.getByLabel('意见内容').fill(comment);
      const { answer } = await shownCaptcha(visitor, suite.server, visitor.getByTestId('captcha-image'));
      await visitor.getByLabel('图形验证码').fill(answer);
      await visitor.getByRole('button', { name: '提交意见' }).click();
      await visitor.getByText('您的意见已提交，感谢参与。').waitFor();
      const comments = await call(suite.server, 'POST', '/filing/comment/list', {
        token: await tokenOf('wangjun'),
        body: { caseId },
      });
      expect(JSON.stringify(comments.body.data)).toContain(comment);

      // Ten days on: the notice's last day is yesterday. The lead clears the case in Phase I.
      await db()
        .updateTable('filing.publication')
        .set({ live_until: addDays(chinaDate(new Date()), -1) })
        .where('id', '=', notice.id)
        .execute();
      await lead.keyboard.press('Escape');
      await review.waitFor({ state: 'detached' });
      review = await openForReview(lead, '初步审查', caseNo!);
      await review.getByRole('button', { name: '不实施进一步审查' }).click();
      const clear = lead.getByRole('dialog', { name: '不实施进一步审查' });
      await clear.getByLabel('理由').fill('公示期满，经初步审查，该集中不具有排除、限制竞争效果。');
      await clear.getByRole('button', { name: /保\s*存/ }).click();
      await clear.waitFor({ state: 'detached' });
      await expect.poll(() => caseState(caseId)).toBe('CLEARED');

      // The publisher lists it in a clearance batch; the public list finds it by two characters.
      const publisher = await actorOf('zhenghong', 'publisher');
      await publications.publishClearanceBatch(ctx, publisher, {
        title: '无条件批准经营者集中案件列表（演示）',
        publishedOn: chinaDate(new Date()),
        caseIds: [caseId],
      });
      await visitor.goto(`${suite.server.baseUrl}/publicityIndex?keyword=${encodeURIComponent(KEYWORD)}`);
      const listed = visitor.locator('table.pub-table tbody tr', { hasText: title });
      await listed.waitFor();
      expect(await listed.textContent()).toContain(chinaDate(new Date()));
    },
    LONG_WALK_MS,
  );

  const tokens = new Map<string, string>();
  async function tokenOf(account: string): Promise<string> {
    const known = tokens.get(account);
    if (known) return known;
    const res = await call(suite.server, 'POST', '/authentication/apply', {
      body: { grant_type: 'password_credentials', username: account, password: password() },
    });
    tokens.set(account, res.body.data.access_token as string);
    return res.body.data.access_token as string;
  }
});
