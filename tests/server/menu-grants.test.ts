/** Menus through roles: a role inherited from a post opens its menu entries; no role, no menu. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords.ts';
import { tenantSchemaName } from '../../server/db/tenant-space.ts';
import { DEMO_TENANT_CODE } from '../../server/seed/seed.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { dbKindsOf } from './databases.ts';

describe.each(dbKindsOf(import.meta.url))('menu grants on %s', (kind) => {
  let t: TestServer;
  const PASSWORD = 'Grant#2026pass';

  /** Gives a demo employee a platform account in the demo tenant, signs in, returns the menu aliases. */
  async function menuOf(account: string): Promise<string[]> {
    const db = t.server.database.db;
    const tenant = await db
      .selectFrom('platform.tenant')
      .select('id')
      .where('code', '=', DEMO_TENANT_CODE)
      .executeTakeFirstOrThrow();
    const id = `acc-${account}`;
    await db
      .insertInto('platform.account')
      .values({ id, account, fullname: account, password_hash: await hashPassword(PASSWORD) })
      .execute();
    await db
      .insertInto('platform.tenant_member')
      .values({ tenant_id: tenant.id, account_id: id, is_main: true })
      .execute();
    await db
      .withSchema(tenantSchemaName(DEMO_TENANT_CODE))
      .updateTable('employee')
      .set({ account_id: id })
      .where('account', '=', account)
      .execute();
    const login = await call(t, 'POST', '/authentication/apply', {
      body: { grant_type: 'password_credentials', username: account, password: PASSWORD },
    });
    expect(login.body.state).toBe(200);
    const menu = await call(t, 'GET', '/auth/resources/getMenuData', { token: login.body.data.access_token });
    const aliases: string[] = [];
    const walk = (nodes: { alias: string; children: unknown[] }[]) =>
      nodes.forEach((n) => (aliases.push(n.alias), walk(n.children as never)));
    walk(menu.body.data);
    return aliases;
  }

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 0 });
  });
  afterAll(async () => t?.close());

  it('opens the menu to a holder of a post whose role carries it, and to nobody else', async () => {
    const space = t.server.database.db.withSchema(tenantSchemaName(DEMO_TENANT_CODE));
    const holders = await space
      .selectFrom('employee_position as ep')
      .innerJoin('position as p', 'p.id', 'ep.position_id')
      .innerJoin('employee as e', 'e.id', 'ep.employee_id')
      .select(['e.account', 'p.code'])
      .where('e.status', '=', 'actived')
      .where('e.account', '!=', 'admin')
      .execute();
    const head = holders.find((h) => h.code === 'officeHead');
    const other = holders.find(
      (h) =>
        h.code !== 'officeHead' && !holders.some((x) => x.account === h.account && x.code === 'officeHead'),
    );
    expect(head && other).toBeTruthy();
    // The system administrator's role opens the people pages: employees, roles, groups, attributes, posts.
    const people = ['employeeList', 'roleList', 'groupList', 'attrList', 'positionTree'];
    expect(await menuOf(head!.account)).toEqual(expect.arrayContaining(['system', ...people]));
    const others = await menuOf(other!.account);
    for (const alias of people) expect(others).not.toContain(alias);
  });
});
