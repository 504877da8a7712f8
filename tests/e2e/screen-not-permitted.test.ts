/**
 * The screen host's not-permitted state in the browser: a member whose role granting the login log
 * is taken away after sign-in opens it from the menu still on screen; the server refuses the load
 * (6010104, reason permission) and the page shows 'no access permission' instead of an empty list.
 * Run `npm run build` first.
 */
import { describe, expect, it } from 'vitest';
import { newId } from '../../server/auth/tokens.ts';
import { call, loginAsAdmin } from '../support/server.ts';
import { demoTenantId, makeAccount } from '../server/auth-support.ts';
import { db } from './support/session.ts';
import { unique, useE2eSuite } from './support/suite.ts';

describe('a screen the user may not see', () => {
  const suite = useE2eSuite();

  /** A member of the demo tenant holding one new role that grants the system menu and the login log. */
  async function memberWithLoginLog() {
    const server = suite.server;
    const tenantId = await demoTenantId(server);
    const member = await makeAccount(server, { account: unique('np_'), tenantId });
    const space = db(server).withSchema('t_demo');
    const employee = await space
      .selectFrom('employee')
      .select('id')
      .where('account_id', '=', member.id)
      .executeTakeFirstOrThrow();
    const system = await db(server)
      .selectFrom('platform.subsystem')
      .select('id')
      .where('alias', '=', 'merger')
      .executeTakeFirstOrThrow();
    const roleId = newId();
    await space
      .insertInto('role')
      .values({ id: roleId, alias: unique('logReader'), name: unique('日志查看'), system_id: system.id })
      .execute();
    const resources = await db(server)
      .selectFrom('platform.resource')
      .select('id')
      .where('system_id', '=', system.id)
      .where('alias', 'in', ['system', 'loginLog'])
      .execute();
    expect(resources.length).toBe(2);
    await space
      .insertInto('role_resource')
      .values(resources.map((r) => ({ role_id: roleId, resource_id: r.id })))
      .execute();
    // Granted through the api, as an administrator would, so the permission caches follow.
    const admin = await loginAsAdmin(server);
    const granted = await call(server, 'POST', `/role/addUser?roleId=${roleId}&userIds=${employee.id}`, {
      token: admin,
    });
    expect(granted.body.state).toBe(200);
    return { member, roleId, employeeId: employee.id, admin };
  }

  it('shows not permitted when the server refuses the screen for a permission taken away', async () => {
    const { member, roleId, employeeId, admin } = await memberWithLoginLog();
    const { page } = await suite.signedIn(member.account, member.password, {
      viewport: { width: 1400, height: 900 },
    });
    const revoked = await call(
      suite.server,
      'POST',
      `/role/removeUser?roleId=${roleId}&userIds=${employeeId}`,
      { token: admin },
    );
    expect(revoked.body.state).toBe(200);

    // Without reloading the app: the menu and permissions read at sign-in still offer the login log.
    await page.evaluate(() => {
      window.history.pushState({}, '', '/loginLog');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    const state = page.getByTestId('screen-not-permitted');
    await state.waitFor();
    expect(await state.textContent()).toContain('没有访问权限');
    expect(await page.locator('.ant-table').count()).toBe(0);
  });

  it('shows the login log itself while the permission is held', async () => {
    const { member } = await memberWithLoginLog();
    const { page } = await suite.signedIn(member.account, member.password, {
      viewport: { width: 1400, height: 900 },
    });
    await page.goto(`${suite.server.baseUrl}/loginLog`);
    await page.getByTestId('list-total').waitFor();
    expect(await page.getByTestId('screen-not-permitted').count()).toBe(0);
  });
});
