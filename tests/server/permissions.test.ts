/**
 * The permission model at work: permissions through roles and menu resources (own and inherited), the
 * cache refreshed when a grant changes, the data scope of people data, the login and operation logs and
 * who reads them, and the built-in menu added to an existing installation without touching edited entries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { flattenMenus, loadMenuFiles } from '../../schemas/menus.ts';
import { syncBuiltInMenus } from '../../server/seed/menu-sync.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import {
  db,
  demoTenantId,
  grantRole,
  loginToken,
  makeAccount,
  makeTenant,
  type MadeAccount,
} from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

describe.each(dbKindsOf(import.meta.url))('permissions on %s', (kind) => {
  let t: TestServer;
  let demo: string;
  let admin: string;
  let member: MadeAccount;
  let memberToken: string;
  const space = () => db(t).withSchema('t_demo');
  const employeeOf = async (accountId: string) =>
    (
      await space()
        .selectFrom('employee')
        .select('id')
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow()
    ).id;
  const roleId = async (alias: string) =>
    (await space().selectFrom('role').select('id').where('alias', '=', alias).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 0 });
    demo = await demoTenantId(t);
    admin = await loginAsAdmin(t);
    member = await makeAccount(t, { account: `pm_member_${kind}`, tenantId: demo });
    memberToken = (await loginToken(t, member.account, member.password)).access_token;
  });
  afterAll(async () => t?.close());

  it('grants permissions through roles at once, and takes them away at once', async () => {
    const ctx = await call(t, 'GET', '/user/context', { token: memberToken });
    expect(ctx.body.data.permissions).toEqual([]);
    expect((await call(t, 'POST', '/employee/disable?ids=x', { token: memberToken })).body).toMatchObject({
      state: 6010104,
      cause: { reason: 'permission', permission: 'employee:status' },
    });
    // The demo role sysAdmin grants the people pages and their buttons: given by the admin, it counts at once.
    const me = await employeeOf(member.id);
    const sysAdmin = await roleId('sysAdmin');
    expect(
      (await call(t, 'POST', `/role/addUser?roleId=${sysAdmin}&userIds=${me}`, { token: admin })).body.state,
    ).toBe(200);
    const granted = await call(t, 'GET', '/user/context', { token: memberToken });
    expect(granted.body.data.permissions).toEqual(
      expect.arrayContaining(['employee:read', 'employee:status', 'employee:write', 'role:grant']),
    );
    expect(granted.body.data.permissions).not.toContain('employee:actAs');
    expect(granted.body.data.permissions).not.toContain('tenant:approve');
    expect((await call(t, 'POST', '/employee/disable?ids=nobody', { token: memberToken })).body.state).toBe(
      404,
    );
    expect(
      (await call(t, 'POST', `/role/removeUser?roleId=${sysAdmin}&userIds=${me}`, { token: admin })).body
        .state,
    ).toBe(200);
    expect((await call(t, 'GET', '/user/context', { token: memberToken })).body.data.permissions).toEqual([]);

    // Inherited through an organisation: the role granted to the member's organisation.
    const org = (
      await space().selectFrom('org').select('id').where('code', '=', 'office').executeTakeFirstOrThrow()
    ).id;
    await space()
      .insertInto('employee_org')
      .values({ employee_id: me, org_id: org, is_main: true })
      .execute();
    expect(
      (await call(t, 'POST', `/org/assignRole?orgId=${org}&roleIds=${sysAdmin}`, { token: admin })).body
        .state,
    ).toBe(200);
    expect((await call(t, 'GET', '/user/context', { token: memberToken })).body.data.permissions).toContain(
      'employee:read',
    );
    expect(
      (await call(t, 'POST', `/org/removeRole?orgId=${org}&roleIds=${sysAdmin}`, { token: admin })).body
        .state,
    ).toBe(200);
    // What stays is the office's own role (officeStaff), inherited through the organisation too.
    expect((await call(t, 'GET', '/user/context', { token: memberToken })).body.data.permissions).toEqual([
      'file:upload',
      'message:send',
    ]);

    // Tenant admins hold every tenant permission; the super user every one.
    const adminCtx = await call(t, 'GET', '/user/context', { token: admin });
    expect(adminCtx.body.data.permissions).toEqual(
      expect.arrayContaining(['employee:actAs', 'tenant:approve', 'log:read']),
    );
  });

  it('shows a member the directory of colleagues only, never their personal data', async () => {
    const list = await call(t, 'POST', '/employee/query', { token: memberToken, body: {} });
    expect(list.body.state).toBe(200);
    const rows = list.body.data.dataResult as Record<string, unknown>[];
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) expect(Object.keys(row).sort()).toEqual(expect.arrayContaining(['id', 'name']));
    for (const row of rows) {
      for (const personal of ['mobile', 'email', 'account', 'qq', 'wcAccount', 'address', 'gender'])
        expect(row).not.toHaveProperty(personal);
    }
    const colleague = rows.find((r) => r.name !== `User ${member.account}`)!;
    const one = await call(t, 'GET', `/employee/get?employeeId=${colleague.id}`, { token: memberToken });
    expect(Object.keys(one.body.data).sort()).toEqual(expect.arrayContaining(['id', 'name']));
    expect(one.body.data).not.toHaveProperty('mobile');
    const loaded = await call(t, 'GET', `/employee/load?employeeId=${colleague.id}`, { token: memberToken });
    expect(loaded.body.data.partyRoles).toEqual([]);
    expect(loaded.body.data.partyAttrs).toEqual([]);
    expect(loaded.body.data.data).not.toHaveProperty('email');
    // No probing through filters or sorts on personal fields.
    const probe = await call(t, 'POST', '/employee/query', {
      token: memberToken,
      body: { parameters: [{ key: 'mobile', value: '138' }] },
    });
    expect(probe.body).toMatchObject({ state: 6010104, cause: { permission: 'employee:read' } });
    // One's own record is whole; with employee:read, everyone's is.
    const mine = await call(t, 'GET', `/employee/get?employeeId=${await employeeOf(member.id)}`, {
      token: memberToken,
    });
    expect(mine.body.data.mobile).toBe(member.mobile);
    const full = await call(t, 'GET', `/employee/get?employeeId=${colleague.id}`, { token: admin });
    expect(full.body.data).toHaveProperty('account');
  });

  it('takes a picked day as a China day in the logs, whatever zone the database session runs in', async () => {
    const account = `tz_probe_${kind}`;
    // 23:30 on 6 May and 07:30 on 7 May, China time: both on 6 May in UTC.
    for (const at of ['2024-05-06 23:30:00+08', '2024-05-07 07:30:00+08'])
      await db(t)
        .insertInto('platform.login_log')
        .values({ tenant_id: null, account, event: 'login', outcome: 'success', created_at: at })
        .execute();
    const onDay = async (day: string) =>
      (
        (
          await call(t, 'POST', '/log/login/query', {
            token: admin,
            body: {
              parameters: [
                { key: 'account', value: account },
                { key: 'createTimeFrom', value: day },
                { key: 'createTimeTo', value: day },
              ],
            },
          })
        ).body.data.dataResult as { createTime: string }[]
      ).map((r) => r.createTime);
    expect(await onDay('2024-05-07')).toEqual(['2024-05-07 07:30:00']);
    expect(await onDay('2024-05-06')).toEqual(['2024-05-06 23:30:00']);
  });

  it('logs sign-ins and writes per tenant; a tenant admin reads their own tenant only', async () => {
    const other = await makeTenant(t, `pm_${kind}`);
    const bossB = await makeAccount(t, { account: `pm_bossB_${kind}`, tenantId: other, admin: true });
    const bossA = await makeAccount(t, { account: `pm_bossA_${kind}`, tenantId: demo, admin: true });
    await call(t, 'POST', '/authentication/apply', {
      body: { grant_type: 'password_credentials', username: bossA.account, password: 'wrong-password' },
    });
    const tokenA = (await loginToken(t, bossA.account, bossA.password)).access_token;
    const tokenB = (await loginToken(t, bossB.account, bossB.password)).access_token;
    expect(
      (
        await call(t, 'POST', '/org/save', {
          token: tokenA,
          body: { name: '审计测试部', code: `audit_${kind}`, parentId: '0' },
        })
      ).body.state,
    ).toBe(200);

    const loginsA = await call(t, 'POST', '/log/login/query', { token: tokenA, body: {} });
    expect(loginsA.body.state).toBe(200);
    const rowsA = loginsA.body.data.dataResult as {
      tenantId: string;
      account: string;
      outcome: string;
      event: string;
    }[];
    expect(rowsA.every((r) => r.tenantId === demo)).toBe(true);
    expect(rowsA).toEqual(
      expect.arrayContaining([
        // A refused sign-in says why in words, in the reader's language (not the stored code).
        expect.objectContaining({
          account: bossA.account,
          event: 'login',
          outcome: 'failure',
          reason: '用户名或密码错误',
        }),
        expect.objectContaining({ account: bossA.account, event: 'login', outcome: 'success' }),
      ]),
    );
    const inEnglish = await call(t, 'POST', '/log/login/query?lang=en', { token: tokenA, body: {} });
    expect(inEnglish.body.data.dataResult).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ outcome: 'failure', reason: expect.stringMatching(/password/i) }),
      ]),
    );
    expect(rowsA.some((r) => r.account === bossB.account)).toBe(false);
    const opsA = await call(t, 'POST', '/log/operation/query', { token: tokenA, body: {} });
    expect(opsA.body.data.dataResult).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ operationId: 'org.save', outcome: 'success', account: bossA.account }),
      ]),
    );
    // Tenant B's admin sees none of A's rows, even when asking for them.
    const opsB = await call(t, 'POST', '/log/operation/query', {
      token: tokenB,
      body: { parameters: [{ key: 'tenantId', value: demo }] },
    });
    expect((opsB.body.data.dataResult as { tenantId: string }[]).every((r) => r.tenantId === other)).toBe(
      true,
    );
    // The super user sees every tenant's; a member without log:read nothing.
    const all = await call(t, 'POST', '/log/login/query', {
      token: admin,
      body: { requestPage: { limit: 500 } },
    });
    const tenants = new Set(
      (all.body.data.dataResult as { tenantId: string | null }[]).map((r) => r.tenantId),
    );
    expect(tenants.has(demo) && tenants.has(other)).toBe(true);
    expect((await call(t, 'POST', '/log/login/query', { token: memberToken, body: {} })).body.state).toBe(
      6010104,
    );
  });

  it('adds new built-in menu entries to an existing installation and leaves edited ones alone', async () => {
    const items = flattenMenus(loadMenuFiles());
    const systemId = (
      await db(t)
        .selectFrom('platform.subsystem')
        .select('id')
        .where('alias', '=', 'merger')
        .executeTakeFirstOrThrow()
    ).id;
    // An administrator renamed the org tree entry; a later version renames the tenant list and brings a page.
    await db(t)
      .updateTable('platform.resource')
      .set({ name: '我的组织' })
      .where('alias', '=', 'orgTree')
      .execute();
    const next = [
      ...items.map((i) =>
        i.alias === 'orgTree' || i.alias === 'tenantList' ? { ...i, name: 'menus.links', icon: 'folder' } : i,
      ),
      {
        ...items.find((i) => i.alias === 'frontLog')!,
        alias: `newPage_${kind}`,
        name: 'menus.links',
        sort: 99,
      },
    ];
    const result = await syncBuiltInMenus(db(t), next);
    expect(result.added).toBe(1);
    expect(result.edited).toContain('orgTree');
    const rows = await db(t)
      .selectFrom('platform.resource')
      .select(['alias', 'name', 'icon'])
      .where('system_id', '=', systemId)
      .where('alias', 'in', ['orgTree', 'tenantList', `newPage_${kind}`])
      .orderBy('alias')
      .execute();
    expect(rows).toEqual(
      expect.arrayContaining([
        { alias: 'orgTree', name: '我的组织', icon: 'org' },
        { alias: 'tenantList', name: 'menus.links', icon: 'folder' },
        { alias: `newPage_${kind}`, name: 'menus.links', icon: 'bug' },
      ]),
    );
    // Run again: nothing more to do.
    expect(await syncBuiltInMenus(db(t), next)).toMatchObject({ added: 0, updated: 0 });
    // A menu from before the permissions (no digest, no permissions) receives them.
    await db(t)
      .updateTable('platform.resource')
      .set({ permissions: [], origin_digest: null })
      .where('alias', '=', 'employeeList')
      .execute();
    await syncBuiltInMenus(db(t), next);
    const legacy = await db(t)
      .selectFrom('platform.resource')
      .select('permissions')
      .where('alias', '=', 'employeeList')
      .executeTakeFirstOrThrow();
    expect(legacy.permissions).toEqual(['employee:read']);
  });

  it('grants a right split out of an older one to the roles holding the older one, on an installation that predates it', async () => {
    // An installation from before review:allCases: its reviewers' roles grant filing_reviewRead only.
    const resource = (alias: string) =>
      db(t)
        .selectFrom('platform.resource')
        .select(['id', 'system_id'])
        .where('alias', '=', alias)
        .executeTakeFirstOrThrow();
    const read = await resource('filing_reviewRead');
    const old = await resource('filing_reviewAllCases');
    const { schema_name: schema } = await db(t)
      .selectFrom('platform.tenant')
      .select('schema_name')
      .where('id', '=', demo)
      .executeTakeFirstOrThrow();
    const reviewers = await grantRole(t, schema, {
      systemId: read.system_id,
      name: '旧审查员',
      alias: `oldReviewer_${kind}`,
      resourceIds: [read.id],
      accountIds: [],
    });
    const others = await grantRole(t, schema, {
      systemId: read.system_id,
      name: '旧其他',
      alias: `oldOther_${kind}`,
      resourceIds: [],
      accountIds: [],
    });
    const tenants = await db(t).selectFrom('platform.tenant').select('schema_name').execute();
    for (const { schema_name } of tenants)
      await db(t)
        .withSchema(schema_name)
        .deleteFrom('role_resource')
        .where('resource_id', '=', old.id)
        .execute();
    await db(t).deleteFrom('platform.resource').where('id', '=', old.id).execute();

    const result = await syncBuiltInMenus(db(t));
    expect(result.added).toBe(1);
    const added = await resource('filing_reviewAllCases');
    const holders = async (resourceId: string) =>
      (
        await db(t)
          .withSchema(schema)
          .selectFrom('role_resource')
          .select('role_id')
          .where('resource_id', '=', resourceId)
          .execute()
      )
        .map((r) => r.role_id)
        .sort();
    expect(await holders(added.id)).toEqual(await holders(read.id));
    expect(await holders(added.id)).toContain(reviewers.roleId);
    expect(await holders(added.id)).not.toContain(others.roleId);
    expect(result.granted).toBeGreaterThanOrEqual(1);
    // A later start adds nothing and grants nothing again.
    expect(await syncBuiltInMenus(db(t))).toMatchObject({ added: 0, granted: 0 });
  });
});
