/**
 * `npm run bench [section…]`: prints figures, asserts nothing. Sections: bundle, coldstart, throughput,
 * screens, filing, files, messages, tenants, worklist-page, first-rows, public (all by default). Every figure of issue 15's table is printed beside its goal
 * as a PASS/FAIL line: bundle (the three JS weights; `-- --detail` lists each route's scripts),
 * coldstart (existing and fresh data; START_TIMING=1 on the server prints each start phase) and
 * throughput (PostgreSQL and PGlite; the PostgreSQL goals are for 1M employees, which takes long to
 * seed: `-- --pg-rows 1000000`, 100k by default). On a shared machine the figures are noisy: compare
 * runs made under the same load.
 */
import { bundleSizes } from './bundle.ts';
import { coldStart } from './coldstart.ts';
import { throughput } from './throughput.ts';

const SECTIONS: Record<string, () => Promise<void>> = {
  bundle: bundleSizes,
  coldstart: coldStart,
  throughput,
};
SECTIONS.screens = (await import('./screens.ts')).screenBench;
SECTIONS.filing = (await import('./filing.ts')).filingBench;
SECTIONS.files = (await import('./files.ts')).filesBench;
SECTIONS.messages = (await import('./messages.ts')).messagesBench;
SECTIONS.tenants = (await import('./tenants.ts')).tenantsBench;
// The server's answer to a 10,000-row worklist page (issue 24).
SECTIONS['worklist-page'] = (await import('./worklist-page.ts')).worklistPageBench;
// Navigation → first rows of a list, cold and in-app, and the list pages' JS (issue 29).
SECTIONS['first-rows'] = (await import('./first-rows.ts')).firstRowsBench;
// The public page's weight and first list, then the server's keyword search.
const publicPage = (await import('./public-page.ts')).publicPageBench;
const publicServer = (await import('./public-server.ts')).publicServerBench;
SECTIONS.public = async () => {
  await publicPage();
  await publicServer();
};
// Section names: the words that are neither an option (--pg-rows) nor an option's value (1000000).
const args = process.argv.slice(2);
const wanted = args.filter((a, i) => !a.startsWith('-') && !args[i - 1]?.startsWith('--'));
for (const name of wanted.length ? wanted : Object.keys(SECTIONS)) {
  const run = SECTIONS[name];
  if (!run) {
    console.error(`unknown section ${name}; choose from ${Object.keys(SECTIONS).join(', ')}`);
    process.exit(2);
  }
  await run();
}
