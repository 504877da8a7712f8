/**
 * gzip JS the browser loads: /login on a fresh visit, then — each on a cold cache with a session, as
 * one page visit would — the shell alone (/dashboard) and the shell plus the employee list screen
 * (/employeeList). Measured in Debian's Chromium against the real server serving the production build.
 * Every script fetched until the network is idle counts, including chunks loaded just after the paint.
 */
import type { Browser } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/support/browser.ts';
import { loginThroughUi } from '../../tests/e2e/support/app.ts';
import { recordScripts, totalGzipKb, type LoadedScript } from '../../tests/e2e/support/scripts.ts';
import { startTestServer } from '../../tests/support/server.ts';
import { ensureBuild } from './ensure-build.ts';
import { figure } from './goals.ts';

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
    // Not 'networkidle': a signed-in page keeps the bell's event stream open (recordScripts waits for
    // the scripts to settle instead).
    await page.goto(url);
    await ready(page);
    return await stop();
  } finally {
    await context.close();
  }
}

/** `--detail`: each route's scripts, largest first, to see what a route loads that it does not need. */
function detail(route: string, scripts: LoadedScript[]): void {
  console.log(`\n  ${route}:`);
  for (const s of [...scripts].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
    const name = new URL(s.url).pathname.replace(/^.*\//, '');
    console.log(`    ${(s.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${name}`);
  }
}

export async function bundleSizes(): Promise<void> {
  await ensureBuild();
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
    const line = (name: string, scripts: LoadedScript[], goal: number) =>
      figure(`${name} (${scripts.length} files)`, totalGzipKb(scripts), 'KB', goal, 'max');
    console.log('\ngzip JS loaded by the browser (level 9):');
    line('JS of /login', loginScripts, 120);
    line('JS of the shell alone (/dashboard)', shell, 200);
    line('JS of shell + employee list', list, 280);
    if (process.argv.includes('--detail')) {
      detail('/login', loginScripts);
      detail('shell', shell);
      detail('shell + employee list', list);
    }
  } finally {
    await browser.close();
    await t.close();
  }
}
