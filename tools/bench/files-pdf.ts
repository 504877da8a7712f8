/**
 * Time to the first page of a 50-page PDF preview, measured in Debian's Chromium (playwright-core)
 * against the real server and the production build: from the click on 预览 in 附件管理 to the first
 * page drawn on its canvas by pdf.js. Cold: the first preview of the visit (pdf.js and its worker
 * load then); warm: the same preview opened again. The PDF is built here (tests/support/file-fixtures.ts).
 */
import { launchBrowser } from '../../tests/e2e/support/browser.ts';
import { loginThroughUi } from '../../tests/e2e/support/app.ts';
import { makePdf } from '../../tests/support/file-fixtures.ts';
import { loginAsAdmin, startTestServer } from '../../tests/support/server.ts';
import { ensureBuild } from './ensure-build.ts';

const PAGES = 50;

export async function pdfPreviewBench(): Promise<void> {
  await ensureBuild();
  const t = await startTestServer('pglite', { staticDir: 'dist', rateLimitPerMinute: 0 });
  const browser = await launchBrowser();
  try {
    const pdf = makePdf(PAGES, 'Merger filing bench');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'bench-50页.pdf');
    const token = await loginAsAdmin(t);
    const up = (await (
      await fetch(`${t.api}/fldFile/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      })
    ).json()) as { state: number };
    if (up.state !== 200) throw new Error(`upload refused: ${JSON.stringify(up)}`);

    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    const page = await context.newPage();
    await loginThroughUi(page, t.baseUrl, 'admin', t.adminPassword);
    await page.getByRole('menuitem', { name: '附件管理' }).click();
    const row = page.locator('tr.ant-table-row', { hasText: 'bench-50页' });
    await row.waitFor();
    const open = async () => {
      const started = performance.now();
      await row.getByRole('button', { name: /预\s*览/ }).click();
      await page.locator('[data-testid=pdf-preview][data-state=ready]').waitFor();
      const ms = performance.now() - started;
      await page.keyboard.press('Escape');
      await page.getByTestId('file-preview').waitFor({ state: 'detached' });
      return ms;
    };
    const cold = await open();
    const warm = await open();
    console.log(
      `\nPDF preview (${PAGES} pages, ${(pdf.length / 1024).toFixed(0)} KB; Chromium, click to first page drawn)`,
    );
    console.log(`  first preview of the visit (loads pdf.js)   ${cold.toFixed(0)} ms`);
    console.log(`  opened again                                ${warm.toFixed(0)} ms`);
    await context.close();
  } finally {
    await browser.close();
    await t.close();
  }
}
