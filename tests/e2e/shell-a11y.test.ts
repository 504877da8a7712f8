/**
 * Accessibility of the shell (issue 5 §10): axe-core on the login page, the dashboard, a list screen
 * and the open settings drawer, with no serious or critical violation; and the shell worked by
 * keyboard alone (skip link, header menu, side menu, tabs, drawer) with a visible focus ring. Each
 * test on its own browser context. Run `npm run build` first.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { animationsDone, useE2eSuite } from './support/suite.ts';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

async function axe(page: Page, label: string): Promise<AxeViolation[]> {
  // Evaluated through the browser's debugger: the page's CSP allows no inline script tag.
  await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async () => {
    const result = await (
      window as unknown as {
        axe: { run: (ctx: Document, opts: object) => Promise<{ violations: AxeViolation[] }> };
      }
    ).axe.run(document, {
      resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      nodes: v.nodes.map((n) => ({ target: n.target })),
    }));
  });
  const summary = violations.map(
    (v) =>
      `${v.impact ?? '?'} ${v.id} (${v.nodes.length}): ${v.help} — ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(', ')}`,
  );
  console.log(
    `axe ${label}: ${violations.length} violation(s)${summary.length ? `\n  ${summary.join('\n  ')}` : ''}`,
  );
  return violations;
}

const serious = (violations: AxeViolation[]) =>
  violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

describe('shell accessibility', () => {
  const suite = useE2eSuite();
  const viewport = { width: 1400, height: 900 };
  const signIn = async () => (await suite.signedIn('admin', undefined, { viewport })).page;

  it('has no serious or critical violation on the login page', async () => {
    const { page } = await suite.newPage({ viewport });
    await page.goto(`${suite.server.baseUrl}/login`);
    await page.getByRole('button', { name: '登录' }).waitFor();
    expect(serious(await axe(page, '/login'))).toEqual([]);
  });

  it('has none on the dashboard', async () => {
    const page = await signIn();
    await page.getByTestId('side-menu').waitFor();
    expect(serious(await axe(page, '/dashboard'))).toEqual([]);
  });

  it('has none on a list screen', async () => {
    const page = await signIn();
    await page.getByTestId('side-menu').getByRole('menuitem', { name: '员工管理' }).click();
    await page.locator('.ant-table-row').first().waitFor();
    await page.mouse.move(0, 0);
    await animationsDone(page); // antd's button and tag transitions
    expect(serious(await axe(page, '/system/employeeList'))).toEqual([]);
  });

  it('has none with the settings drawer open', async () => {
    const page = await signIn();
    await page.getByTestId('settings-button').click();
    await page.getByTestId('settings-drawer').waitFor();
    await animationsDone(page); // the opening animation
    expect(serious(await axe(page, 'settings drawer'))).toEqual([]);
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-drawer').waitFor({ state: 'hidden' });
  });

  it('works by keyboard alone, with a visible focus ring', async () => {
    const page = await signIn();
    // A fresh load: focus starts at the top of the document.
    await page.goto(`${suite.server.baseUrl}/dashboard`);
    await page.getByTestId('dashboard').waitFor();
    const focused = () =>
      page.evaluate(() => {
        const el = document.activeElement as HTMLElement | null;
        const style = el ? getComputedStyle(el) : null;
        return {
          text: el?.textContent?.trim() ?? '',
          role: el?.getAttribute('role') ?? el?.tagName.toLowerCase() ?? '',
          outline: style ? style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0 : false,
        };
      });
    // The first stop is the skip link to the main content.
    await page.keyboard.press('Tab');
    await expect.poll(focused).toMatchObject({ text: '跳到主要内容', outline: true });

    // Header menu: arrows move between top-level entries, Enter chooses one.
    const headerItem = page.getByTestId('header-menu').getByRole('menuitem').first();
    await headerItem.focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(focused).toMatchObject({ text: '办公桌面', role: 'menuitem', outline: true });
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Enter');

    // Side menu: antd's menu takes the arrows and Enter; choosing opens the page and its tab.
    await page.getByTestId('side-menu').getByRole('menuitem', { name: '员工管理' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/system\/employeeList$/);
    await page.getByTestId('side-menu').getByRole('menuitem', { name: '组织管理' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/system\/orgTree$/);

    // Tabs: the current tab is the strip's tab stop; arrows move, Enter opens, Delete closes.
    await page.getByTestId('tab').filter({ hasText: '组织管理' }).focus();
    await expect.poll(focused).toMatchObject({ role: 'tab', outline: true });
    await page.keyboard.press('ArrowLeft');
    await expect.poll(async () => (await focused()).text).toBe('员工管理');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/system\/employeeList$/);
    await page.getByTestId('tab').filter({ hasText: '组织管理' }).focus();
    await page.keyboard.press('Delete');
    await expect.poll(() => page.getByTestId('tab').allTextContents()).toEqual(['首页', '员工管理']);

    // The settings drawer opens from its button and closes with Escape; focus returns to the page.
    await page.getByTestId('settings-button').focus();
    await page.keyboard.press('Enter');
    await page.getByTestId('settings-drawer').waitFor();
    await page.keyboard.press('Tab');
    expect((await focused()).outline).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('settings-drawer').waitFor({ state: 'hidden' });

    // The user menu opens with Enter and its entries are reachable with the arrows.
    await page.getByTestId('user-menu').focus();
    await page.keyboard.press('Enter');
    const userMenu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) .ant-dropdown-menu');
    await userMenu.waitFor();
    expect(await userMenu.getByRole('menuitem').allTextContents()).toEqual([
      '修改手机号',
      '修改密码',
      '切换租户（当前：演示企业集团）',
      '退出登录',
    ]);
    await page.keyboard.press('Escape');
  });
});
