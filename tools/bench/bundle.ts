/**
 * gzip JS the browser loads: /login on a fresh visit, then the shell plus the employee list screen
 * (dashboard and list loaded after signing in, counted on a cold cache as one page visit would).
 * Measured in Debian's Chromium against the real server serving the production build.
 */
import { existsSync } from 'node:fs';
import { launchBrowser } from '../../tests/e2e/support/browser.ts';
import { loginThroughUi } from '../../tests/e2e/support/app.ts';
import { recordScripts, totalGzipKb } from '../../tests/e2e/support/scripts.ts';
import { startTestServer } from '../../tests/support/server.ts';

export async function bundleSizes(): Promise<void> {
  if (!existsSync('dist/index.html')) throw new Error('run `npm run build` first');
  const t = await startTestServer('pglite', { staticDir: 'dist' });
  const browser = await launchBrowser();
  try {
    const fresh = await browser.newContext();
    const login = await fresh.newPage();
    const stopLogin = recordScripts(login);
    await login.goto(`${t.baseUrl}/login`, { waitUntil: 'networkidle' });
    const loginScripts = await stopLogin();
    await loginThroughUi(login, t.baseUrl, 'admin', t.adminPassword);
    // A cold load of the list page with a session: shell + list screen, nothing cached.
    const storage = await fresh.storageState();
    const cold = await browser.newContext({ storageState: storage });
    const list = await cold.newPage();
    const stopList = recordScripts(list);
    await list.goto(`${t.baseUrl}/employeeList`, { waitUntil: 'networkidle' });
    await list.locator('.ant-table-row').first().waitFor();
    const listScripts = await stopList();
    console.log('\ngzip JS loaded by the browser (level 9):');
    console.log(`  /login                          ${totalGzipKb(loginScripts)} KB in ${loginScripts.length} files  (target ≤ 150 KB)`);
    console.log(`  /employeeList (shell + list)    ${totalGzipKb(listScripts)} KB in ${listScripts.length} files  (target ≤ 350 KB)`);
  } finally {
    await browser.close();
    await t.close();
  }
}
