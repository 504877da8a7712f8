/**
 * The people administration pages of the 系统管理 menu in Chromium (issue 11): as admin, 角色管理 is
 * opened from the side menu; a role with a bad alias is refused in the form with the alias rule's
 * translated message (and nothing is stored), then added; it is found by its alias, disabled and
 * removed, each step checked against the server. Each test signs in on its own context and works on
 * data of its own (unique names). Run `npm run build` first.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { call, loginAsAdmin } from '../support/server.ts';
import { unique, useE2eSuite } from './support/suite.ts';

describe('people administration pages', () => {
  const suite = useE2eSuite();
  let token: string;

  beforeAll(async () => {
    token = await loginAsAdmin(suite.server);
  });

  /** The server's roles whose alias contains `alias`. */
  async function rolesLike(alias: string): Promise<Record<string, unknown>[]> {
    const res = await call(suite.server, 'POST', '/role/query', {
      token,
      body: { parameters: [{ key: 'alias', value: alias }], requestPage: { pageNo: 1, limit: 20 } },
    });
    expect(res.body.state).toBe(200);
    return res.body.data.dataResult as Record<string, unknown>[];
  }

  const dialog = (page: Page) => page.getByRole('dialog').filter({ has: page.locator('#root_name') });
  const rowOf = (page: Page, text: string) => page.locator('tr.ant-table-row', { hasText: text });

  async function confirmModal(page: Page) {
    await page
      .locator('.ant-modal-confirm')
      .getByRole('button', { name: /确\s*定|OK/ })
      .click();
  }

  it('roles: opened from the menu, a bad alias refused, a role added, found, disabled and removed', async () => {
    const { page } = await suite.signedIn();
    await page.getByRole('menuitem', { name: '角色管理' }).click();
    await page.getByRole('button', { name: /新\s*增/ }).waitFor();

    const alias = unique('e2eRole');
    const name = `角色${alias}`;
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await dialog(page).locator('#root_name').fill(name);
    await dialog(page).locator('#root_alias').fill('9bad-alias');
    await dialog(page).getByRole('button', { name: /保\s*存/ }).click();
    await dialog(page).getByText('须以字母开头，由2到40位字母、数字或下划线组成').waitFor();
    expect(await rolesLike('bad-alias')).toEqual([]);

    await dialog(page).locator('#root_alias').fill(alias);
    await dialog(page).getByRole('button', { name: /保\s*存/ }).click();
    await dialog(page).waitFor({ state: 'hidden' });
    await expect.poll(async () => (await rolesLike(alias)).map((r) => [r.name, r.enabled])).toEqual([
      [name, true],
    ]);

    // Found by its alias through the search form.
    await page.getByRole('search').getByLabel('别名').fill(alias);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    await expect.poll(() => page.locator('tr.ant-table-row').count()).toBe(1);
    const row = rowOf(page, alias);
    await row.getByText(name).waitFor();

    // Disabled from its row (asked first); the row then offers 启用.
    await row.getByRole('button', { name: /禁\s*用/ }).click();
    await confirmModal(page);
    await row.getByRole('button', { name: /启\s*用/ }).waitFor();
    expect((await rolesLike(alias))[0]?.enabled).toBe(false);

    // Removed through the toolbar, with its question.
    await row.locator('input[type=checkbox]').check();
    await page.getByRole('button', { name: /删\s*除/ }).click();
    await confirmModal(page);
    await expect.poll(() => page.locator('tr.ant-table-row').count()).toBe(0);
    expect(await rolesLike(alias)).toEqual([]);
  });
});
