/** role.saveResources: what a role grants of a subsystem's menu, replaced at once; its holders' menus follow. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/passwords.ts';
import { tenantSchemaName } from '../../server/db/tenant-space.ts';
import { DEMO_TENANT_CODE } from '../../server/seed/seed.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { dbKindsOf } from './databases.ts';

describe.each(dbKindsOf(import.meta.url))('role resources on %s', (kind) => {
  let t: TestServer;
  let admin: string;
  let systemId: string;
  let roleId: string;
  const PASSWORD = 'Grant#2026pass';
  const space = () => t.server.database.db.withSchema(tenantSchemaName(DEMO_TENANT_CODE));

  const resourceId = async (alias: string) =>
    (
      await t.server.database.db
        .selectFrom('platform.resource')
        .select('id')
        .where('system_id', '=', systemId)
        .where('alias', '=', alias)
        .executeTakeFirstOrThrow()
    ).id;

  /** A demo employee without roles, given an account; signs in and returns their menu's aliases. */
  let memberToken = '';
  async function menuOfMember(): Promise<string[]> {
    const menu = await call(t, 'GET', '/auth/resources/getMenuData', { token: memberToken });
    expect(menu.body.state).toBe(200);
    const aliases: string[] = [];
    const walk = (nodes: { alias: string; children: unknown[] }[]) =>
      nodes.forEach((n) => (aliases.push(n.alias), walk(n.children as never)));
    walk(menu.body.data);
    return aliases;
  }

  const checkedOf = async () => {
    const res = await call(
      t,
      'GET',
      `/auth/resources/findRoleResTreeChecked?roleId=${roleId}&systemId=${systemId}`,
      { token: admin },
    );
    expect(res.body.state).toBe(200);
    return (res.body.data as { alias: string; checked: boolean }[])
      .filter((r) => r.checked)
      .map((r) => r.alias)
      .sort();
  };

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 0 });
    admin = await loginAsAdmin(t);
    const db = t.server.database.db;
    systemId = (
      await db
        .selectFrom('platform.subsystem')
        .select('id')
        .where('alias', '=', 'merger')
        .executeTakeFirstOrThrow()
    ).id;
    const role = await call(t, 'POST', '/role/save', {
      token: admin,
      body: { name: '档案查阅', alias: 'fileReaders', subSystemId: systemId, enabled: true },
    });
    expect(role.body.state).toBe(200);
    roleId = role.body.data.id;
    // An active demo employee, cleared of posts and direct roles so only the test's role counts.
    const member = await space()
      .selectFrom('employee as e')
      .select(['e.id', 'e.account'])
      .where('e.status', '=', 'actived')
      .where('e.account', '!=', 'admin')
      .orderBy('e.account', 'desc')
      .executeTakeFirstOrThrow();
    await space().deleteFrom('employee_position').where('employee_id', '=', member.id).execute();
    await space()
      .deleteFrom('role_grant')
      .where('party_type', '=', 'employee')
      .where('party_id', '=', member.id)
      .execute();
    const tenant = await db
      .selectFrom('platform.tenant')
      .select('id')
      .where('code', '=', DEMO_TENANT_CODE)
      .executeTakeFirstOrThrow();
    const accountId = `acc-${member.account}`;
    await db
      .insertInto('platform.account')
      .values({
        id: accountId,
        account: member.account,
        fullname: member.account,
        password_hash: await hashPassword(PASSWORD),
      })
      .execute();
    await db
      .insertInto('platform.tenant_member')
      .values({ tenant_id: tenant.id, account_id: accountId, is_main: true })
      .execute();
    await space()
      .updateTable('employee')
      .set({ account_id: accountId })
      .where('id', '=', member.id)
      .execute();
    const added = await call(t, 'POST', `/role/addUser?roleId=${roleId}&userIds=${member.id}`, {
      token: admin,
    });
    expect(added.body.state).toBe(200);
    const login = await call(t, 'POST', '/authentication/apply', {
      body: { grant_type: 'password_credentials', username: member.account, password: PASSWORD },
    });
    expect(login.body.state).toBe(200);
    memberToken = login.body.data.access_token;
  });
  afterAll(async () => t?.close());

  it('grants the checked pages and buttons; a holder sees the page and may call what it carries', async () => {
    const first = await menuOfMember();
    expect(first).not.toContain('fileList');
    expect(first).not.toContain('roleList');
    const before = await call(t, 'POST', '/fldFile/attachment/query', {
      token: memberToken,
      body: { requestPage: { pageNo: 1, limit: 10 } },
    });
    const ids = [await resourceId('system'), await resourceId('fileList')];
    const saved = await call(t, 'POST', '/role/saveResources', {
      token: admin,
      body: { roleId, systemId, resourceIds: ids },
    });
    expect(saved.body).toMatchObject({ state: 200, data: { count: 2 } });
    expect(await checkedOf()).toEqual(['fileList', 'system']);
    expect(await menuOfMember()).toEqual(expect.arrayContaining(['system', 'fileList']));
    // fileList carries file:read: refused before, served now.
    expect(before.body.state).not.toBe(200);
    const after = await call(t, 'POST', '/fldFile/attachment/query', {
      token: memberToken,
      body: { requestPage: { pageNo: 1, limit: 10 } },
    });
    expect(after.body.state).toBe(200);
  });

  it('replaces the whole set: what is left out is withdrawn', async () => {
    const ids = [await resourceId('system'), await resourceId('roleList')];
    const saved = await call(t, 'POST', '/role/saveResources', {
      token: admin,
      body: { roleId, systemId, resourceIds: ids },
    });
    expect(saved.body.state).toBe(200);
    expect(await checkedOf()).toEqual(['roleList', 'system']);
    const menu = await menuOfMember();
    expect(menu).toContain('roleList');
    expect(menu).not.toContain('fileList');
    const cleared = await call(t, 'POST', '/role/saveResources', {
      token: admin,
      body: { roleId, systemId, resourceIds: [] },
    });
    expect(cleared.body.state).toBe(200);
    expect(await checkedOf()).toEqual([]);
    expect(await menuOfMember()).not.toContain('roleList');
  });

  it('refuses an id outside the subsystem or an unknown role with a translated message, changing nothing', async () => {
    const ids = [await resourceId('fileList')];
    await call(t, 'POST', '/role/saveResources', {
      token: admin,
      body: { roleId, systemId, resourceIds: ids },
    });
    const stranger = await call(t, 'POST', '/role/saveResources?lang=en', {
      token: admin,
      body: { roleId, systemId, resourceIds: [...ids, 'no-such-resource'] },
    });
    expect(stranger.body.state).not.toBe(200);
    expect(stranger.body.message).toContain('no-such-resource');
    expect(stranger.body.message).toContain('not part of this subsystem');
    const noRole = await call(t, 'POST', '/role/saveResources', {
      token: admin,
      body: { roleId: 'no-such-role', systemId, resourceIds: ids },
    });
    expect(noRole.body.state).not.toBe(200);
    expect(await checkedOf()).toEqual(['fileList']);
  });

  it('is refused to a member without role:write', async () => {
    const res = await call(t, 'POST', '/role/saveResources', {
      token: memberToken,
      body: { roleId, systemId, resourceIds: [] },
    });
    expect(res.body.state).not.toBe(200);
    expect(await checkedOf()).toEqual(['fileList']);
  });
});
