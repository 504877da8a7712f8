/**
 * A tenant's onboarding end to end (issue 11): Debian's Chromium drives the production build on the real
 * server. An enterprise registers itself at /tenantRegister (SMS code from the outbox after the image
 * captcha; a wrong credit code is refused in the form first), the super user approves it in the approval
 * queue (租户审核), then its administrator signs in with the password chosen at registration and builds
 * an organisation (tree, right-click on the root) and an employee (employee dialog). No page reports a
 * Content Security Policy violation on the way (the policy allows no eval). Run `npm run build` first.
 */
import { describe, expect, it } from 'vitest';
import { withCheckCharacter } from '../../server/modules/filing/uscc.ts';
import { call, loginAsAdmin } from '../support/server.ts';
import { recordCspViolations } from './support/csp.ts';
import { db, lastSmsCode, solveCaptchaDialog } from './support/session.ts';
import { unique, useE2eSuite } from './support/suite.ts';

describe('tenant onboarding', () => {
  const suite = useE2eSuite({ tenantRegOpen: true });

  it('registers an enterprise, the super user approves it, its admin builds an organisation and an employee', async () => {
    const alias = unique('ent');
    const name = `${alias}科技有限公司`;
    const account = `${alias}_admin`;
    const password = 'Onboard#2026pw';
    const mobile = `139${String(Date.now()).slice(-8)}`;
    const creditCode = withCheckCharacter(`91310000${String(Date.now()).slice(-9)}`);

    // 1. The public registration page.
    const { page } = await suite.newPage({ viewport: { width: 1400, height: 1000 } });
    const cspOnRegistration = await recordCspViolations(page);
    await page.goto(`${suite.server.baseUrl}/tenantRegister`);
    await page.getByLabel('企业名称').fill(name);
    await page
      .getByLabel('统一社会信用代码')
      .fill(creditCode.slice(0, 17) + (creditCode[17] === '1' ? '2' : '1'));
    await page.getByLabel('企业别名').fill(alias);
    await page.getByLabel('联系人姓名').fill('王经理');
    await page.getByLabel('管理员账号').fill(account);
    await page.getByLabel('手机号码').fill(mobile);
    await page.getByTestId('sms-send').click();
    await solveCaptchaDialog(page, suite.server);
    await page.getByTestId('sms-notice').getByText('验证码已发送，请注意查收').waitFor();
    await page.getByLabel('短信验证码', { exact: true }).fill(await lastSmsCode(suite.server, mobile));
    await page.getByLabel('密码', { exact: true }).fill(password);
    await page.getByLabel('确认密码').fill(password);
    await page.getByLabel('联系邮箱').fill(`admin@${alias}.example.cn`);
    await page.getByRole('button', { name: '注册' }).click();
    await page.getByText('请输入正确的18位统一社会信用代码').waitFor();
    const none = await db(suite.server)
      .selectFrom('platform.tenant')
      .select('id')
      .where('code', '=', alias)
      .execute();
    expect(none).toEqual([]);
    await page.getByLabel('统一社会信用代码').fill(creditCode);
    await page.getByRole('button', { name: '注册' }).click();
    await page.waitForURL(/\/login$/);
    await page.getByText('注册已提交，请等待审核，结果将以短信通知').waitFor();

    // 2. The super user approves it in the queue.
    const { page: adminPage } = await suite.signedIn('admin', undefined, {
      viewport: { width: 1400, height: 900 },
    });
    const cspOnApproval = await recordCspViolations(adminPage);
    await adminPage.getByRole('menuitem', { name: '租户审核' }).click();
    const row = adminPage.getByRole('row').filter({ hasText: creditCode });
    await row.getByRole('checkbox').check();
    await adminPage.getByRole('button', { name: /审核通过/ }).click();
    await adminPage
      .getByRole('dialog')
      .filter({ hasText: '确定审核通过选中的 1 个租户吗？' })
      .getByRole('button', { name: /确\s*定/ })
      .click();
    await adminPage.getByText('审核完成').waitFor();
    await row.waitFor({ state: 'detached' });
    const tenant = await db(suite.server)
      .selectFrom('platform.tenant')
      .select(['approve_status', 'schema_status', 'schema_name'])
      .where('code', '=', alias)
      .executeTakeFirstOrThrow();
    expect(tenant).toMatchObject({ approve_status: 'PASSED', schema_status: 'CREATED' });
    const sms = await db(suite.server)
      .selectFrom('platform.sms_outbox')
      .select('content')
      .where('mobile', '=', mobile)
      .where('purpose', '=', 'tenant-approved')
      .executeTakeFirstOrThrow();
    expect(sms.content).toContain(account);

    // 3. Its administrator signs in and builds an organisation under the root…
    const { page: own } = await suite.signedIn(account, password, { viewport: { width: 1400, height: 900 } });
    const cspOnOwn = await recordCspViolations(own);
    await own.getByRole('menuitem', { name: '组织管理' }).click();
    const tree = own.getByTestId('tree-view');
    await tree.getByText(name).click({ button: 'right' });
    await own.getByRole('menuitem', { name: '添加下级组织' }).click();
    const orgDialog = own.getByTestId('screen-dialog-org-form');
    await orgDialog.getByLabel('组织名称').fill('总部');
    await orgDialog.getByLabel('组织编码').fill('hq');
    await orgDialog.getByRole('button', { name: /^保\s?存$/ }).click();
    await orgDialog.waitFor({ state: 'hidden' });
    const orgs = await db(suite.server)
      .withSchema(tenant.schema_name)
      .selectFrom('org')
      .select('name')
      .execute();
    expect(orgs).toEqual([{ name: '总部' }]);

    // …and an employee.
    const person = unique('e2e_emp');
    await own.getByRole('menuitem', { name: '员工管理' }).click();
    await own.getByTestId('list-total').waitFor();
    await own.getByRole('button', { name: /新\s*增/ }).click();
    const dialog = own.getByTestId('screen-dialog-employee-dialog');
    const basic = (field: string) => dialog.locator(`[data-testid="form-employee-form"] #root_${field}`);
    await basic('account').fill(person);
    await basic('password').fill('Member#2026pw');
    await basic('name').fill('赵员工');
    await basic('email').fill(`${person}@${alias}.example.cn`);
    await dialog.getByRole('button', { name: /保\s*存/ }).click();
    const question = own.locator('.ant-modal-confirm-title', { hasText: '保存成功，是否继续新增？' });
    await question.waitFor();
    await own
      .getByRole('dialog')
      .filter({ has: question })
      .getByRole('button', { name: /取\s*消/ })
      .click();
    await own.getByRole('cell', { name: person, exact: true }).waitFor();
    const people = await db(suite.server)
      .withSchema(tenant.schema_name)
      .selectFrom('employee')
      .select(['account', 'name'])
      .where('account', '=', person)
      .execute();
    expect(people).toEqual([{ account: person, name: '赵员工' }]);
    // The demo tenant saw none of it.
    const token = await loginAsAdmin(suite.server);
    const demo = await call(suite.server, 'POST', '/employee/query', {
      token,
      body: {
        parameters: [{ key: 'account', value: person }],
        requestPage: { pageNo: 1, limit: 5 },
        sorts: [],
      },
    });
    expect(demo.body.data.dataResult).toEqual([]);
    for (const violations of [cspOnRegistration, cspOnApproval, cspOnOwn])
      expect(await violations()).toEqual([]);
  });

  it('offers the same enterprise registration at /fldRegister', async () => {
    const { page } = await suite.newPage({ viewport: { width: 1400, height: 1000 } });
    await page.goto(`${suite.server.baseUrl}/fldRegister`);
    await page.getByLabel('企业名称').waitFor();
    await page.getByLabel('统一社会信用代码').waitFor();
    await page.getByLabel('管理员账号').waitFor();
  });
});
