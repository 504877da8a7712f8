/**
 * Debian's Chromium, driven by playwright-core. Never downloads a browser: if /usr/bin/chromium is
 * missing the test says so.
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * What every test context starts from: Chinese, and reduced motion, so antd draws dialogs and menus
 * in place instead of zooming them in (a click never lands on a button still moving).
 */
export const CONTEXT_DEFAULTS = { locale: 'zh-CN', reducedMotion: 'reduce' } as const;

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}; install Debian's chromium package (no browser is downloaded).`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS, ...(process.env.E2E_EXTRA_ARGS?.split(' ').filter(Boolean) ?? [])],
  });
}
