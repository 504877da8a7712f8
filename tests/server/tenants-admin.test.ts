/**
 * Tenant administration on both databases: the list with its filters and sorts, batch approval
 * (WAIT → PASSED or REFUSED, all or nothing), the data space created and dropped, removal, and that
 * only the super user may do any of it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/auth/tokens.ts';
import { tenantSchemaName } from '../../server/db/tenant-space.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { db, demoTenantId, loginToken, makeAccount } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

describe.each(dbKindsOf(import.meta.url))('tenants on %s', (kind) => {
  let t: TestServer;
  let admin: string;
  let demo: string;
  let staffToken: string;
  const ids: Record<string, string> = {};

  const post = (path: string, body?: unknown, token = admin) => call(t, 'POST', path, { token, body });
  const query = (body: unknown) => post('/saas/tenant/query', body);
  const tenant = (id: string) =>
    db(t).selectFrom('platform.tenant').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  const schemaExists = async (name: string) =>
    (
      await sql<{
        n: number;
      }>`select count(*)::int as n from information_schema.schemata where schema_name = ${name}`.execute(
        db(t),
      )
    ).rows[0].n === 1;

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000 });
    admin = await loginAsAdmin(t);
    demo = await demoTenantId(t);
    const staff = await makeAccount(t, { account: `tenant_staff_${kind}`, tenantId: demo, admin: true });
    staffToken = (await loginToken(t, staff.account, staff.password)).access_token;
    const rows = [
      ['acme', '甲公司', 'WAIT', null, '2024-01-01 10:00:00+08'],
      ['beta', '乙公司', 'WAIT', null, '2024-01-02 10:00:00+08'],
      ['gamma', '丙公司', 'PASSED', null, '2024-01-03 10:00:00+08'],
      ['gamma_branch', '丙公司分公司', 'PASSED', 'gamma', '2024-01-04 10:00:00+08'],
      ['delta', '丁公司', 'REFUSED', null, '2024-01-05 10:00:00+08'],
    ] as const;
    for (const [code, name, approve, parent, created] of rows) {
      ids[code] = newId();
      await db(t)
        .insertInto('platform.tenant')
        .values({
          id: ids[code],
          code,
          name,
          schema_name: tenantSchemaName(code),
          account: `${code}_admin`,
          email: `admin@${code}.example.cn`,
          scale: '50-199',
          parent_id: parent ? ids[parent] : null,
          approve_status: approve,
          created_at: created,
        })
        .execute();
    }
  });
  afterAll(async () => t?.close());

  it('lists tenants newest first with the parent name, formatted time and paging', async () => {
    const res = await query({ requestPage: { pageNo: 1, limit: 3 } });
    expect(res.body.state).toBe(200);
    expect(res.body.data.pageResult).toEqual({
      totalCount: 6,
      totalPages: 2,
      page: 1,
      limit: 3,
      totalExact: true,
    });
    const rows = res.body.data.dataResult as Record<string, unknown>[];
    // The demo tenant was seeded now, so it is the newest.
    expect(rows.map((r) => r.code)).toEqual(['demo', 'delta', 'gamma_branch']);
    expect(rows[2]).toEqual({
      id: ids.gamma_branch,
      name: '丙公司分公司',
      code: 'gamma_branch',
      kind: 'enterprise',
      creditCode: null,
      contactName: null,
      mobile: null,
      address: null,
      refuseReason: null,
      account: 'gamma_branch_admin',
      email: 'admin@gamma_branch.example.cn',
      scale: '50-199',
      parentId: ids.gamma,
      parentName: '丙公司',
      approveStatus: 'PASSED',
      status: 'ENABLED',
      schemaStatus: 'NONE',
      createTime: '2024-01-04 10:00:00',
      maxAccounts: null,
      maxStorageMb: null,
      memberCount: 0,
      storageBytes: 0,
    });
  });

  it('filters by name, approval status (one or several) and sorts by name', async () => {
    const waiting = await query({ parameters: [{ key: 'approveStatus', value: 'WAIT' }] });
    expect((waiting.body.data.dataResult as { code: string }[]).map((r) => r.code).sort()).toEqual([
      'acme',
      'beta',
    ]);
    const several = await query({
      parameters: [
        { key: 'approveStatus', value: ['WAIT', 'REFUSED'] },
        { key: 'name', value: '公司' },
      ],
      sorts: [{ field: 'code', order: 'DESC' }],
    });
    expect((several.body.data.dataResult as { code: string }[]).map((r) => r.code)).toEqual([
      'delta',
      'beta',
      'acme',
    ]);
    const bad = await query({ parameters: [{ key: 'schema_name', value: 'x' }] });
    expect(bad.body.state).toBe(6010101);
  });

  it('approves a batch of waiting tenants, and changes nothing when one of them is not waiting', async () => {
    const mixed = await post(`/saas/tenant/approve/batch?ids=${ids.acme},${ids.gamma}&approveStatus=PASSED`);
    expect(mixed.body.state).toBe(6010101);
    expect(mixed.body.message).toBe('租户“丙公司”不是待审核状态');
    expect((await tenant(ids.acme)).approve_status).toBe('WAIT');

    const unknown = await post(`/saas/tenant/approve/batch?ids=${ids.acme},nope&approveStatus=PASSED`);
    expect(unknown.body.state).toBe(404);
    expect((await tenant(ids.acme)).approve_status).toBe('WAIT');

    const wrongStatus = await post(`/saas/tenant/approve/batch?ids=${ids.acme}&approveStatus=MAYBE`);
    expect(wrongStatus.body.state).toBe(6010101);

    const ok = await post(`/saas/tenant/approve/batch?ids=${ids.acme}&approveStatus=PASSED`);
    expect(ok.body.state).toBe(200);
    const refused = await post(`/saas/tenant/approve/batch?ids=${ids.beta}&approveStatus=REFUSED&reason=x`);
    expect(refused.body.state).toBe(200);
    expect((await tenant(ids.acme)).approve_status).toBe('PASSED');
    expect((await tenant(ids.beta)).approve_status).toBe('REFUSED');
  });

  it('creates and drops the data space of an approved tenant', async () => {
    const notApproved = await post(`/saas/tenant/schema/create?id=${ids.delta}`);
    expect(notApproved.body.state).toBe(6010101);
    expect(notApproved.body.message).toBe('租户“丁公司”尚未审核通过，不能创建数据空间');

    // Approval (previous test) created the space already.
    const created = await call(t, 'GET', `/saas/tenant/get?id=${ids.acme}`, { token: admin });
    expect(created.body.data).toMatchObject({ id: ids.acme, schemaStatus: 'CREATED' });
    expect(await schemaExists(tenantSchemaName('acme'))).toBe(true);
    // The space is a working tenant schema: the template's tables are there.
    await db(t).withSchema(tenantSchemaName('acme')).selectFrom('employee').select('id').execute();

    const twice = await post(`/saas/tenant/schema/create?id=${ids.acme}`);
    expect(twice.body.message).toBe('租户“甲公司”的数据空间已存在');

    const removeWithSpace = await post(`/saas/tenant/remove?ids=${ids.acme}`);
    expect(removeWithSpace.body.message).toBe('请先删除租户“甲公司”的数据空间');

    const dropped = await post(`/saas/tenant/schema/drop?id=${ids.acme}`);
    expect(dropped.body.state).toBe(200);
    expect(dropped.body.data).toMatchObject({ schemaStatus: 'DROPPED' });
    expect(await schemaExists(tenantSchemaName('acme'))).toBe(false);
    const dropAgain = await post(`/saas/tenant/schema/drop?id=${ids.acme}`);
    expect(dropAgain.body.message).toBe('租户“甲公司”没有数据空间');
  });

  it('does not drop the space of the tenant the caller is signed in to', async () => {
    const res = await post(`/saas/tenant/schema/drop?id=${demo}`);
    expect(res.body.state).toBe(6010101);
    expect(await schemaExists(tenantSchemaName('demo'))).toBe(true);
  });

  it('removes tenants, but not a main tenant whose branch stays', async () => {
    const withBranch = await post(`/saas/tenant/remove?ids=${ids.gamma}`);
    expect(withBranch.body.message).toBe('租户“丙公司”下还有分支租户，请先删除分支租户');
    const both = await post(`/saas/tenant/remove?ids=${ids.gamma},${ids.gamma_branch},${ids.acme}`);
    expect(both.body.state).toBe(200);
    const left = await query({ parameters: [{ key: 'code', value: 'a' }] });
    expect((left.body.data.dataResult as { code: string }[]).map((r) => r.code).sort()).toEqual([
      'beta',
      'delta',
    ]);
  });

  it('is for the super user only, even a tenant admin may not', async () => {
    const listed = await post('/saas/tenant/query', {}, staffToken);
    expect(listed.body.state).toBe(6010106);
    const approve = await post(
      `/saas/tenant/approve/batch?ids=${ids.delta}&approveStatus=PASSED`,
      undefined,
      staffToken,
    );
    expect(approve.body.state).toBe(6010106);
    expect((await tenant(ids.delta)).approve_status).toBe('REFUSED');
  });
});
