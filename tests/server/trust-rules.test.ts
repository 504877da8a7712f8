/**
 * The trust review of issue 22, one test per finding (each failed on main before its fix): permissions
 * bound to the tenant's kind, accounts protected from colleagues who hold less, rights given only by
 * those who hold them, and a whistleblower's report sealed from the employer and from acting sessions.
 * The matrix (authorization-matrix.test.ts) covers the same rules for every operation; here each is
 * walked as its users meet it, with the menus and the user context.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueSession, issueSessionInFamily } from '../../server/auth/session.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { attachmentRow, db, demoTenantId, makeAccount, makeTenant, grantRole } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

describe.each(dbKindsOf(import.meta.url))('trust rules on %s', (kind) => {
  let t: TestServer;
  let demo: string;
  let authority: string;
  let systemId: string;
  let seq = 0;

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 0 });
    demo = await demoTenantId(t);
    authority = await makeTenant(t, `tr_auth_${kind}`);
    await db(t)
      .updateTable('platform.tenant')
      .set({ kind: 'authority' })
      .where('id', '=', authority)
      .execute();
    systemId = (
      await db(t)
        .selectFrom('platform.subsystem')
        .select('id')
        .where('alias', '=', 'merger')
        .executeTakeFirstOrThrow()
    ).id;
  });
  afterAll(async () => t?.close());

  const schemaOf = async (tenantId: string) =>
    (
      await db(t)
        .selectFrom('platform.tenant')
        .select('schema_name')
        .where('id', '=', tenantId)
        .executeTakeFirstOrThrow()
    ).schema_name;

  /** A member of `tenantId` holding one role that grants every resource carrying one of `permissions`. */
  async function member(tenantId: string, permissions: string[], admin = false) {
    const account = await makeAccount(t, { account: `tr_${kind}_${++seq}`, tenantId, admin });
    if (permissions.length) {
      const resources = await db(t)
        .selectFrom('platform.resource')
        .select(['id', 'permissions'])
        .where('system_id', '=', systemId)
        .execute();
      const granted = resources.filter((r) => r.permissions.some((p) => permissions.includes(p)));
      const { roleId, employeeIds } = await grantRole(t, await schemaOf(tenantId), {
        systemId,
        name: `tr ${seq}`,
        alias: `tr_${kind}_${seq}`,
        resourceIds: granted.map((r) => r.id),
        accountIds: [account.id],
      });
      return { ...account, roleId, employeeId: employeeIds[0] };
    }
    const employee = await db(t)
      .withSchema(await schemaOf(tenantId))
      .selectFrom('employee')
      .select('id')
      .where('account_id', '=', account.id)
      .executeTakeFirstOrThrow();
    return { ...account, roleId: null, employeeId: employee.id };
  }

  const tokenOf = async (accountId: string, tenantId: string) =>
    (await issueSession(db(t), accountId, 600, { tenantId, systemId })).access_token;

  const post = (token: string, path: string, body: unknown = {}) => call(t, 'POST', path, { token, body });

  it('keeps the authority’s powers out of an enterprise: its administrator holds none of them', async () => {
    const boss = await member(demo, [], true);
    const token = await tokenOf(boss.id, demo);
    // The statutory calendar moves every case's deadlines; comments name their authors.
    const holiday = await post(token, '/filing/calendar/add', {
      day: '2027-03-03',
      kind: 'HOLIDAY',
      name: 'x',
    });
    expect(holiday.body.state).toBe(6010104);
    expect((await post(token, '/filing/comment/list', {})).body.state).toBe(6010104);
    expect(
      await db(t).selectFrom('filing.calendar_day').select('day').where('day', '=', '2027-03-03').execute(),
    ).toEqual([]);

    // What the page is told and shown follows the same rule: no review permission, no review menu.
    const context = await call(t, 'GET', '/user/context', { token });
    const held: string[] = context.body.data.permissions;
    expect(held).toContain('filing:edit');
    expect(held.filter((p) => /^(review|calendar|comment|audit|clue|news|notice):/.test(p))).toEqual([]);
    const menuOf = async (tk: string) =>
      JSON.stringify(
        (await call(t, 'GET', `/auth/resources/getMenuData?systemId=${systemId}`, { token: tk })).body,
      );
    const menu = await menuOf(token);
    expect(menu).toContain('filing');
    expect(menu).not.toMatch(/review\.menu|publicData\.menu|calendar/);

    // The authority's administrator holds them, and not the filer's.
    const head = await member(authority, [], true);
    const headToken = await tokenOf(head.id, authority);
    const headHeld: string[] = (await call(t, 'GET', '/user/context', { token: headToken })).body.data
      .permissions;
    expect(headHeld).toEqual(expect.arrayContaining(['review:read', 'review:allCases', 'calendar:manage']));
    expect(headHeld).not.toContain('filing:edit');
    expect(await menuOf(headToken)).toMatch(/review\.menu\.group/);
    const added = await post(headToken, '/filing/calendar/add', {
      day: '2027-03-03',
      kind: 'HOLIDAY',
      name: '测试',
    });
    expect(added.body.state).toBe(200);
  });

  it('protects an administrator from a member holding employee:resetPassword or employee:write', async () => {
    const boss = await member(demo, [], true);
    const helper = await member(demo, ['employee:resetPassword', 'employee:write', 'employee:read']);
    const token = await tokenOf(helper.id, demo);
    const before = await db(t)
      .selectFrom('platform.account')
      .select(['password_hash', 'mobile'])
      .where('id', '=', boss.id)
      .executeTakeFirstOrThrow();

    const reset = await post(token, '/user/change/passwd', {
      reset: 1,
      userIds: boss.id,
      newPassword: 'Taken#2026over',
      repeatPassword: 'Taken#2026over',
    });
    expect(reset.body, JSON.stringify(reset.body)).toMatchObject({ state: 6010104 });
    expect(reset.body.message).toMatch(/权限/);

    const edit = await post(token, '/employee/update', {
      partyEmployeePo: {
        id: boss.employeeId,
        account: boss.account,
        name: `User ${boss.account}`,
        status: 'actived',
        gender: 'male',
        email: 'boss@example.com',
        mobile: '13912345678',
      },
    });
    expect(edit.body, JSON.stringify(edit.body)).toMatchObject({ state: 6010104 });
    const after = await db(t)
      .selectFrom('platform.account')
      .select(['password_hash', 'mobile'])
      .where('id', '=', boss.id)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);

    // A colleague holding no more than the helper stays in reach.
    const peer = await member(demo, ['employee:read']);
    const ok = await post(token, '/user/change/passwd', {
      reset: 1,
      userIds: peer.id,
      newPassword: 'Fresh#2026pass',
      repeatPassword: 'Fresh#2026pass',
    });
    expect(ok.body.state).toBe(200);
  });

  it('lets nobody give out rights they do not hold (roles, grants)', async () => {
    const manager = await member(demo, ['role:write', 'role:grant', 'role:read']);
    const token = await tokenOf(manager.id, demo);
    const actAs = await db(t)
      .selectFrom('platform.resource')
      .select('id')
      .where('system_id', '=', systemId)
      .where(({ eb, fn }) =>
        eb(fn('array_position', ['permissions', eb.val('employee:actAs')]), 'is not', null),
      )
      .executeTakeFirstOrThrow();
    const saved = await post(token, '/role/saveResources', {
      roleId: manager.roleId,
      systemId,
      resourceIds: [actAs.id],
    });
    expect(saved.body.state).toBe(6010104);
    expect(saved.body.cause).toMatchObject({ reason: 'beyondOwn', permission: 'employee:actAs' });

    const powerful = await member(demo, ['employee:actAs']);
    const granted = await call(
      t,
      'POST',
      `/role/addUser?roleId=${powerful.roleId}&userIds=${manager.employeeId}`,
      {
        token,
      },
    );
    expect(granted.body.state).toBe(6010104);
    const grants = await db(t)
      .withSchema('t_demo')
      .selectFrom('role_grant')
      .select('party_id')
      .where('role_id', '=', powerful.roleId!)
      .execute();
    expect(grants.map((g) => g.party_id)).toEqual([powerful.employeeId]);
  });

  it('seals a reporter’s identity from the employer: no acting, no operation log', async () => {
    const reporter = await member(demo, []);
    const own = await tokenOf(reporter.id, demo);
    const saved = await post(own, '/wyf/reporter/save', {
      realName: '举报人',
      idType: 'OTHER',
      idNumber: 'X1234567',
      contactPhone: '13800000000',
    });
    expect(saved.body.state).toBe(200);
    const logged = await db(t)
      .selectFrom('platform.operation_log')
      .select('operation_id')
      .where('account_id', '=', reporter.id)
      .execute();
    expect(logged).toEqual([]);

    // The tenant's administrator acting as the reporter sees nothing of it.
    const boss = await member(demo, [], true);
    const family = await issueSessionInFamily(db(t), boss.id, 600, { tenantId: demo, systemId });
    const acting = await issueSession(db(t), reporter.id, 600, {
      tenantId: demo,
      systemId,
      actingBy: boss.id,
      originFamilyId: family.familyId,
      actingUntil: new Date(Date.now() + 600_000),
    });
    const seen = await call(t, 'GET', '/wyf/reporter/get', { token: acting.access_token });
    expect(seen.body.state).toBe(6010104);
    expect(seen.body.cause).toMatchObject({ reason: 'personal' });
    expect(JSON.stringify(seen.body)).not.toContain('X1234567');
  });

  it('takes an acting session whose actor lost the right for no session on the public routes either', async () => {
    const target = await member(demo, ['file:read']);
    const boss = await member(demo, [], true);
    const id = `acting_file_${Date.now()}`;
    await attachmentRow(t, 't_demo', { id, ownerId: boss.id, name: '内部.pdf' });
    const acting = async (until: Date) => {
      const family = await issueSessionInFamily(db(t), boss.id, 600, { tenantId: demo, systemId });
      return (
        await issueSession(db(t), target.id, 600, {
          tenantId: demo,
          systemId,
          actingBy: boss.id,
          originFamilyId: family.familyId,
          actingUntil: until,
        })
      ).access_token;
    };
    const transfer = (token: string) =>
      call(t, 'POST', `/file/attachment/transfer?ids=${id}`, { token, body: {} });
    // While the administrator may act, the acting session reads the tenant's file list as the member would…
    const token = await acting(new Date(Date.now() + 600_000));
    const live = await transfer(token);
    expect(live.body.data.map((a: { id: string }) => a.id)).toEqual([id]);
    // …once no longer an administrator, a public route answers the session as it answers anyone.
    await db(t)
      .updateTable('platform.tenant_member')
      .set({ is_admin: false })
      .where('account_id', '=', boss.id)
      .where('tenant_id', '=', demo)
      .execute();
    const after = await transfer(token);
    expect(after.body.state).toBe(200);
    expect(after.body.data).toEqual([]);
  });
});
