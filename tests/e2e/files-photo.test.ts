/**
 * The photo widget on the real file path: in the employee dialog, Chromium uploads a PNG through
 * fldFile.upload (shown from file.getImage afterwards) and an executable renamed .png, which the server
 * refuses with its translated reason and stores nothing. Run `npm run build` first.
 */
import { writeFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { E2E_DB } from './support/suite.ts';
import { startTestServer, type TestServer } from '../support/server.ts';
import { makeExe, makePng } from '../support/file-fixtures.ts';
import { CONTEXT_DEFAULTS, closeOpenContexts, sharedBrowser } from './support/browser.ts';
import { loginThroughUi, requireBuiltApp } from './support/app.ts';

describe('photo upload through the file store', () => {
  let server: TestServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  const dir = mkdtempSync(join(tmpdir(), 'mf-e2e-files-'));

  const refs = async () =>
    (await server.server.database.db.selectFrom('platform.file_ref').select('attachment_id').execute())
      .length;

  beforeAll(async () => {
    requireBuiltApp();
    server = await startTestServer(E2E_DB, { staticDir: 'dist', rateLimitPerMinute: 0 });
    browser = await sharedBrowser();
    context = await browser.newContext({ ...CONTEXT_DEFAULTS, viewport: { width: 1400, height: 900 } });
    // The app exposes its api client to the test (window.__mfApi) when this flag is set before it starts.
    await context.addInitScript(() => {
      (window as { __MF_E2E__?: boolean }).__MF_E2E__ = true;
    });
    page = await context.newPage();
    await loginThroughUi(page, server.baseUrl, 'admin', server.adminPassword);
  });

  afterAll(async () => {
    await closeOpenContexts(browser);
    await server?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('uploads a picture and refuses a renamed executable', async () => {
    await page.getByRole('menuitem', { name: '员工管理' }).click();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    const photo = page.getByTestId('photo-upload');
    await photo.waitFor();

    const fake = join(dir, '证件照.png');
    writeFileSync(fake, makeExe());
    await photo.locator('input[type=file]').setInputFiles(fake);
    await page.getByText('文件内容与扩展名“png”不符，不允许上传', { exact: true }).waitFor();
    expect(await refs()).toBe(0);
    expect(await photo.locator('img').count()).toBe(0);

    const real = join(dir, '头像.png');
    writeFileSync(real, makePng(64, 64));
    await photo.locator('input[type=file]').setInputFiles(real);
    await photo.locator('img').waitFor();
    await expect.poll(refs).toBe(1);
    const stored = await server.server.database.db
      .selectFrom('platform.file_ref')
      .select(['attachment_id', 'size'])
      .executeTakeFirstOrThrow();
    expect(Number(stored.size)).toBe(makePng(64, 64).length);
    // The stored picture is served to the page's img through a signed image link (no token in it).
    const link = (await page.evaluate(
      (attachmentId) => window.__mfApi!.call('fldFile.link', { body: { attachmentId, purpose: 'image' } }),
      stored.attachment_id,
    )) as { ticket: string };
    const res = await page.request.get(
      `${server.api}/file/getImage?attachmentId=${stored.attachment_id}&ticket=${encodeURIComponent(link.ticket)}`,
    );
    expect(res.status()).toBe(200);
    expect(res.headers()['content-type']).toBe('image/png');
  });
});
