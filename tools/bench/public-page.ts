/**
 * `npm run bench public`, the page's figures (issue 13): the gzip JS /publicityIndex loads on a cold
 * cache, and the time from navigation to the first list rendered, with 10,000 published rows in the
 * database (the generated public dataset topped up with copies), in Debian's Chromium against the real
 * server serving the production build. The median of five cold visits is the figure.
 */
import { newId } from '../../server/auth/tokens.ts';
import { chinaDate } from '../../server/modules/filing/dates.ts';
import { markPublicDatasetPending, seedPendingPublicDataset } from '../../server/seed/filing/public.ts';
import { launchBrowser } from '../../tests/e2e/support/browser.ts';
import { recordScripts, totalGzipKb, type LoadedScript } from '../../tests/e2e/support/scripts.ts';
import { startTestServer, type TestServer } from '../../tests/support/server.ts';
import { ensureBuild } from './ensure-build.ts';
import { figure } from './goals.ts';

const ROWS = 10_000;
const VISITS = 5;
const FIRST_ROW = 'table.pub-table tbody tr:not(.pub-group)';

/** The generated dataset (about 7,800 rows), then copies of its clearances up to `ROWS` publications. */
async function fillPublications(t: TestServer): Promise<number> {
  const db = t.server.database.db;
  await markPublicDatasetPending(db);
  await seedPendingPublicDataset(db, chinaDate(new Date()));
  const count = async () =>
    Number(
      (
        await db
          .selectFrom('filing.publication')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  let have = await count();
  const source = (await db
    .selectFrom('filing.publication')
    .selectAll()
    .where('kind', '=', 'CLEARANCE')
    .limit(ROWS)
    .execute()) as Record<string, unknown>[];
  for (let i = 0; have < ROWS && source.length > 0; i += 500) {
    const chunk = Array.from({ length: Math.min(500, ROWS - have) }, (_, k) => {
      // search_text and search_bigrams are generated from title and parties.
      const { search_text: _text, search_bigrams: _bigrams, ...row } = source[(i + k) % source.length];
      return { ...row, id: newId(), case_id: null, title: `${String(row.title)}（续）` };
    });
    await db
      .insertInto('filing.publication')
      .values(chunk as never)
      .execute();
    have += chunk.length;
  }
  return count();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export async function publicPageBench(): Promise<void> {
  await ensureBuild();
  const t = await startTestServer(
    'pglite',
    { staticDir: 'dist', rateLimitPerMinute: 0 },
    { filingWorkers: false },
  );
  const browser = await launchBrowser();
  try {
    const rows = await fillPublications(t);
    const times: number[] = [];
    let scripts: LoadedScript[] = [];
    for (let i = 0; i < VISITS; i += 1) {
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const page = await context.newPage();
        const stop = recordScripts(page);
        await page.goto(`${t.baseUrl}/publicityIndex`);
        // performance.now() counts from the navigation's start; polled every frame.
        const at = await page.waitForFunction(
          (sel) => document.querySelector(sel) && performance.now(),
          FIRST_ROW,
          {
            polling: 'raf',
          },
        );
        times.push(Number(await at.jsonValue()));
        await page.waitForLoadState('networkidle');
        scripts = await stop();
      } finally {
        await context.close();
      }
    }
    console.log(`\npublic page (/publicityIndex, ${rows.toLocaleString('en')} publications, cold cache):`);
    figure(`JS of /publicityIndex, gzip (${scripts.length} files)`, totalGzipKb(scripts), 'KB', 100, 'max');
    figure(`navigation to first list (median of ${VISITS})`, median(times), 'ms', 800, 'max');
    if (process.argv.includes('--detail'))
      console.log(`  each visit: ${times.map((x) => Math.round(x)).join(', ')} ms`);
  } finally {
    await browser.close();
    await t.close();
  }
}
