/**
 * 附件管理 in Chromium (issue 10's done-when): through the attachment selector a PDF, an image and a GBK
 * text file are uploaded and a renamed executable is refused with its translated reason; each file is
 * previewed from the list (the PDF's first page is drawn, the GBK text reads right once GBK is chosen)
 * and the image is viewed with the keys (Space, Up/Down, Left/Right, Esc); deleting a file an employee
 * photo uses is refused, an unused one goes. Each test signs in and
 * uploads its own files (unique names). Run `npm run build` first.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { GBK_BYTES, GBK_TEXT, makeExe, makePdf, makePng } from '../support/file-fixtures.ts';
import { recordCspViolations } from './support/csp.ts';
import { unique, useE2eSuite } from './support/suite.ts';

/** The brief's known pair, checked against the shared fixture so both agree: '中文' = d6d0 cec4. */
const ZHONGWEN_GBK = Buffer.from('d6d0cec4', 'hex');

describe('附件管理: upload, preview, view', () => {
  const suite = useE2eSuite();
  const dir = mkdtempSync(join(tmpdir(), 'mf-e2e-files-admin-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const fileOf = (name: string, bytes: Buffer) => {
    const path = join(dir, name);
    writeFileSync(path, bytes);
    return path;
  };

  async function openFiles(page: Page) {
    await page.getByRole('menuitem', { name: '附件管理' }).click();
    await page.getByRole('button', { name: /上\s*传/ }).waitFor();
  }

  /** Uploads through 上传 → 选择附件 → upload tab; waits until each file is done or refused. */
  async function uploadThroughUi(page: Page, paths: string[]) {
    await page.getByRole('button', { name: /上\s*传/ }).click();
    await page.getByRole('button', { name: '选择附件' }).click();
    const tab = page.getByTestId('attachment-upload-tab');
    await tab.locator('input[type=file]').setInputFiles(paths);
    const rows = tab.getByTestId('upload-row');
    await expect.poll(() => rows.count()).toBe(paths.length);
    await expect
      .poll(async () =>
        (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-status')))).every(
          (s) => s === 'done' || s === 'error',
        ),
      )
      .toBe(true);
    return tab;
  }

  /** Closes the selector (OK) and the upload dialog (完成); the list is read again. */
  async function finishUpload(page: Page) {
    await page
      .getByRole('dialog', { name: '选择附件' })
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
    await page.getByRole('button', { name: /完\s*成/ }).click();
    await page.getByRole('dialog', { name: '上传附件' }).waitFor({ state: 'detached' });
  }

  async function searchByName(page: Page, name: string) {
    await page.getByRole('textbox', { name: /文件名/ }).fill(name);
    await page.getByRole('button', { name: /查\s*询/ }).click();
  }

  const rowOf = (page: Page, name: string) => page.locator('tr.ant-table-row', { hasText: name });

  it('uploads a PDF, an image and GBK text; refuses a renamed executable with its translated reason', async () => {
    const { page } = await suite.signedIn();
    await openFiles(page);
    const tag = unique('up');
    const paths = [
      fileOf(`${tag}协议.pdf`, makePdf(2, 'agreement')),
      fileOf(`${tag}图.png`, makePng(80, 60)),
      fileOf(`${tag}说明.txt`, GBK_BYTES),
      fileOf(`${tag}工具.pdf`, makeExe()),
    ];
    const tab = await uploadThroughUi(page, paths);
    const refused = tab.getByTestId('upload-row').filter({ hasText: `${tag}工具.pdf` });
    await expect.poll(() => refused.getAttribute('data-status')).toBe('error');
    await refused.getByRole('alert').filter({ hasText: '文件内容与扩展名“pdf”不符，不允许上传' }).waitFor();
    await expect.poll(() => tab.locator('[data-testid=upload-row][data-status=done]').count()).toBe(3);
    await finishUpload(page);

    await searchByName(page, tag);
    await expect.poll(() => page.locator('tr.ant-table-row').count()).toBe(3);
    for (const [name, ext] of [
      [`${tag}协议`, 'pdf'],
      [`${tag}图`, 'png'],
      [`${tag}说明`, 'txt'],
    ]) {
      const row = rowOf(page, name);
      await row.waitFor();
      await expect.poll(() => row.textContent()).toContain(ext);
      // The uploader is the signed-in administrator.
      await expect.poll(() => row.textContent()).toMatch(/管理员|admin/);
    }
    expect(await rowOf(page, `${tag}工具`).count()).toBe(0);
    // Searching by type narrows to the PDF.
    await page.getByRole('combobox', { name: /类型/ }).click();
    await page.locator('.ant-select-item-option', { hasText: /^PDF$/ }).click();
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => page.locator('tr.ant-table-row').count()).toBe(1);
    await rowOf(page, `${tag}协议`).waitFor();
  });

  it('previews a PDF (its first page drawn) and GBK text (readable once GBK is chosen)', async () => {
    expect(new TextDecoder('gbk').decode(ZHONGWEN_GBK)).toBe('中文');
    const { page } = await suite.signedIn();
    // pdf.js (and its worker) draw under the Content Security Policy without asking for eval.
    const cspViolations = await recordCspViolations(page);
    await openFiles(page);
    const tag = unique('pv');
    await uploadThroughUi(page, [
      fileOf(`${tag}报告.pdf`, makePdf(3, 'audited report')),
      fileOf(`${tag}文本.txt`, Buffer.concat([GBK_BYTES, Buffer.from('\n'), ZHONGWEN_GBK])),
    ]);
    await finishUpload(page);
    await searchByName(page, tag);

    await rowOf(page, `${tag}报告`)
      .getByRole('button', { name: /预\s*览/ })
      .click();
    const pdf = page.getByTestId('pdf-preview');
    await page.locator('[data-testid=pdf-preview][data-state=ready]').waitFor();
    const inked = await pdf.locator('canvas[data-page="1"]').evaluate((c: HTMLCanvasElement) => {
      const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
      let dark = 0;
      for (let i = 0; i < data.length; i += 4) if (data[i] < 128 && data[i + 3] > 0) dark += 1;
      return dark;
    });
    // The page's text was drawn (black on white), not an empty canvas.
    expect(inked).toBeGreaterThan(50);
    await page.keyboard.press('Escape');
    await page.getByTestId('file-preview').waitFor({ state: 'detached' });

    await rowOf(page, `${tag}文本`)
      .getByRole('button', { name: /预\s*览/ })
      .click();
    const content = page.getByTestId('text-preview-content');
    await content.waitFor();
    // UTF-8 by default: GBK bytes do not read as the text.
    expect(await content.textContent()).not.toContain(GBK_TEXT);
    await page.getByTestId('text-preview').getByText('GBK', { exact: true }).click();
    await expect.poll(() => content.textContent()).toBe(`${GBK_TEXT}\n中文`);
    expect(await cspViolations()).toEqual([]);
  });

  it('views an image with the keys: Space, Up/Down, Left/Right, Esc', async () => {
    const { page } = await suite.signedIn();
    await openFiles(page);
    const tag = unique('img');
    await uploadThroughUi(page, [fileOf(`${tag}照片.png`, makePng(120, 90, [200, 40, 40]))]);
    await finishUpload(page);
    await searchByName(page, tag);

    await rowOf(page, `${tag}照片`)
      .getByRole('button', { name: /预\s*览/ })
      .click();
    const shown = page.getByTestId('file-preview').locator('img');
    await expect.poll(() => shown.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBe(120);
    await shown.click();
    const viewer = page.getByTestId('image-viewer');
    await viewer.waitFor();
    const attr = (name: string) => viewer.getAttribute(name);
    expect(await attr('data-mode')).toBe('fit');
    await page.keyboard.press('Space');
    await expect.poll(() => attr('data-mode')).toBe('original');
    await page.keyboard.press('Space');
    await expect.poll(() => attr('data-mode')).toBe('fit');
    const scale0 = Number(await attr('data-scale'));
    await page.keyboard.press('ArrowUp');
    await expect.poll(async () => Number(await attr('data-scale'))).toBeGreaterThan(scale0);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => Number(await attr('data-scale'))).toBeLessThan(scale0);
    // One picture: previous and next wrap onto itself.
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowLeft');
    expect(await attr('data-index')).toBe('0');
    await page.keyboard.press('Escape');
    await viewer.waitFor({ state: 'detached' });
  });
  it('deletes an unused file from the list; a file an employee photo uses is refused and stays', async () => {
    const { page } = await suite.signedIn();
    await openFiles(page);
    const tag = unique('del');
    await uploadThroughUi(page, [
      fileOf(`${tag}用过.png`, makePng(30, 30, [10, 120, 10])),
      fileOf(`${tag}没用.png`, makePng(31, 31, [10, 10, 120])),
    ]);
    await finishUpload(page);
    await searchByName(page, tag);
    await expect.poll(() => page.locator('tr.ant-table-row').count()).toBe(2);

    // The first file becomes the administrator's photo (a record that references it).
    const db = suite.server.server.database.db;
    const used = await db
      .selectFrom('platform.file_ref as f')
      .innerJoin('platform.tenant as t', 't.id', 'f.tenant_id')
      .select(['f.attachment_id', 't.schema_name'])
      .execute();
    const mine = [];
    for (const r of used) {
      const row = await db
        .withSchema(r.schema_name)
        .selectFrom('attachment')
        .select(['id', 'file_name'])
        .where('id', '=', r.attachment_id)
        .executeTakeFirst();
      if (row?.file_name.startsWith(tag)) mine.push({ ...row, schema: r.schema_name });
    }
    const photo = mine.find((m) => m.file_name === `${tag}用过`)!;
    await db
      .withSchema(photo.schema)
      .updateTable('employee')
      .set({ photo: photo.id })
      .where('account', '=', 'admin')
      .execute();

    const removeRow = async (name: string) => {
      await rowOf(page, name)
        .getByRole('button', { name: /删\s*除/ })
        .click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /确\s*定|OK/ })
        .click();
    };
    await removeRow(`${tag}用过`);
    await page.getByText(`文件“${tag}用过.png”仍被引用，不能删除`).waitFor();
    await removeRow(`${tag}没用`);
    await expect.poll(() => page.locator('tr.ant-table-row').count()).toBe(1);
    await rowOf(page, `${tag}用过`).waitFor();
  });
});
