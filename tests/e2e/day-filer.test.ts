/**
 * Issue 24: a working day of the filer's side in Chromium on the seeded filing demo — the filer (张伟)
 * from the dashboard through a draft's edit, an upload and the submission, a colleague's message read
 * and answered in the inbox, the authority's supplement request answered, and every document of a case
 * opened; the co-party (陈刚) uploads its own document to a filing it was invited to and sees only what it
 * may; and the filer reads the acceptance notice served on him while a visitor comments on the case's
 * live notice, then finds the cleared case on the public list (the former filing-walk e2e file). Every
 * action offered is taken (its success shown, the case moved) and the suite checks each page for raw
 * codes when the test ends. The authority's steps go through the service (its days: day-authority).
 * Run `npm run build` first.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { addDays, chinaDate } from '../../server/modules/filing/dates.ts';
import { members, publications, transitions } from '../../server/modules/filing/index.ts';
import { makePdf } from '../support/file-fixtures.ts';
import { call } from '../support/server.ts';
import { fillFiling } from '../server/filing-support.ts';
import { DAY_VIEWPORT, attachSampleDocuments, filingDemo, openEveryDocument } from './support/filing-day.ts';
import { shownCaptcha } from './support/session.ts';
import { tab } from './support/shell.ts';
import { unique, useE2eSuite } from './support/suite.ts';

// A day walks many screens: on a busy two-core machine it may take two minutes and more.
const DAY_MS = 240_000;
/** A pair of characters no generated demo name uses: the public search finds this case alone. */
const KEYWORD = '翎羽';

describe('the filer’s side: working days', () => {
  const suite = useE2eSuite({ seedFilingDemo: true });
  const demo = filingDemo(() => suite.server);
  const dir = mkdtempSync(join(tmpdir(), 'mf-e2e-day-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const dialogOf = (page: Page, screen: string) => page.getByTestId(`screen-dialog-${screen}`);

  /** 我的申报 from the side menu; the row of a case opened. */
  async function openCase(page: Page, title: string): Promise<Locator> {
    const mine = page.getByRole('menuitem', { name: '我的申报' });
    if (!(await mine.isVisible())) await page.getByRole('menuitem', { name: '案件申报' }).click();
    await mine.click();
    await page
      .locator('tr.ant-table-row', { hasText: title })
      .getByRole('button', { name: /打\s*开/ })
      .click();
    const detail = dialogOf(page, 'filing-case-detail');
    await detail.getByTestId('detail-screen').waitFor();
    return detail;
  }

  async function closeCase(page: Page) {
    await page.keyboard.press('Escape');
    await dialogOf(page, 'filing-case-detail').waitFor({ state: 'detached' });
  }

  async function openTab(detail: Locator, name: string): Promise<Locator> {
    await detail.getByRole('tab', { name, exact: true }).click();
    const panel = detail.getByRole('tabpanel', { name, exact: true });
    await panel.waitFor();
    return panel;
  }

  /** Uploads one real PDF through the attachment selector of the form in `scope`. */
  async function attachThroughSelector(page: Page, scope: Locator, fileName: string) {
    const path = join(dir, fileName);
    writeFileSync(path, makePdf(1, fileName));
    await scope.getByRole('button', { name: '选择附件' }).click();
    const tab = page.getByTestId('attachment-upload-tab');
    await tab.locator('input[type=file]').setInputFiles([path]);
    await expect.poll(() => tab.getByTestId('upload-row').getAttribute('data-status')).toBe('done');
    await page
      .getByRole('dialog', { name: '选择附件' })
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await scope
      .getByTestId('attachment-item')
      .filter({ hasText: fileName.replace(/\.pdf$/, '') })
      .waitFor();
  }

  /** 上传文件 on the 申报文件 tab: kind, title and the file, saved; the new row. */
  async function uploadDocument(page: Page, panel: Locator, kind: string, title: string) {
    await panel.getByRole('button', { name: /上传文件/ }).click();
    const form = dialogOf(page, 'filing-document-form');
    await form.locator('#root_title').waitFor();
    await form.locator('.ant-select:has(#root_kind)').click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: kind })
      .first()
      .click();
    await form.locator('#root_title').fill(title);
    await attachThroughSelector(page, form, `${title}.pdf`);
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await form.waitFor({ state: 'detached' });
    const row = panel.locator('tr.ant-table-row', { hasText: title });
    await row.waitFor();
    return row;
  }

  const caseState = async (caseId: string) =>
    (
      await demo
        .db()
        .selectFrom('filing.case')
        .select('state')
        .where('id', '=', caseId)
        .executeTakeFirstOrThrow()
    ).state;

  it(
    'the filer: dashboard, a draft edited and submitted with an upload, a message answered, a supplement answered, every document of a case opened',
    async () => {
      const ctx = demo.ctx();
      const filer = await demo.actorOf('zhangwei', 'filer');
      const title = `${unique('栖霞')}水泥集团有限公司收购苏南建材有限公司股权案`;
      // A draft with every section filled (through the screens: filing-filer.test.ts).
      const filing = await fillFiling(ctx, filer, { procedure: 'SIMPLIFIED', title, documents: false });
      await attachSampleDocuments(ctx, filer, filing, true);
      const { caseId } = filing;

      // A colleague's message waits in the inbox.
      const space = await demo
        .db()
        .selectFrom('platform.tenant')
        .select('schema_name')
        .where('id', '=', filer.tenantId)
        .executeTakeFirstOrThrow();
      const me = await demo
        .db()
        .withSchema(space.schema_name)
        .selectFrom('employee' as never)
        .select(['id' as never])
        .where('account' as never, '=', 'zhangwei' as never)
        .executeTakeFirstOrThrow();
      const subject = unique('申报材料核对');
      const sent = await call(suite.server, 'POST', '/msg/innerMessage/save', {
        token: await demo.tokenOf('liuna'),
        body: {
          subject,
          content: '<p>张总，集中协议的签署版本已放在共享盘，请核对。</p>',
          canreply: 1,
          receiverIds: (me as { id: string }).id,
        },
      });
      expect(sent.body.state, JSON.stringify(sent.body)).toBe(200);

      const { page } = await suite.signedIn('zhangwei', demo.password(), DAY_VIEWPORT);
      // The dashboard greets him in his company.
      const dashboard = page.getByTestId('dashboard');
      await dashboard.getByText('张伟').first().waitFor();
      await dashboard.getByText('中原智能装备集团有限公司').first().waitFor();

      // The draft: 案件与交易 changed and saved, a document uploaded, then submitted.
      let detail = await openCase(page, title);
      const caseForm = (await openTab(detail, '案件与交易')).getByTestId('form-filing-case-form');
      await caseForm.locator('#root_rationale').fill('扩大华东地区水泥产能，优化区域布局，降低运输成本。');
      await caseForm.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('保存成功').first().waitFor();
      const documents = await openTab(detail, '申报文件');
      await uploadDocument(page, documents, '集中协议', unique('集中协议补充条款'));
      await detail.getByRole('button', { name: /提交申报/ }).click();
      await page
        .getByRole('button', { name: /确\s*定|OK/ })
        .last()
        .click();
      await page.getByText('申报已提交').first().waitFor();
      await expect.poll(() => caseState(caseId)).toBe('SUBMITTED');
      await detail.locator('.ant-descriptions').getByText('已提交', { exact: true }).waitFor();
      await expect.poll(() => detail.locator('.ant-descriptions').textContent()).toMatch(/JZSB\d{4}-\d{4}/);
      await closeCase(page);

      // The authority asks for a supplement (the reviewer's day shows how).
      const items = '请补充提交集中协议的签署版本及相关附件。';
      const { supplementId } = await transitions.requestSupplement(
        ctx,
        await demo.actorOf('lijing', 'reviewer'),
        caseId,
        { items, dueOn: addDays(chinaDate(new Date()), 20) },
      );

      // The inbox (from the dashboard's shortcut): the colleague's message read and answered.
      await tab(page, '首页').click();
      await page.getByRole('button', { name: '收到的消息' }).click();
      const message = page.getByRole('row').filter({ hasText: subject });
      await message.getByRole('button', { name: /查\s*看/ }).click();
      const read = page.getByRole('dialog').filter({ hasText: subject });
      await read.getByText('集中协议的签署版本已放在共享盘').waitFor();
      await read.getByRole('button', { name: /^回\s*复$/ }).click();
      const reply = page.getByRole('dialog', { name: '回复消息' });
      await reply.getByRole('textbox').fill('已核对，无误。');
      await reply.getByRole('button', { name: /保\s*存/ }).click();
      await reply.waitFor({ state: 'hidden' });
      await page.keyboard.press('Escape');
      await read.waitFor({ state: 'hidden' });

      // The supplement answered on the case's 补充材料 tab, with a file.
      detail = await openCase(page, title);
      await detail.locator('.ant-descriptions').getByText('待补充材料', { exact: true }).waitFor();
      const supplements = await openTab(detail, '补充材料');
      await supplements
        .locator('tr.ant-table-row', { hasText: items })
        .getByRole('button', { name: '答复' })
        .click();
      const answer = dialogOf(page, 'filing-supplement-answer');
      await answer.locator('#root_answer').fill('已补充集中协议的签署版本，见附件。');
      await attachThroughSelector(page, answer, `${unique('集中协议签署版')}.pdf`);
      await answer.getByRole('button', { name: /保\s*存/ }).click();
      await answer.waitFor({ state: 'detached' });
      await expect.poll(() => caseState(caseId)).toBe('SUBMITTED');
      const answered = await demo
        .db()
        .selectFrom('filing.supplement')
        .select('state')
        .where('id', '=', supplementId)
        .executeTakeFirstOrThrow();
      expect(answered.state).toBe('ANSWERED');
      await detail.locator('.ant-descriptions').getByText('已提交', { exact: true }).waitFor();
      // Every document of the case opens: the nine sent with the draft, the upload and the answer's file
      // (and the request's notice, listed with them), and the notice served on him.
      expect(await openEveryDocument(page, await openTab(detail, '申报文件'), '查阅')).toBeGreaterThanOrEqual(
        11,
      );
      expect(await openEveryDocument(page, await openTab(detail, '送达文书'), '查阅')).toBe(1);
    },
    DAY_MS,
  );

  it(
    'the co-party: uploads its own document to a filing it was invited to, and sees only what it may',
    async () => {
      const ctx = demo.ctx();
      const owner = await demo.actorOf('zhangwei', 'filer');
      const coParty = await demo.actorOf('chengang', 'filer');
      const title = `${unique('云栖')}水泥集团有限公司收购苏南建材有限公司股权案`;
      const filing = await fillFiling(ctx, owner, { procedure: 'SIMPLIFIED', title, documents: false });
      await attachSampleDocuments(ctx, owner, filing, true);
      const { caseId } = filing;
      await members.inviteCoParty(ctx, owner, caseId, coParty.tenantId);

      const { page } = await suite.signedIn('chengang', demo.password(), DAY_VIEWPORT);
      const detail = await openCase(page, title);
      // The owner submits, not the co-party.
      await detail.getByTestId('detail-screen').getByText(title).first().waitFor();
      expect(await detail.getByRole('button', { name: /提交申报/ }).count()).toBe(0);
      // The owner's parties are not his to change.
      const parties = await openTab(detail, '参与方');
      await parties.locator('tr.ant-table-row').first().waitFor();
      expect(await parties.getByRole('button', { name: /编\s*辑/ }).count()).toBe(0);
      // The owner's confidential documents (its financial reports) are not listed; the others are.
      const documents = await openTab(detail, '申报文件');
      await documents.locator('tr.ant-table-row', { hasText: '申报书' }).first().waitFor();
      expect(await documents.locator('tr.ant-table-row', { hasText: '经审计的财务会计报告' }).count()).toBe(
        0,
      );
      expect(await documents.locator('tr.ant-table-row', { hasText: '营业执照' }).count()).toBe(2);
      expect(await documents.getByRole('button', { name: /删\s*除/ }).count()).toBe(0);

      // His own document: uploaded, listed, and his to remove.
      const docTitle = unique('海川新能源营业执照');
      const row = await uploadDocument(page, documents, '身份证明或注册登记证明', docTitle);
      await row.getByRole('button', { name: /删\s*除/ }).waitFor();
      const stored = await demo
        .db()
        .selectFrom('filing.document')
        .select('contributed_by_tenant_id')
        .where('case_id', '=', caseId)
        .where('title', '=', docTitle)
        .executeTakeFirstOrThrow();
      expect(stored.contributed_by_tenant_id).toBe(coParty.tenantId);
      // The owner's rows still offer him nothing but reading.
      expect(await documents.getByRole('button', { name: /删\s*除/ }).count()).toBe(1);
    },
    DAY_MS,
  );

  it(
    'the filer reads the acceptance notice served on him; a visitor comments on the live notice; the cleared case is on the public list',
    async () => {
      // The authority's steps (their days show them on the screens) go through the service.
      const ctx = demo.ctx();
      const filer = await demo.actorOf('zhangwei', 'filer');
      const lead = await demo.actorOf('wangjun', 'reviewLead');
      const title = `${KEYWORD}${unique('')}科技有限公司收购青石材料有限公司股权案`;
      const filing = await fillFiling(ctx, filer, { procedure: 'SIMPLIFIED', title, documents: false });
      await attachSampleDocuments(ctx, filer, filing, true);
      const { caseId } = filing;
      // The 公示表 carries the case's own name (the service fills a sample one).
      await demo
        .db()
        .updateTable('filing.notice_form')
        .set({ title })
        .where('case_id', '=', caseId)
        .execute();
      await transitions.submit(ctx, filer, caseId);
      // Acceptance: Phase I starts and the 公示表 goes live for ten days.
      await transitions.accept(ctx, lead, caseId, { reason: '申报文件、资料完备，符合立案条件。' });
      const notice = await demo
        .db()
        .selectFrom('filing.publication')
        .select(['id', 'notice_state'])
        .where('case_id', '=', caseId)
        .where('kind', '=', 'NOTICE')
        .executeTakeFirstOrThrow();
      expect(notice.notice_state).toBe('LIVE');

      // The filer reads the acceptance notice served on him: shown as a document, its first reading recorded.
      const { page } = await suite.signedIn('zhangwei', demo.password(), DAY_VIEWPORT);
      const detail = await openCase(page, title);
      await detail.locator('.ant-descriptions').getByText('初步审查', { exact: true }).waitFor();
      const served = await openTab(detail, '送达文书');
      await served
        .locator('tr.ant-table-row', { hasText: '立案受理通知书' })
        .getByRole('button', { name: '查阅' })
        .click();
      const letter = page.getByTestId('filing-document-html');
      await letter.waitFor();
      await expect.poll(() => letter.textContent()).toContain('现予立案');
      expect(await letter.locator('script').count()).toBe(0);
      await page.keyboard.press('Escape');
      await letter.waitFor({ state: 'detached' });
      const opened = await demo
        .db()
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
      const comments = await demo.api('wangjun', 'POST', '/filing/comment/list', { caseId });
      expect(JSON.stringify(comments)).toContain(comment);

      // Ten days on (the notice's last day moved to yesterday) the case is cleared and published in a
      // batch; the public list finds it by two characters.
      await demo
        .db()
        .updateTable('filing.publication')
        .set({ live_until: addDays(chinaDate(new Date()), -1) })
        .where('id', '=', notice.id)
        .execute();
      await transitions.clearPhaseI(ctx, lead, caseId, {
        reason: '公示期满，经初步审查，不具有排除、限制竞争效果。',
      });
      await publications.publishClearanceBatch(ctx, await demo.actorOf('zhenghong', 'publisher'), {
        title: '无条件批准经营者集中案件列表（演示）',
        publishedOn: chinaDate(new Date()),
        caseIds: [caseId],
      });
      await visitor.goto(`${suite.server.baseUrl}/publicityIndex?keyword=${encodeURIComponent(KEYWORD)}`);
      const listed = visitor.locator('table.pub-table tbody tr', { hasText: title });
      await listed.waitFor();
      expect(await listed.textContent()).toContain(chinaDate(new Date()));
    },
    DAY_MS,
  );
});
