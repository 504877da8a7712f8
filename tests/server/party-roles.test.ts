/**
 * The roles of organisations and positions (the org tree's and the position tree's 角色 dialogs) on
 * both databases: the roles held are listed, granted and withdrawn; a role of another tenant (an id
 * found only in another tenant's space) is refused with a translated message and changes nothing,
 * even beside roles of the caller's tenant; a member without role:grant cannot change them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/auth/tokens.ts';
import { tenantSchemaName } from '../../server/db/tenant-space.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { demoTenantId, loginToken, makeAccount } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

describe.each(dbKindsOf(import.meta.url))('roles of organisations and positions on %s', (kind) => {
  let t: TestServer;
  let admin: string;
  let memberToken: string;
  let foreignRole: string;
  let roles: { id: string; name: string }[];
  const otherCode = `party_roles_${kind}`;
  const space = (code = 'demo') => t.server.database.db.withSchema(tenantSchemaName(code));
  const post = (path: string, token = admin) => call(t, 'POST', path, { token });

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000 });
    admin = await loginAsAdmin(t);
    const member = await makeAccount(t, {
      account: `party_roles_member_${kind}`,
      tenantId: await demoTenantId(t),
    });
    memberToken = (await loginToken(t, member.account, member.password)).access_token;
    // Another tenant with its own space and a role of its own.
    const saved = await call(t, 'POST', '/saas/tenant/save', {
      token: admin,
      body: {
        name: `角色隔离测试${kind}公司`,
        code: otherCode,
        account: `${otherCode}_admin`,
        email: `admin@${otherCode.replace(/_/g, '-')}.example.cn`,
      },
    });
    expect(saved.body.state).toBe(200);
    expect((await post(`/saas/tenant/schema/create?id=${saved.body.data.id}`)).body.state).toBe(200);
    foreignRole = newId();
    await space(otherCode)
      .insertInto('role')
      .values({ id: foreignRole, name: '他租户角色', alias: `foreign_${kind}` })
      .execute();
    roles = await space().selectFrom('role').select(['id', 'name']).orderBy('name').limit(2).execute();
    expect(roles).toHaveLength(2);
  });
  afterAll(async () => t?.close());

  const cases = [
    {
      party: 'org' as const,
      key: 'orgId',
      list: 'role/queryByOrgId',
      assign: 'org/assignRole',
      remove: 'org/removeRole',
      save: { path: '/org/save', body: { name: '角色测试组织', code: 'party_roles_org', parentId: '0' } },
    },
    {
      party: 'position' as const,
      key: 'positionId',
      list: 'role/queryByPositionId',
      assign: 'position/assignRole',
      remove: 'position/removeRole',
      save: {
        path: '/position/save',
        body: { name: '角色测试岗位', code: 'party_roles_pos', parentId: '0' },
      },
    },
  ];

  it('narrows the role list to one subsystem (the subsystem filter of the role list)', async () => {
    const systems = await t.server.database.db.selectFrom('platform.subsystem').select('id').execute();
    const counts = await Promise.all(
      systems.map(async (s) => {
        const res = await call(t, 'POST', '/role/queryWithSys', {
          token: admin,
          body: { parameters: [{ key: 'subSystemId', value: s.id }], requestPage: { pageNo: 1, limit: 500 } },
        });
        expect(res.body.state).toBe(200);
        const rows = res.body.data.dataResult as { subSystemId?: string }[];
        for (const row of rows) expect(row.subSystemId).toBe(s.id);
        return rows.length;
      }),
    );
    const withSystem = await space()
      .selectFrom('role')
      .select('id')
      .where('system_id', 'is not', null)
      .execute();
    expect(counts.reduce((a, b) => a + b, 0)).toBe(withSystem.length);
    expect(Math.max(...counts)).toBeGreaterThan(0);
  });

  for (const c of cases) {
    it(`lists, grants and withdraws the roles of the ${c.party}, refusing another tenant's role`, async () => {
      const saved = await call(t, 'POST', c.save.path, { token: admin, body: c.save.body });
      expect(saved.body.state).toBe(200);
      const party = saved.body.data.id as string;
      const held = async () =>
        ((await post(`/${c.list}?${c.key}=${party}`)).body.data as { id: string }[]).map((r) => r.id);
      const grants = async () =>
        (
          await space()
            .selectFrom('role_grant')
            .select('role_id')
            .where('party_type', '=', c.party)
            .where('party_id', '=', party)
            .execute()
        ).map((g) => g.role_id);
      expect(await held()).toEqual([]);

      const both = roles.map((r) => r.id).join(',');
      expect((await post(`/${c.assign}?${c.key}=${party}&roleIds=${both}`)).body.state).toBe(200);
      const listed = await post(`/${c.list}?${c.key}=${party}`);
      expect(listed.body.data).toEqual(
        roles.map((r) => expect.objectContaining({ id: r.id, name: r.name, source: 'own', type: 'role' })),
      );

      // Another tenant's role, alone or beside one of this tenant's: refused, nothing changes.
      const foreign = await post(`/${c.assign}?${c.key}=${party}&roleIds=${foreignRole}`);
      expect(foreign.body.state).toBe(404);
      expect(foreign.body.message).toBe(`角色不存在或已被删除（${foreignRole}）`);
      await post(`/${c.remove}?${c.key}=${party}&roleIds=${roles[1].id}`);
      const mixed = await post(`/${c.assign}?${c.key}=${party}&roleIds=${roles[1].id},${foreignRole}`);
      expect(mixed.body.state).toBe(404);
      expect(await grants()).toEqual([roles[0].id]);
      expect(
        await space(otherCode)
          .selectFrom('role_grant')
          .select('role_id')
          .where('party_id', '=', party)
          .execute(),
      ).toEqual([]);

      // A member without role:grant can change nothing.
      const denied = await post(`/${c.assign}?${c.key}=${party}&roleIds=${roles[1].id}`, memberToken);
      expect(denied.body.state).not.toBe(200);
      expect(
        (await post(`/${c.remove}?${c.key}=${party}&roleIds=${roles[0].id}`, memberToken)).body.state,
      ).not.toBe(200);
      expect(await grants()).toEqual([roles[0].id]);

      expect((await post(`/${c.remove}?${c.key}=${party}&roleIds=${roles[0].id}`)).body.state).toBe(200);
      expect(await held()).toEqual([]);
    });
  }
});
