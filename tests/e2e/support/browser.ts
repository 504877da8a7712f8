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
 * Features playwright-core turns off itself (its chromiumSwitches): Chromium keeps only the last
 * --disable-features it is given, so ours repeats them.
 */
const PLAYWRIGHT_DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsUpgrades',
  'HttpsFirstBalancedModeAutoEnable',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'PreconnectToSearch',
];

/**
 * What a headless test browser never shows, and would otherwise build for every context: new headless
 * Chromium opens a real window per context, with its omnibox popup drawn by a WebUI renderer of its
 * own, and keeps a spare renderer forked in advance. Without them, four e2e files took 354 → 202
 * CPU-seconds (all processes) and 189 → 115 s.
 */
const UNSHOWN_FEATURES = [
  'PreloadTopChromeWebUI',
  'WebUIOmniboxPopup',
  'WebUIOmniboxAimPopup',
  'WebUIOmniboxFullPopup',
  'SpareRendererForSitePerProcess',
];

/** Speed-ups for a browser only tests drive (they do not change what a page does). */
export const CHROMIUM_TEST_ARGS = [
  `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...UNSHOWN_FEATURES].join(',')}`,
];

/**
 * What every test context starts from: a user in China — Chinese, China time (the server writes time
 * stamps in China time, server/http/date-time.ts; the machine's own zone is UTC) — and reduced motion,
 * so antd draws dialogs and menus in place instead of zooming them in (a click never lands on a button
 * still moving).
 */
export const CONTEXT_DEFAULTS = {
  locale: 'zh-CN',
  timezoneId: 'Asia/Shanghai',
  reducedMotion: 'reduce',
} as const;

let shared: Promise<Browser> | undefined;

/**
 * The test process's browser: e2e files share their worker (see vitest.config.ts), and each file used to
 * start and stop a Chromium of its own. Isolation is the context's (own cookies, storage, cache), so
 * one browser serves every file; a file closes the contexts it opened (closeOpenContexts). A browser
 * that went away is started again. It ends with the process (playwright-core stops it; Chromium also
 * stops when its pipe to the process closes).
 */
export function sharedBrowser(): Promise<Browser> {
  const current = shared;
  if (current) {
    return current.then((b) => {
      if (b.isConnected()) return b;
      shared = undefined;
      return sharedBrowser();
    });
  }
  const launched = launchBrowser();
  shared = launched;
  launched.catch(() => {
    if (shared === launched) shared = undefined;
  });
  return launched;
}

/** Closes every context still open in `browser` (a failed test's leftovers), so the next file starts clean. */
export async function closeOpenContexts(browser: Browser | undefined): Promise<void> {
  if (!browser?.isConnected()) return;
  await Promise.all(browser.contexts().map((c) => c.close().catch(() => undefined)));
}

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM_PATH}; install Debian's chromium package (no browser is downloaded).`,
    );
  }
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [
      ...CHROMIUM_ARGS,
      ...CHROMIUM_TEST_ARGS,
      ...(process.env.E2E_EXTRA_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
  });
}
