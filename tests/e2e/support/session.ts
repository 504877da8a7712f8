/**
 * Helpers of the session-*.test.ts suites: a browser page on the real server, captcha answers and
 * SMS codes read where only tests look (the database), and the stored tokens.
 */
import { expect } from 'vitest';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { dropCachedSessions } from '../../../server/auth/session-cache.ts';
import { REFRESH_COOKIE } from '../../../server/auth/refresh-cookie.ts';
import { hashToken } from '../../../server/auth/tokens.ts';
import type { TestServer } from '../../support/server.ts';
import { CONTEXT_DEFAULTS } from './browser.ts';

export const db = (t: TestServer) => t.server.database.db;

/** The request id of each captcha image a page received (user/captcha answers, keyed by image). */
const captchaImages = new WeakMap<Page, Map<string, string>>();

/** Notes every captcha the page receives, so that a test can tell which one an image shows. */
export function recordCaptchas(page: Page): void {
  const seen = new Map<string, string>();
  captchaImages.set(page, seen);
  page.on('response', (response) => {
    if (!new URL(response.url()).pathname.endsWith('/user/captcha')) return;
    response
      .json()
      .then((body: { data?: { image?: string; variables?: { requestId?: string } } }) => {
        if (body.data?.image && body.data.variables?.requestId)
          seen.set(body.data.image, body.data.variables.requestId);
      })
      .catch(() => undefined);
  });
}

/** A fresh browser context (its own storage and cookies); the app's api is reachable for tests. */
export async function newPage(browser: Browser): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(CONTEXT_DEFAULTS);
  await context.addInitScript(() => {
    (window as { __MF_E2E__?: boolean }).__MF_E2E__ = true;
  });
  const page = await context.newPage();
  recordCaptchas(page);
  return { context, page };
}

/**
 * The captcha the image `img` shows (it must be visible): its request id, read from the response
 * that brought the image, and its answer from the database.
 */
export async function shownCaptcha(
  page: Page,
  t: TestServer,
  img: Locator,
): Promise<{ requestId: string; answer: string }> {
  const seen = captchaImages.get(page);
  if (!seen) throw new Error('recordCaptchas(page) was not called when the page was opened');
  let requestId: string | undefined;
  await expect
    .poll(async () => {
      requestId = seen.get((await img.getAttribute('src')) ?? '');
      return requestId;
    })
    .toBeDefined();
  const row = await db(t)
    .selectFrom('platform.captcha')
    .select(['id', 'answer'])
    .where('id', '=', requestId!)
    .executeTakeFirstOrThrow();
  return { requestId: row.id, answer: row.answer };
}

/** Waits for the captcha dialog's image, then types the right answer (or `answer`) and confirms. */
export async function solveCaptchaDialog(page: Page, t: TestServer, answer?: string): Promise<void> {
  const dialog = page.getByRole('dialog');
  const image = dialog.getByTestId('captcha-image');
  await image.waitFor();
  const right = (await shownCaptcha(page, t, image)).answer;
  await dialog.getByLabel(/图形验证码|圖形驗證碼|Image code/).fill(answer ?? right);
  await dialog.getByRole('button', { name: /^(确定|確定|OK)$/ }).click();
}

/** The code in the newest outbox message to a mobile. */
export async function lastSmsCode(t: TestServer, mobile: string): Promise<string> {
  const row = await db(t)
    .selectFrom('platform.sms_outbox')
    .select('content')
    .where('mobile', '=', mobile)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  return /\d{6}/.exec(row.content)![0];
}

/**
 * What the browser holds of the session: the access token the page stored, and the refresh token — the
 * HttpOnly cookie, read through the browser context (no page script can) — while the server would still
 * take it: a cookie whose login has ended (a password change, a login elsewhere) is of no use to anyone.
 */
export async function storedTokens(
  page: Page,
  t: TestServer,
): Promise<{ access: string | null; refresh: string | null }> {
  const access = await page.evaluate(() => {
    const raw = localStorage.getItem('mf.accessToken');
    return raw ? (JSON.parse(raw) as string | null) : null;
  });
  const cookie = (await page.context().cookies()).find((c) => c.name === REFRESH_COOKIE)?.value || null;
  return { access, refresh: cookie && (await refreshTokenAlive(t, cookie)) ? cookie : null };
}

/** Whether a refresh token would still be taken: unused, unexpired, its login not ended. */
export async function refreshTokenAlive(t: TestServer, refreshToken: string): Promise<boolean> {
  const row = await db(t)
    .selectFrom('platform.refresh_token as r')
    .innerJoin('platform.session_family as f', 'f.id', 'r.family_id')
    .select(['r.used_at', 'r.expires_at', 'f.revoked_at'])
    .where('r.token_hash', '=', hashToken(refreshToken))
    .executeTakeFirst();
  return Boolean(row && !row.used_at && !row.revoked_at && new Date(row.expires_at).getTime() > Date.now());
}

/** Makes the session of an access token expire now, as if its 30 minutes had passed. */
export async function expireAccessToken(t: TestServer, accessToken: string): Promise<void> {
  await db(t)
    .updateTable('platform.session')
    .set({ expires_at: new Date(Date.now() - 1000) })
    .where('token_hash', '=', hashToken(accessToken))
    .execute();
  // Direct SQL bypasses the app: drop the cached session as an invalidation would.
  dropCachedSessions(db(t));
}

/**
 * Token calls the page sends from now on, counted on the wire. Once signed in, the only calls to
 * authentication/apply are refreshes (the body is a stream the browser does not show, so the
 * refresh_token table confirms them: see usedRefreshTokens).
 */
export function countRefreshes(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/authentication/apply'))
      count += 1;
  });
  return () => count;
}

/** Refresh tokens the server has taken in exchange so far (each is single use). */
export async function usedRefreshTokens(t: TestServer): Promise<number> {
  const rows = await db(t)
    .selectFrom('platform.refresh_token')
    .select('token_hash')
    .where('used_at', 'is not', null)
    .execute();
  return rows.length;
}
