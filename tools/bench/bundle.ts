/**
 * gzip JS the browser loads: /login on a fresh visit, then — each on a cold cache with a session, as
 * one page visit would — the shell alone (/dashboard) and the shell plus the employee list screen
 * (/employeeList). Measured in Debian's Chromium against the real server serving the production build.
 * Every script fetched until the network is idle counts, including chunks loaded just after the paint.
 */
import { existsSync } from 'node:fs';
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/support/browser.ts';
import { loginThroughUi } from '../../tests/e2e/support/app.ts';
import { recordScripts, totalGzipKb, type LoadedScript } from '../../tests/e2e/support/scripts.ts';
import { startTestServer } from '../../tests/support/server.ts';

type StorageState = Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>;

/** Opens `path` in a new context with the session, cache cold, and records the scripts it loads. */
async function coldVisit(
  browser: Browser,
  storage: StorageState,
  url: string,
  ready: (page: import('playwright-core').Page) => Promise<unknown>,
): Promise<LoadedScript[]> {
  const context = await browser.newContext({ storageState: storage });
  try {
    const page = await context.newPage();
    const stop = recordScripts(page);
    await page.goto(url, { waitUntil: 'networkidle' });
    await ready(page);
    await page.waitForLoadState('networkidle');
    return await stop();
  } finally {
    await context.close();
  }
}

export async function bundleSizes(): Promise<void> {
  if (!existsSync('dist/index.html')) throw new Error('run `npm run build` first');
  const t = await startTestServer('pglite', { staticDir: 'dist', rateLimitPerMinute: 0 });
  const browser = await launchBrowser();
  try {
    const fresh = await browser.newContext();
    const login = await fresh.newPage();
    const stopLogin = recordScripts(login);
    await login.goto(`${t.baseUrl}/login`, { waitUntil: 'networkidle' });
    const loginScripts = await stopLogin();
    await loginThroughUi(login, t.baseUrl, 'admin', t.adminPassword);
    const storage = await fresh.storageState();
    const shell = await coldVisit(browser, storage, `${t.baseUrl}/dashboard`, (p) =>
      p.getByTestId('dashboard').waitFor(),
    );
    const list = await coldVisit(browser, storage, `${t.baseUrl}/employeeList`, (p) =>
      p.locator('.ant-table-row').first().waitFor(),
    );
    const line = (name: string, scripts: LoadedScript[], target: string) =>
      console.log(
        `  ${name.padEnd(32)}${`${totalGzipKb(scripts)} KB`.padStart(10)} in ${scripts.length} files  (${target})`,
      );
    console.log('\ngzip JS loaded by the browser (level 9):');
    line('/login', loginScripts, 'target ≤ 150 KB');
    line('/dashboard (shell alone)', shell, 'no target of its own');
    line('/employeeList (shell + list)', list, 'target ≤ 350 KB');
  } finally {
    await browser.close();
    await t.close();
  }
}
