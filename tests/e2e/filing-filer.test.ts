/**
 * The filer's main path in Chromium (issue 12): the demo filer signs in, opens 案件申报 › 我的申报,
 * creates a simplified draft through the new-filing wizard, fills the case and transaction, two parties (one with its 统一社会信用代码)
 * with their turnover and documents, and the 公示表 through the screens, uploads the documents through
 * the attachment selector; 检查 names what is still missing section by section, 提交 is refused with
 * the server's message, and once the last documents are in 检查 passes and the submitted filing shows
 * its state and case number. Run `npm run build` first.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { makePdf } from '../support/file-fixtures.ts';
import { unique, useE2eSuite } from './support/suite.ts';

// This test walks a whole filing through many screens (a minute on a quiet machine): it gets three.
const LONG_WALK_MS = 180_000;
describe('案件申报: a simplified filing from draft to submitted', () => {
  const suite = useE2eSuite({ seedFilingDemo: true });
  const dir = mkdtempSync(join(tmpdir(), 'mf-e2e-filing-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  let page: Page;
  const dialogOf = (screen: string) => page.getByTestId(`screen-dialog-${screen}`);
  const field = (scope: Locator, name: string) => scope.locator(`#root_${name}`);

  async function choose(scope: Locator, name: string, option: string) {
    await scope.locator(`.ant-select:has(#root_${name})`).click();
    await page
      .locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: option })
      .first()
      .click();
  }

  async function pickDate(scope: Locator, name: string, day: string) {
    await field(scope, name).click();
    await field(scope, name).fill(day);
    await field(scope, name).press('Enter');
  }

  /** Uploads one PDF through the attachment selector of the form in `scope`. */
  async function attachThroughSelector(scope: Locator, fileName: string) {
    const path = join(dir, fileName);
    writeFileSync(path, makePdf(1, fileName));
    await scope.getByRole('button', { name: '选择附件' }).click();
    const tab = page.getByTestId('attachment-upload-tab');
    await tab.locator('input[type=file]').setInputFiles([path]);
    const row = tab.getByTestId('upload-row');
    await expect.poll(() => row.getAttribute('data-status')).toBe('done');
    await page
      .getByRole('dialog', { name: '选择附件' })
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await scope
      .getByTestId('attachment-item')
      .filter({ hasText: fileName.replace(/\.pdf$/, '') })
      .waitFor();
  }

  /** 上传文件 (or a party's 上传本方文件): kind, title and the file, saved and closed. */
  async function attachDocument(opener: Locator, kind: string, tag: string) {
    await opener.click();
    const form = dialogOf('filing-document-form');
    await field(form, 'title').waitFor();
    await choose(form, 'kind', kind);
    await field(form, 'title').fill(kind);
    await attachThroughSelector(form, `${tag}${kind}.pdf`);
    await form.getByRole('button', { name: /保\s*存/ }).click();
    await form.waitFor({ state: 'detached' });
  }

  /** Opens a tab of the filing screen; its panel. */
  async function openTab(detail: Locator, name: string): Promise<Locator> {
    await detail.getByRole('tab', { name, exact: true }).click();
    const panel = detail.getByRole('tabpanel', { name, exact: true });
    await panel.waitFor();
    return panel;
  }

  /** 检查 clicked on its tab; the rows' text (read again on each call, for polling). */
  async function check(detail: Locator): Promise<() => Promise<string>> {
    const panel = await openTab(detail, '检查');
    await panel.getByRole('button', { name: /检\s*查/ }).click();
    const rows = panel.locator('tr.ant-table-row');
    await rows.first().waitFor();
    return async () => (await rows.allTextContents()).join('\n');
  }

  it(
    'drafts, fills every section through the screens, sees 检查 name what is missing, then submits',
    async () => {
      const password = suite.server.server.seed.filing!.password;
      ({ page } = await suite.signedIn('zhangwei', password, { viewport: { width: 1500, height: 950 } }));
      const tag = unique('sb');
      const title = `${tag}甲科技收购乙公司股权案`;

      // 案件申报 › 我的申报 → 新建申报.
      const mine = page.getByRole('menuitem', { name: '我的申报' });
      if (!(await mine.isVisible())) await page.getByRole('menuitem', { name: '案件申报' }).click();
      await mine.click();
      await page.getByRole('button', { name: /新建申报/ }).click();
      // The wizard's first step creates the draft; leaving at step 2 (申报方) keeps it, and the rest is
      // filled in the filing's tabs below.
      const created = dialogOf('filing-case-wizard');
      await field(created, 'title').fill(title);
      await created.getByRole('button', { name: /创建草稿/ }).click();
      await created.locator('[data-step="party"]').waitFor();
      await created.getByRole('button', { name: /取\s*消/ }).click();
      await created.waitFor({ state: 'detached' });
      const row = page.locator('tr.ant-table-row', { hasText: title });
      await row.waitFor();
      expect(await row.textContent()).toContain('草稿');
      await row.getByRole('button', { name: /打\s*开/ }).click();
      const detail = dialogOf('filing-case-detail');
      await detail.getByTestId('detail-screen').waitFor();

      // 检查 before anything: parties, turnover, the 公示表 and documents are named.
      const empty = await check(detail);
      for (const missing of [
        '请填写营业额计算年度',
        '至少需要一个收购方',
        '缺少文件：申报书',
        '缺少文件：集中协议',
      ])
        await expect.poll(empty).toContain(missing);

      // 案件与交易.
      await openTab(detail, '案件与交易');
      const caseForm = detail.getByTestId('form-filing-case-form');
      await field(caseForm, 'referenceYear').waitFor();
      await choose(caseForm, 'basis', '达到申报标准');
      await field(caseForm, 'referenceYear').fill('2025');
      await caseForm.locator('.rjsf-array-item-add').first().click();
      await field(caseForm, 'industries_0').fill('C39');
      await field(caseForm, 'rationale').fill('拓展海外市场，整合研发能力');
      await choose(caseForm, 'transactionMode', '取得股权');
      await pickDate(caseForm, 'signingDate', '2026-03-02');
      await pickDate(caseForm, 'plannedClosingDate', '2026-09-30');
      await field(caseForm, 'foreignTargetNoChinaActivity').check();
      await caseForm.getByText('（五）收购境外企业股权或资产').click();
      await caseForm.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('保存成功').first().waitFor();

      // 参与方: an acquirer in Beijing (its 统一社会信用代码 is checked) and a foreign target.
      const partiesTab = await openTab(detail, '参与方');
      const parties = [
        { role: '收购方', name: `${tag}甲科技有限公司`, place: '中国北京市', uscc: '91110108MA01ABCD1E' },
        { role: '被收购方', name: `${tag}乙公司`, place: '美国特拉华州', uscc: '' },
      ];
      for (const p of parties) {
        await partiesTab.getByRole('button', { name: /添加参与方/ }).click();
        const form = dialogOf('filing-party-form');
        await field(form, 'nameZh').waitFor();
        await choose(form, 'role', p.role);
        await field(form, 'nameZh').fill(p.name);
        await field(form, 'registeredPlace').fill(p.place);
        if (p.uscc) {
          // A wrong check character is refused in the form before anything is sent.
          await field(form, 'uscc').fill('91110108MA01ABCD1X');
          await form.getByRole('button', { name: /保\s*存/ }).click();
          await form.locator('.ant-form-item-explain-error').first().waitFor();
          await field(form, 'uscc').fill(p.uscc);
        }
        await field(form, 'mainBusiness').fill('电子设备制造');
        await field(form, 'ultimateController').fill('张三');
        await form.getByRole('button', { name: /保\s*存/ }).click();
        await form.waitFor({ state: 'detached' });
        const partyRow = partiesTab.locator('tr.ant-table-row', { hasText: p.name });
        await partyRow.waitFor();

        await partyRow.getByRole('button', { name: /填写营业额/ }).click();
        const turnover = dialogOf('filing-turnover-form');
        await field(turnover, 'year').fill('2025');
        await field(turnover, 'worldwide').fill('5000000000');
        await field(turnover, 'china').fill('1000000000');
        await field(turnover, 'worldwideLow').fill('4800000000');
        await field(turnover, 'worldwideHigh').fill('5200000000');
        await field(turnover, 'chinaLow').fill('950000000');
        await field(turnover, 'chinaHigh').fill('1040000000');
        await turnover.getByRole('button', { name: /保\s*存/ }).click();
        await turnover.waitFor({ state: 'detached' });

        for (const kind of ['经审计的财务会计报告', '身份证明或注册登记证明'])
          await attachDocument(
            partyRow.getByRole('button', { name: /上传本方文件/ }),
            kind,
            `${tag}${p.role}`,
          );
      }

      // A party edited: the form loads it, the change is saved.
      const target = partiesTab.locator('tr.ant-table-row', { hasText: parties[1].name });
      await target.getByRole('button', { name: /编\s*辑/ }).click();
      const edit = dialogOf('filing-party-form');
      await expect.poll(() => field(edit, 'nameZh').inputValue()).toBe(parties[1].name);
      await field(edit, 'ultimateController').fill('李四');
      await edit.getByRole('button', { name: /保\s*存/ }).click();
      await edit.waitFor({ state: 'detached' });
      await expect.poll(() => target.textContent()).toContain('李四');

      // 公示表: 交易概况 and one introduction per party.
      await openTab(detail, '公示表');
      const notice = detail.getByTestId('form-filing-notice-form');
      await field(notice, 'title').waitFor();
      await field(notice, 'title').fill(title);
      await field(notice, 'summary').fill('甲科技拟收购乙公司全部股权，乙公司不在中国境内从事经济活动。');
      await field(notice, 'introsText').fill(
        `${parties[0].name}：电子设备制造商。\n${parties[1].name}：美国企业，不在中国境内从事经济活动。`,
      );
      await notice.getByText('（五）收购境外企业股权或资产').click();
      await notice.getByRole('button', { name: /保\s*存/ }).click();
      await page.getByText('保存成功').first().waitFor();

      // Two of the case documents: 检查 still names the others, and 提交 is refused with the server's text.
      const documentsTab = await openTab(detail, '申报文件');
      for (const kind of ['申报书', '集中协议'])
        await attachDocument(documentsTab.getByRole('button', { name: /上传文件/ }), kind, tag);
      await expect.poll(() => documentsTab.locator('tr.ant-table-row').count()).toBe(6);
      const partial = await check(detail);
      await expect.poll(partial).not.toContain('至少需要一个收购方');
      await expect.poll(partial).not.toContain('缺少文件：申报书');
      expect(await partial()).toContain('缺少文件：竞争影响说明');
      expect(await partial()).toContain('缺少文件：承诺书');
      // Every section above the documents is complete now.
      expect(await partial()).not.toMatch(/请填写|营业额\s*\d+ 年度/);
      await detail.getByRole('button', { name: /提交申报/ }).click();
      await page
        .getByRole('button', { name: /确\s*定|OK/ })
        .last()
        .click();
      await page.getByText('申报内容不完整，请先补全“申报文件”部分').first().waitFor();

      await openTab(detail, '申报文件');
      for (const kind of ['竞争影响说明', '承诺书', '简易案件公示表'])
        await attachDocument(documentsTab.getByRole('button', { name: /上传文件/ }), kind, tag);
      const done = await check(detail);
      await expect.poll(done).not.toContain('缺少');
      expect(await done()).not.toContain('请填写');
      expect((await done()).match(/是/g)).toHaveLength(9);

      await detail.getByRole('button', { name: /提交申报/ }).click();
      await page
        .getByRole('button', { name: /确\s*定|OK/ })
        .last()
        .click();
      await page.getByText('申报已提交').first().waitFor();
      const descriptions = detail.locator('.ant-descriptions');
      await expect.poll(() => descriptions.textContent()).toContain('已提交');
      await expect.poll(() => descriptions.textContent()).toMatch(/JZSB\d{4}-\d{4}/);
    },
    LONG_WALK_MS,
  );

  it('answers “must we file?” with its explanation line by line', async () => {
    const password = suite.server.server.seed.filing!.password;
    ({ page } = await suite.signedIn('zhangwei', password, { viewport: { width: 1500, height: 950 } }));
    const entry = page.getByRole('menuitem', { name: '是否需要申报' });
    if (!(await entry.isVisible())) await page.getByRole('menuitem', { name: '案件申报' }).click();
    await entry.click();
    const form = page.getByTestId('form-filing-helper-thresholds');
    await field(form, 'referenceYear').fill('2025');
    await field(form, 'partiesText').fill('甲公司，150，45\n乙公司，20，9');
    await form.getByRole('button', { name: /检\s*测/ }).click();
    const result = dialogOf('filing-threshold-result');
    await result.getByTestId('detail-screen').waitFor();
    const text = () => result.locator('.ant-descriptions').textContent();
    await expect.poll(text).toContain('甲公司');
    expect(await text()).toContain('✓');
    expect(await text()).toMatch(/需要申报\s*是/);
  });
});
