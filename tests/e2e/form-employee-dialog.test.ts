/**
 * The employee dialog end to end: Debian's Chromium drives the production build on the real server
 * (fresh PGlite, seeded demo tenant, one INT attribute added). Adding an employee from the list:
 * saving with the basic tab empty returns to it with the save error; an attribute that is not an
 * integer returns to the attribute tab with a warning; a valid save asks whether to continue, and
 * 'no' closes the dialog with the employee stored as typed. Editing (an employee the test stores first):
 * the dialog loads every tab, the account is locked, the password absent, and the update reaches the
 * server. All of it under the app's Content Security Policy, which allows no eval (the forms' validators
 * are compiled at build time): no page reports a violation. Each test on its own browser context. Run
 * `npm run build` first.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { call, loginAsAdmin } from '../support/server.ts';
import { recordCspViolations } from './support/csp.ts';
import { unique, useE2eSuite } from './support/suite.ts';

describe('employee dialog (form and tabs kinds)', () => {
  const suite = useE2eSuite();
  let token: string;
  let seniorityId: string;
  let page: Page;
  let cspViolations: () => Promise<string[]>;

  const dialog = () => page.getByTestId('screen-dialog-employee-dialog');
  const basic = (name: string): Locator =>
    dialog().locator(`[data-testid="form-employee-form"] #root_${name}`);
  const attr = (key: string): Locator => dialog().locator(`[data-testid="form-employee-attrs"] #root_${key}`);
  const activeTab = () => dialog().locator('.ant-tabs-tab-active');
  const save = () =>
    dialog()
      .getByRole('button', { name: /保\s*存/ })
      .click();

  /** Signed in on a fresh context, on the employee list. */
  async function openEmployeeList(): Promise<void> {
    ({ page } = await suite.signedIn('admin', undefined, { viewport: { width: 1400, height: 900 } }));
    cspViolations = await recordCspViolations(page);
    await page.getByRole('menuitem', { name: '员工管理' }).click();
    await page.getByTestId('list-total').waitFor();
  }

  async function findEmployee(account: string): Promise<Record<string, unknown> | undefined> {
    const res = await call(suite.server, 'POST', '/employee/query', {
      token,
      body: {
        parameters: [{ key: 'account', value: account }],
        requestPage: { pageNo: 1, limit: 10 },
        sorts: [],
      },
    });
    expect(res.body.state).toBe(200);
    return (res.body.data.dataResult as Record<string, unknown>[]).find((e) => e.account === account);
  }

  // The attribute definition both tests use: configuration of the tenant, not a test's own data.
  beforeAll(async () => {
    token = await loginAsAdmin(suite.server);
    const attrSaved = await call(suite.server, 'POST', '/attr/save', {
      token,
      body: { key: 'seniority', name: '工龄', dataType: 'INT', partyType: 'employee' },
    });
    expect(attrSaved.body.state).toBe(200);
    const tenant = await suite.server.server.database.db
      .selectFrom('platform.tenant')
      .select('schema_name')
      .where('code', '=', 'demo')
      .executeTakeFirstOrThrow();
    seniorityId = (
      await suite.server.server.database.db
        .withSchema(tenant.schema_name)
        .selectFrom('attr_def')
        .select('id')
        .where('key', '=', 'seniority')
        .executeTakeFirstOrThrow()
    ).id;
  });

  it('adds an employee: failing tabs first, then the save and its question', async () => {
    const account = unique('e2e_add');
    await openEmployeeList();
    await page.getByRole('button', { name: /新\s*增/ }).click();
    await basic('account').waitFor();
    await attr('seniority').waitFor({ state: 'attached' });

    // Nothing typed, and an attribute that is not an integer, while on the attribute tab.
    await dialog().getByTestId('tab-attrs').click();
    await attr('seniority').fill('2.5');
    await save();
    await expect.poll(() => activeTab().textContent()).toBe('基本信息');
    await page.getByText('保存失败，请检查基本信息').waitFor();
    const accountItem = dialog()
      .locator('[data-testid="form-employee-form"] .ant-form-item:has(#root_account)')
      .last();
    await accountItem.getByText('该项为必填项').waitFor();

    await basic('account').fill(account);
    await basic('password').fill('Zhao#2026pass');
    await basic('name').fill('赵测试');
    await basic('email').fill('zhao.test@demo.example.cn');
    await save();
    await expect.poll(() => activeTab().textContent()).toBe('扩展属性');
    await page.getByText('请检查扩展属性的表单数据').waitFor();
    expect(await findEmployee(account)).toBeUndefined();

    await attr('seniority').fill('3');
    await save();
    const question = page.locator('.ant-modal-confirm-title', { hasText: '保存成功，是否继续新增？' });
    await question.waitFor();
    await page
      .getByRole('dialog')
      .filter({ has: question })
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await dialog().waitFor({ state: 'hidden' });

    const created = await findEmployee(account);
    expect(created).toMatchObject({
      name: '赵测试',
      email: 'zhao.test@demo.example.cn',
      gender: 'male',
      status: 'actived',
    });
    const loaded = await call(suite.server, 'GET', `/employee/load?employeeId=${String(created!.id)}`, {
      token,
    });
    const seniority = (loaded.body.data.partyAttrs as { key: string; values: { value: string }[] }[]).find(
      (a) => a.key === 'seniority',
    );
    expect(seniority?.values).toEqual([{ value: '3' }]);
    // The list was read again when the dialog closed.
    await page.getByRole('cell', { name: account }).waitFor();

    // Both forms validated (the employee's with the server's password policy, the attributes' from
    // their definitions) without the policy refusing anything; and it does refuse eval on this page.
    expect(await cspViolations()).toEqual([]);
    // (Tried from a key press: code Playwright evaluates itself may eval whatever the policy says.)
    suite.allowCspViolations();
    await page.evaluate(() => {
      const probe = window as Window & { evalTried?: string };
      window.addEventListener(
        'keydown',
        () => {
          try {
            probe.evalTried = typeof new Function('return 1');
          } catch (error) {
            probe.evalTried = (error as Error).name;
          }
        },
        { once: true },
      );
    });
    await page.keyboard.press('Shift');
    await expect
      .poll(() => page.evaluate(() => (window as Window & { evalTried?: string }).evalTried))
      .toBe('EvalError');
    await expect.poll(cspViolations).toContainEqual(expect.stringMatching(/unsafe-eval|refused eval/));
  });

  it('edits an employee: everything loaded, account locked, no password; the update is stored', async () => {
    const account = unique('e2e_edit');
    const created = await call(suite.server, 'POST', '/employee/create', {
      token,
      body: {
        partyEmployeePo: {
          account,
          password: 'Zhao#2026pass',
          name: '赵测试',
          status: 'actived',
          gender: 'male',
          email: 'zhao.test@demo.example.cn',
        },
        attrValueVoList: [{ attrId: seniorityId, value: '3' }],
      },
    });
    expect(created.body.state).toBe(200);
    await openEmployeeList();
    await page.getByRole('search').getByLabel('账号').fill(account);
    await page.getByRole('button', { name: /查\s*询/ }).click();
    const row = page.getByRole('row').filter({ has: page.getByRole('cell', { name: account }) });
    await row.getByRole('button', { name: /编\s*辑/ }).click();
    await expect.poll(() => basic('name').inputValue()).toBe('赵测试');
    await expect.poll(() => attr('seniority').inputValue()).toBe('3');
    expect(await basic('account').isDisabled()).toBe(true);
    expect(await basic('password').count()).toBe(0);

    await basic('name').fill('赵测试改');
    await save();
    const question = page.locator('.ant-modal-confirm-title', { hasText: '保存成功，是否继续编辑？' });
    await question.waitFor();
    await page
      .getByRole('dialog')
      .filter({ has: question })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    // Continuing an edit keeps the dialog and what was saved.
    await question.waitFor({ state: 'hidden' });
    expect(await basic('name').inputValue()).toBe('赵测试改');
    await expect.poll(async () => (await findEmployee(account))?.name).toBe('赵测试改');
    expect(await cspViolations()).toEqual([]);
  });
});
