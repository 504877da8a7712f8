/**
 * Reports of unnotified deals (issue 13) in Chromium: an account without a tenant signs in on
 * /loginWyf, is asked for its reporter details (/wyfperfect) once, reports a deal on /wyfReport and
 * sees it among its reports; a visitor without a session is sent to /loginWyf; axe finds no serious
 * or critical violation on any of its pages (/loginWyf at desktop and phone width, and with a sign-in
 * error shown; /wyfperfect; /wyfReport). Run `npm run build` first.
 */
import { describe, expect, it } from 'vitest';
import { makeAccount } from '../server/auth-support.ts';
import { submitLogin } from './support/app.ts';
import { seriousViolations } from './support/axe.ts';
import { db } from './support/session.ts';
import { unique, useE2eSuite } from './support/suite.ts';

describe('reports of unnotified deals', () => {
  const suite = useE2eSuite();

  it('sends a visitor without a session to /loginWyf', async () => {
    const { page } = await suite.newPage();
    await page.goto(`${suite.server.baseUrl}/wyfReport`);
    await page.waitForURL(/\/loginWyf\?redirect=%2FwyfReport$/);
  });

  it('has no serious or critical accessibility violation on /loginWyf', async () => {
    const found: string[] = [];
    for (const width of [1280, 390]) {
      const { page } = await suite.newPage({ viewport: { width, height: 900 } });
      await page.goto(`${suite.server.baseUrl}/loginWyf`);
      await page.getByLabel(/用户名|使用者名稱|Username/).waitFor();
      await page.getByRole('button', { name: /^(登录|登入|Sign in)$/ }).waitFor();
      found.push(
        ...(await seriousViolations(page, `/loginWyf @${width}`)).map((v) => `/loginWyf @${width}: ${v}`),
      );
      // With the sign-in error shown (an account that does not exist); once, so that no captcha is asked
      // of the next sign-in (it is after 3 failures).
      if (width !== 1280) continue;
      await submitLogin(page, unique('nobody'), 'Wrong#2026abc');
      await page.getByTestId('login-error').waitFor();
      found.push(
        ...(await seriousViolations(page, `/loginWyf error @${width}`)).map(
          (v) => `/loginWyf error @${width}: ${v}`,
        ),
      );
    }
    expect(found).toEqual([]);
  });

  it('signs in on /loginWyf, asks for the reporter details once, then takes a report', async () => {
    const account = unique('wyf');
    const made = await makeAccount(suite.server, { account });
    const { page } = await suite.newPage({ viewport: { width: 1280, height: 900 } });
    await page.goto(`${suite.server.baseUrl}/loginWyf`);
    await submitLogin(page, account, made.password);
    await page.waitForURL(/\/wyfperfect\?redirect=%2FwyfReport$/);
    await page.getByLabel('真实姓名').waitFor();
    expect(await seriousViolations(page, '/wyfperfect')).toEqual([]);

    // Required fields are said, nothing is saved.
    await page.getByRole('button', { name: '保存并继续' }).click();
    await page.getByText('请填写真实姓名').waitFor();
    await page.getByLabel('真实姓名').fill('周明');
    await page.getByLabel('证件号码').fill('110101199003071234');
    await page.getByLabel('联系电话').fill('010-12345678');
    await page.getByRole('button', { name: '保存并继续' }).click();
    await page.waitForURL(/\/wyfReport$/);
    await page.getByText('您还没有提交举报。').waitFor();
    expect(await seriousViolations(page, '/wyfReport')).toEqual([]);

    await page.getByLabel('涉及的经营者（每行一个）').fill('恒远控股有限公司\n启明半导体有限公司');
    await page.getByLabel('交易情况').fill('恒远控股于今年三月取得启明半导体51%股权。');
    await page
      .getByLabel('认为应当申报的理由')
      .fill('双方上一年度在中国境内的营业额均超过申报标准，交易未申报即已实施。');
    await page.getByRole('button', { name: '提交举报' }).click();
    await page.getByText('举报已提交，我们将依法处理。').waitFor();
    await page.getByRole('row', { name: /恒远控股有限公司、启明半导体有限公司.*待处理/ }).waitFor();

    const clues = await db(suite.server)
      .selectFrom('filing.wyf_clue')
      .select(['targets', 'state'])
      .where('reporter_account_id', '=', made.id)
      .execute();
    expect(clues).toEqual([{ targets: ['恒远控股有限公司', '启明半导体有限公司'], state: 'NEW' }]);
  });
});
