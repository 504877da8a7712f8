/** The built app (dist/) on the real test server, and signing in through its login page. */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { SCHEMAS_DIR } from '../../../schemas/catalogue.ts';

export const DIST_DIR = join(SCHEMAS_DIR, '..', 'dist');

/** The e2e tests drive the production build; say how to make it when it is missing. */
export function requireBuiltApp(): void {
  if (!existsSync(join(DIST_DIR, 'index.html'))) {
    throw new Error(
      `${join(DIST_DIR, 'index.html')} is missing: run \`npm run build\` before the e2e tests.`,
    );
  }
}

/** Fills and submits the login form; does not wait for the outcome. */
export async function submitLogin(page: Page, username: string, password: string): Promise<void> {
  await page.getByLabel(/用户名|使用者名稱|Username/).fill(username);
  await page.getByLabel(/^(密码|密碼|Password)$/).fill(password);
  await page.getByRole('button', { name: /^(登录|登入|Sign in)$/ }).click();
}

/** Opens /login, signs in and waits for the dashboard. */
export async function loginThroughUi(
  page: Page,
  baseUrl: string,
  username: string,
  password: string,
): Promise<void> {
  await page.goto(`${baseUrl}/login`);
  await submitLogin(page, username, password);
  await page.waitForURL(/\/dashboard$/);
  await page.getByTestId('dashboard').waitFor();
}
