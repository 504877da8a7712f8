/**
 * One e2e file = one suite: the real server over a fresh database (see E2E_DB) serving a copy of the
 * production build, and Debian's Chromium, both started once in beforeAll. Every test then opens its
 * own browser context (own storage and cookies), signs in and makes its own data, so a slow or failing
 * test never takes the next ones down with it. Contexts a test opened are closed after it; a failing
 * test leaves a screenshot in $E2E_SHOTS when that is set; a passing one fails if any of its pages met a
 * Content Security Policy refusal (allowCspViolations() for the test that provokes one), or if a page it
 * leaves open shows a raw code or a locale key (support/raw-text.ts; allowRawText() where a test shows one
 * on purpose).
 */
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { REFRESH_COOKIE } from '../../../server/auth/refresh-cookie.ts';
import type { ServerConfig } from '../../../server/config.ts';
import { startTestServer, type DbKind, type TestServer } from '../../support/server.ts';
import { CONTEXT_DEFAULTS, closeOpenContexts, sharedBrowser } from './browser.ts';
import { DIST_DIR, requireBuiltApp } from './app.ts';
import { rawTextOn } from './raw-text.ts';
import { recordCaptchas } from './session.ts';

export interface E2eSuite {
  readonly server: TestServer;
  readonly browser: Browser;
  /** A fresh context and page, not signed in; closed after the test. */
  newPage(options?: BrowserContextOptions): Promise<{ context: BrowserContext; page: Page }>;
  /**
   * Every page of every test is watched for Content Security Policy refusals, and a test that passes with
   * one fails after it; a test that provokes one on purpose says so first.
   */
  allowCspViolations(): void;
  /** This test's pages may show raw codes or locale keys (a test of what a missing translation shows). */
  allowRawText(): void;
  /** A fresh context signed in (admin by default), on the dashboard. */
  signedIn(
    username?: string,
    password?: string,
    options?: BrowserContextOptions,
  ): Promise<{ context: BrowserContext; page: Page }>;
}

type StoredCookie =
  NonNullable<BrowserContextOptions['storageState']> extends infer S
    ? S extends { cookies: (infer C)[] }
      ? C
      : never
    : never;

/** The cookies a server answer sets, as a browser context's storage holds them. */
function cookiesOf(res: Response, base: string): StoredCookie[] {
  const domain = new URL(base).hostname;
  return res.headers.getSetCookie().map((line) => {
    const [pair, ...attributes] = line.split(';').map((part) => part.trim());
    const eq = pair.indexOf('=');
    const attribute = (name: string) =>
      attributes.find((a) => a.toLowerCase().startsWith(`${name.toLowerCase()}=`))?.split('=')[1];
    const maxAge = attribute('Max-Age');
    const sameSite = attribute('SameSite');
    return {
      name: pair.slice(0, eq),
      value: pair.slice(eq + 1),
      domain,
      path: attribute('Path') ?? '/',
      expires: maxAge === undefined ? -1 : Math.floor(Date.now() / 1000) + Number(maxAge),
      httpOnly: attributes.some((a) => a.toLowerCase() === 'httponly'),
      secure: attributes.some((a) => a.toLowerCase() === 'secure'),
      sameSite: sameSite === 'Strict' || sameSite === 'None' ? sameSite : 'Lax',
    };
  });
}

/**
 * A password sign-in through the API: the access token the login page would have stored, and the
 * cookies the answer set — the refresh token is an HttpOnly cookie on the refresh path, which no page
 * script reads, so a signed-in context carries it in its cookie jar.
 */
async function apiSignIn(
  t: TestServer,
  username: string,
  password: string,
): Promise<{ access_token: string; uid?: string; cookies: StoredCookie[] }> {
  const res = await fetch(`${t.api}/authentication/apply`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grant_type: 'password_credentials', username, password }),
  });
  const body = (await res.json()) as { state: number; data: { access_token: string; uid?: string } };
  if (body.state !== 200) throw new Error(`sign-in of ${username} failed: ${JSON.stringify(body)}`);
  const cookies = cookiesOf(res, t.baseUrl);
  if (!cookies.some((c) => c.name === REFRESH_COOKIE))
    throw new Error(`sign-in of ${username} set no refresh cookie`);
  return { access_token: body.data.access_token, uid: body.data.uid, cookies };
}

/**
 * The database e2e servers run on: the local PostgreSQL server, whose work runs beside the test
 * (PGlite would run inside the test's own process, on the same core as the server and the test:
 * a third more CPU for the same file). The walking skeleton keeps the embedded PGlite `npm start`
 * uses; E2E_DB=pglite runs every file on it.
 */
export const E2E_DB: DbKind = process.env.E2E_DB === 'pglite' ? 'pglite' : 'postgres';

let uniqueCounter = 0;
/** A name no other test of the run uses (for data a test creates). */
export function unique(prefix: string): string {
  uniqueCounter += 1;
  return `${prefix}${Date.now().toString(36).slice(-4)}${uniqueCounter}`;
}

/** Registers the suite's hooks; call it at the top of a describe. */
export function useE2eSuite(overrides: Partial<ServerConfig> = {}, options: { db?: DbKind } = {}): E2eSuite {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  let appDir: string | undefined;
  let opened: { context: BrowserContext; page: Page }[] = [];
  // Chromium's console line for each CSP refusal, from every context the test opened.
  let cspRefusals: string[] = [];
  let cspAllowed = false;
  let rawTextAllowed = false;

  beforeAll(async () => {
    requireBuiltApp();
    // A copy of the build: a rebuild of dist/ during the run must not pull chunks from under the pages.
    appDir = mkdtempSync(join(tmpdir(), 'mf-e2e-app-'));
    cpSync(DIST_DIR, appDir, { recursive: true });
    server = await startTestServer(options.db ?? E2E_DB, {
      staticDir: appDir,
      rateLimitPerMinute: 0,
      ...overrides,
    });
    browser = await sharedBrowser();
  });

  afterEach(async (ctx) => {
    const pages = opened;
    opened = [];
    const refusals = cspRefusals;
    cspRefusals = [];
    const allowed = cspAllowed;
    cspAllowed = false;
    const rawAllowed = rawTextAllowed;
    rawTextAllowed = false;
    const passed = ctx.task.result?.state !== 'fail';
    const raw =
      passed && !rawAllowed ? (await Promise.all(pages.map(({ page }) => rawTextOn(page)))).flat() : [];
    if (ctx.task.result?.state === 'fail' && process.env.E2E_SHOTS) {
      for (const [i, { page }] of pages.entries()) {
        const name = `${ctx.task.name.slice(0, 40)}-${i}.png`.replace(/[/\\]/g, '_');
        await page.screenshot({ path: join(process.env.E2E_SHOTS, name) }).catch(() => undefined);
      }
    }
    await Promise.all(pages.map(({ context }) => context.close().catch(() => undefined)));
    if (refusals.length && !allowed && passed)
      throw new Error(`the page's Content Security Policy refused:\n${refusals.join('\n')}`);
    if (raw.length) throw new Error(`a page shows raw codes or locale keys:\n${raw.join('\n')}`);
  });

  afterAll(async () => {
    await closeOpenContexts(browser);
    await server?.close();
    if (appDir) rmSync(appDir, { recursive: true, force: true });
  });

  const suite: E2eSuite = {
    get server() {
      if (!server) throw new Error('the e2e server is not started (beforeAll failed?)');
      return server;
    },
    get browser() {
      if (!browser) throw new Error('the browser is not launched (beforeAll failed?)');
      return browser;
    },
    allowCspViolations() {
      cspAllowed = true;
    },
    allowRawText() {
      rawTextAllowed = true;
    },
    async newPage(options = {}) {
      const context = await suite.browser.newContext({ ...CONTEXT_DEFAULTS, ...options });
      context.on('console', (message) => {
        if (/Content Security Policy/i.test(message.text())) cspRefusals.push(message.text());
      });
      // The app exposes its api client to tests (window.__mfApi) when this flag is set.
      await context.addInitScript(() => {
        (window as { __MF_E2E__?: boolean }).__MF_E2E__ = true;
      });
      const page = await context.newPage();
      recordCaptchas(page);
      opened.push({ context, page });
      return { context, page };
    },
    async signedIn(username = 'admin', password, options = {}) {
      // Signed in through the API (the login page has tests of its own): the access token is in the new
      // context's storage and the refresh token in its cookies, as the login page leaves them, and the
      // app starts on /dashboard.
      const base = suite.server.baseUrl;
      const token = await apiSignIn(suite.server, username, password ?? suite.server.adminPassword);
      // Not through storageState: for local storage playwright opens and navigates a page of its own in
      // every new context (0.6 s of browser work per sign-in). The init script writes the tokens before
      // the app's first script runs, once per context (a marker keeps a later sign-out signed out).
      const opened = await suite.newPage(options);
      await opened.context.addCookies(token.cookies);
      await opened.context.addInitScript(
        (entries: [string, string][]) => {
          if (localStorage.getItem('mf.e2e.seeded')) return;
          for (const [name, value] of entries) localStorage.setItem(name, value);
          localStorage.setItem('mf.e2e.seeded', '1');
        },
        [
          ['mf.accessToken', JSON.stringify(token.access_token)],
          ['mf.refreshable', 'true'],
          ['mf.uid', JSON.stringify(token.uid ?? null)],
        ] as [string, string][],
      );
      await opened.page.goto(`${base}/dashboard`);
      await opened.page.getByTestId('dashboard').waitFor();
      return opened;
    },
  };
  return suite;
}

/**
 * Resolves when no finite CSS animation or transition runs (antd's opening and hover motions), so a
 * check that reads colours or layout sees the final state. Spinners (infinite) do not count.
 */
export async function animationsDone(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
  );
}
