// Temporary walk (not committed): every demo role, every menu page, raw text scan + screenshot.
import { chromium } from 'playwright-core';
import { rawTextOn } from '../tests/e2e/support/raw-text.ts';
const BASE = process.env.BASE ?? 'http://127.0.0.1:3999';
const API = `${BASE}/api`;
const accounts = (process.env.ACCOUNTS ?? 'lijing,wangjun,huangyong,zhenghong,heping,zhangwei,liuna,chengang,tanglu').split(',');
const PW = process.env.PW ?? 'Demo#2026walk';
interface Node { alias: string; name: string; screen: string | null; children: Node[] }
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
for (const account of accounts) {
  const password = account === 'admin' ? process.env.ADMIN_PW! : PW;
  const res = await fetch(`${API}/authentication/apply`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ grant_type: 'password_credentials', username: account, password }) });
  const body = await res.json() as any;
  if (body.state !== 200) { console.log(account, 'sign-in failed', JSON.stringify(body)); continue; }
  const token = body.data.access_token;
  const menu = await (await fetch(`${API}/auth/resources/getMenuData`, { headers: { authorization: `Bearer ${token}` } })).json() as any;
  const leaves: { path: string; name: string }[] = [];
  const walk = (nodes: Node[], prefix: string) => { for (const n of nodes) { const p = `${prefix}/${n.alias}`; if (n.children?.length) walk(n.children, p); else if (n.screen) leaves.push({ path: p, name: n.name }); } };
  walk(menu.data ?? [], '');
  const context = await browser.newContext({ locale: 'zh-CN', viewport: { width: 1400, height: 900 } });
  const page = await context.newPage();
  page.on('pageerror', (e) => console.log(`  [${account}] pageerror`, e.message));
  await page.goto(`${BASE}/login`);
  await page.getByRole('textbox', { name: '用户名' }).fill(account);
  await page.getByRole('textbox', { name: '密码' }).fill(password);
  await page.getByRole('button', { name: '登录' }).click();
  await page.waitForURL(/dashboard/, { timeout: 20000 }).catch(() => console.log(`  [${account}] no dashboard: ${page.url()}`));
  await page.waitForTimeout(1500);
  console.log(`== ${account}: ${leaves.length} pages`);
  const dash = await rawTextOn(page);
  if (dash.length) console.log(`  dashboard RAW:`, dash.slice(0, 8));
  await page.screenshot({ path: `/tmp/walk/${account}-dashboard.png` });
  for (const leaf of leaves) {
    await page.goto(`${BASE}${leaf.path}`);
    await page.waitForLoadState('load');
    await page.waitForTimeout(1200);
    const raw = await rawTextOn(page);
    const notFound = await page.getByText('抱歉，您访问的页面不存在').count();
    const errs = await page.locator('.ant-alert-warning, .ant-result-error, .ant-result-403').count();
    console.log(`  ${leaf.path} ${notFound ? 'NOT FOUND ' : ''}${errs ? 'ALERT ' : ''}${raw.length ? 'RAW: ' + raw.slice(0, 6).join(' | ') : ''}`);
    await page.screenshot({ path: `/tmp/walk/${account}${leaf.path.replaceAll('/', '_')}.png` });
  }
  await context.close();
}
await browser.close();
