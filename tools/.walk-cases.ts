// Temporary deeper walk (not committed): open cases as reviewer and filer, every tab scanned.
import { chromium, type Page } from 'playwright-core';
import { rawTextOn } from '../tests/e2e/support/raw-text.ts';
const BASE = process.env.BASE ?? 'http://127.0.0.1:3999';
const PW = 'Demo#2026walk';
const plan: [string, string, string, number][] = [
  ['lijing', '/caseReview/reviewHandled', '查看', 3],
  ['lijing', '/caseReview/reviewPending', '查看', 2],
  ['wangjun', '/caseReview/reviewPending', '查看', 2],
  ['zhangwei', '/filing/filingCaseList', '打开', 3],
  ['chengang', '/filing/filingCaseList', '打开', 2],
];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
async function settle(page: Page) {
  await page.waitForTimeout(400);
  await page.waitForFunction(() => !document.querySelector('.ant-spin-spinning'), undefined, { timeout: 20000 }).catch(() => console.log('    (still spinning)'));
}
for (const [account, path, open, cases] of plan) {
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log(`  [${account}] pageerror`, e.message));
  await page.goto(`${BASE}/login`);
  await page.getByRole('textbox', { name: '用户名' }).fill(account);
  await page.getByRole('textbox', { name: '密码' }).fill(PW);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(/dashboard/, { timeout: 20000 });
  for (let i = 0; i < cases; i++) {
    await page.goto(`${BASE}${path}`);
    await page.locator('.ant-table-row').first().waitFor({ timeout: 20000 }).catch(() => undefined);
    await settle(page);
    const buttons = page.locator('.ant-table-row').getByText(open, { exact: true });
    const n = await buttons.count();
    if (n <= i) { console.log(`== ${account} ${path}: only ${n} rows`); break; }
    await buttons.nth(i).click();
    await page.getByTestId('detail-screen').first().waitFor({ timeout: 20000 }).catch(() => undefined);
    await settle(page);
    const title = (await page.locator('.ant-descriptions').first().innerText().catch(() => '')).split('\n').slice(0, 4).join(' ');
    console.log(`== ${account} case ${i}: ${title}`);
    const tabs = page.getByRole('tab');
    const tabCount = await tabs.count();
    for (let k = 0; k < tabCount; k++) {
      const name = await tabs.nth(k).innerText();
      await tabs.nth(k).click();
      await settle(page);
      const raw = await rawTextOn(page);
      const actions = await page.locator('[data-testid="detail-screen"] .ant-btn').allInnerTexts();
      if (raw.length) console.log(`  tab ${name}: RAW ${raw.slice(0, 5).join(' | ')}`);
      await page.screenshot({ path: `/tmp/walk/case-${account}-${i}-${k}.png` });
      if (k === 0) console.log(`  buttons: ${[...new Set(actions.map((a) => a.trim()).filter(Boolean))].join(' ')}`);
    }
    const alerts = await page.locator('.ant-alert').allInnerTexts();
    if (alerts.length) console.log(`  alerts: ${alerts.join(' / ')}`);
  }
  await context.close();
}
await browser.close();
