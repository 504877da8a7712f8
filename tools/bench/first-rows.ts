/**
 * `npm run bench first-rows` (issue 29): how soon a signed-in user sees rows, in Debian's Chromium
 * against the real server serving the production build, with the filing demo's data.
 * - cold: a new tab (cache cold, session stored) opening the employee list (a tenant administrator)
 *   and a filing worklist (a reviewer): navigation start → the first row drawn; median of five.
 * - in-app: in a warm shell, a click on another list's menu entry → its first row; median of five.
 * - a kept-alive tab: a click on its tab → its rows shown again.
 * - the gzip JS each cold list page loads.
 * `-- --detail` prints the first cold visit's requests (start and end, ms from navigation): the
 * waterfall of the closing note.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { launchBrowser } from '../../tests/e2e/support/browser.ts';
import { submitLogin } from '../../tests/e2e/support/app.ts';
import { recordScripts, totalGzipKb, type LoadedScript } from '../../tests/e2e/support/scripts.ts';
import { startTestServer, type TestServer } from '../../tests/support/server.ts';
import { ensureBuild } from './ensure-build.ts';
import { figure } from './goals.ts';

const VISITS = 5;
const DETAIL = process.argv.includes('--detail');
type Storage = Awaited<ReturnType<BrowserContext['storageState']>>;

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/** Signs in through the login page and keeps the stored session (token, chosen subsystem). */
async function signedIn(
  browser: Browser,
  t: TestServer,
  account: string,
  password: string,
): Promise<Storage> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${t.baseUrl}/login`);
    await submitLogin(page, account, password);
    await page.getByTestId('dashboard').waitFor();
    return await context.storageState();
  } finally {
    await context.close();
  }
}

/** Resolves with performance.now() when a row that was not there before is drawn and visible. */
async function nextVisibleRow(page: Page): Promise<number> {
  const at = await page.waitForFunction(
    () =>
      [...document.querySelectorAll<HTMLElement>('.ant-table-row')].some(
        (row) => row.dataset.benchSeen !== '1' && row.offsetParent !== null,
      ) && performance.now(),
    null,
    { polling: 'raf', timeout: 30_000 },
  );
  return Number(await at.jsonValue());
}

/** Marks the rows now in the page, so nextVisibleRow waits for new ones. */
const markRows = (page: Page) =>
  page.evaluate(() =>
    document.querySelectorAll<HTMLElement>('.ant-table-row').forEach((row) => (row.dataset.benchSeen = '1')),
  );

/** Clicks the element with this text inside `selector` in the page (no round trip in between) and returns when. */
const clickText = (page: Page, selector: string, text: string) =>
  page.evaluate(
    ({ selector, text }) => {
      const target = [...document.querySelectorAll<HTMLElement>(selector)].find(
        (el) => el.textContent?.trim() === text,
      );
      if (!target) throw new Error(`nothing to click: ${selector} "${text}"`);
      const at = performance.now();
      target.click();
      return at;
    },
    { selector, text },
  );

interface Waterfall {
  start: number;
  end: number;
  name: string;
}

interface ListFigures {
  cold: number[];
  scripts: LoadedScript[];
  waterfall: Waterfall[];
}

async function coldVisits(browser: Browser, storage: Storage, url: string): Promise<ListFigures> {
  const cold: number[] = [];
  let scripts: LoadedScript[] = [];
  let waterfall: Waterfall[] = [];
  for (let i = 0; i < VISITS; i += 1) {
    const context = await browser.newContext({
      storageState: storage,
      viewport: { width: 1440, height: 900 },
    });
    try {
      const page = await context.newPage();
      const stop = recordScripts(page);
      await page.goto(url);
      cold.push(await nextVisibleRow(page));
      scripts = await stop();
      if (i === 0)
        waterfall = await page.evaluate(() =>
          performance.getEntriesByType('resource').map((e) => ({
            start: Math.round(e.startTime),
            end: Math.round((e as PerformanceResourceTiming).responseEnd),
            name: e.name.replace(location.origin, ''),
          })),
        );
    } finally {
      await context.close();
    }
  }
  return { cold, scripts, waterfall };
}

/** In one warm shell: click between two lists' menu entries, then back through the tabs. */
async function inAppVisits(
  browser: Browser,
  storage: Storage,
  url: string,
  here: string,
  there: string,
): Promise<{ menu: number[]; tab: number[] }> {
  const context = await browser.newContext({ storageState: storage, viewport: { width: 1440, height: 900 } });
  const menu: number[] = [];
  const tab: number[] = [];
  try {
    const page = await context.newPage();
    await page.goto(url);
    await nextVisibleRow(page);
    // The first visit of the other list is the one measured each time: close its tab after.
    for (let i = 0; i < VISITS; i += 1) {
      await markRows(page);
      const clicked = await clickText(page, '[role="menuitem"] .ant-menu-title-content', there);
      menu.push((await nextVisibleRow(page)) - clicked);
      // Back to the first list through its tab (kept alive): its rows are there at once.
      await markRows(page);
      await page.evaluate(() =>
        document
          .querySelectorAll<HTMLElement>('.ant-table-row')
          .forEach((row) => delete row.dataset.benchSeen),
      );
      const back = await clickText(page, '[data-testid="tab"]', here);
      const shown = await page.waitForFunction(
        () =>
          [...document.querySelectorAll<HTMLElement>('.ant-table-row')].some(
            (r) => r.offsetParent !== null,
          ) && performance.now(),
        null,
        { polling: 'raf' },
      );
      tab.push(Number(await shown.jsonValue()) - back);
      // Close the other list's tab so the next click opens it anew.
      // ...and wait for its page to be gone too, so the next opening is a new page, not the old one.
      const panes = await page.locator('.mf-page').count();
      await page.getByTestId('tab').filter({ hasText: there }).locator('.mf-tab-close').click();
      await page.waitForFunction((n) => document.querySelectorAll('.mf-page').length < n, panes);
    }
  } finally {
    await context.close();
  }
  return { menu, tab };
}

function printWaterfall(label: string, waterfall: Waterfall[]): void {
  console.log(`\n  waterfall, ${label} (ms from navigation: start → end):`);
  for (const w of waterfall)
    console.log(`    ${String(w.start).padStart(5)} → ${String(w.end).padStart(5)}  ${w.name.slice(0, 100)}`);
}

export async function firstRowsBench(): Promise<void> {
  await ensureBuild();
  const t = await startTestServer(
    'pglite',
    { staticDir: 'dist', rateLimitPerMinute: 0, seedFilingDemo: true },
    { filingWorkers: false },
  );
  const browser = await launchBrowser();
  try {
    const password = t.server.seed.filing!.password;
    const admin = await signedIn(browser, t, 'zhangwei', password);
    const reviewer = await signedIn(browser, t, 'lijing', password);
    const employees = await coldVisits(browser, admin, `${t.baseUrl}/system/employeeList`);
    const worklist = await coldVisits(browser, reviewer, `${t.baseUrl}/caseReview/reviewWorklist`);
    const inApp = await inAppVisits(
      browser,
      admin,
      `${t.baseUrl}/system/employeeList`,
      '员工管理',
      '角色管理',
    );
    console.log('\nfirst rows (filing demo, Chromium, production build):');
    figure(`cold → rows, employee list (median of ${VISITS})`, median(employees.cold), 'ms', 800, 'max');
    figure(`cold → rows, filing worklist (median of ${VISITS})`, median(worklist.cold), 'ms', 800, 'max');
    figure(`in-app menu click → rows (median of ${VISITS})`, median(inApp.menu), 'ms', 300, 'max');
    figure(`kept-alive tab click → rows (median of ${VISITS})`, median(inApp.tab), 'ms', 100, 'max');
    figure(
      `JS of the employee list, gzip (${employees.scripts.length} files)`,
      totalGzipKb(employees.scripts),
      'KB',
      280,
      'max',
    );
    figure(
      `JS of the filing worklist, gzip (${worklist.scripts.length} files)`,
      totalGzipKb(worklist.scripts),
      'KB',
      280,
      'max',
    );
    if (DETAIL) {
      const each = (xs: number[]) => xs.map((x) => Math.round(x)).join(', ');
      console.log(
        `  each: employee list ${each(employees.cold)}; worklist ${each(worklist.cold)}; in-app ${each(inApp.menu)}; tab ${each(inApp.tab)} ms`,
      );
      printWaterfall('employee list', employees.waterfall);
      printWaterfall('filing worklist', worklist.waterfall);
      console.log('\n  scripts of the employee list, largest first:');
      for (const s of [...employees.scripts].sort((a, b) => b.gzipBytes - a.gzipBytes))
        console.log(
          `    ${(s.gzipBytes / 1024).toFixed(1).padStart(7)} KB  ${new URL(s.url).pathname.replace(/^.*\//, '')}`,
        );
    }
  } finally {
    await browser.close();
    await t.close();
  }
}
