/** What the shell's e2e files share: the side-menu pages they open, the tab strip, the settings drawer. */
import { expect } from 'vitest';
import type { Locator, Page } from 'playwright-core';

export interface MenuOut {
  name: string;
  alias: string;
  children: MenuOut[];
}

export const tabTitles = (page: Page) => page.getByTestId('tab').allTextContents();
export const tab = (page: Page, title: string) => page.getByTestId('tab').filter({ hasText: title });

/** Side-menu entries of 系统管理 (shown after sign-in) and the addresses they open. */
export const PAGES = {
  员工管理: /\/system\/employeeList$/,
  组织管理: /\/system\/orgTree$/,
  租户管理: /\/system\/tenantList$/,
  前端日志: /\/system\/frontLog$/,
} as const;

/** Opens pages from the side menu, one tab each, in this order. */
export async function openPages(page: Page, ...names: (keyof typeof PAGES)[]): Promise<void> {
  for (const name of names) {
    await page.getByTestId('side-menu').getByRole('menuitem', { name }).click();
    await page.waitForURL(PAGES[name]);
    await expect.poll(() => tab(page, name).getAttribute('aria-selected')).toBe('true');
  }
}

export async function openSettings(page: Page): Promise<Locator> {
  await page.getByTestId('settings-button').click();
  const drawer = page.getByTestId('settings-drawer');
  await drawer.waitFor();
  return drawer;
}

/** Closes by the drawer's close button: Escape reaches the drawer only once its opening has moved focus inside. */
export async function closeSettings(page: Page): Promise<void> {
  await page.locator('.mf-settings .ant-drawer-close').click();
  await page.getByTestId('settings-drawer').waitFor({ state: 'hidden' });
}

export async function turnOnTools(page: Page, ...tools: string[]): Promise<void> {
  await openSettings(page);
  for (const tool of tools) {
    // antd puts the test id on the checkbox input itself.
    const box = page.getByTestId(`tool-${tool}`);
    if (!(await box.isChecked())) await box.check();
  }
  await closeSettings(page);
}

export const token = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('mf.accessToken') ?? 'null') as string);
