/**
 * Per-tenant quotas on both databases: the super user sets an account limit and a storage limit on a
 * tenant; a new member past the account limit is refused (employee create, user relation) with a
 * translated message and nothing written; an upload past the storage limit is refused; the list and
 * the form show what the tenant uses.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantSchemaName } from '../../server/db/tenant-space.ts';
import { makePdf } from '../support/file-fixtures.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { db, demoTenantId, loginToken, makeAccount } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

const PASSWORD = 'Lime#2026river';

describe.each(dbKindsOf(import.meta.url))('tenant quotas on %s', (kind) => {
  let t: TestServer;
  let admin: string;
  let demo: string;
  const post = (path: string, body?: unknown, token = admin, lang = 'zh-CN') =>
    call(t, 'POST', path, { token, body, headers: { 'accept-language': lang } });
  const members = async () =>
    Number(
      (
        await db(t)
          .selectFrom('platform.tenant_member')
          .select((e) => e.fn.countAll<number>().as('n'))
          .where('tenant_id', '=', demo)
          .executeTakeFirstOrThrow()
      ).n,
    );
  const employees = async () =>
    (await db(t).withSchema(tenantSchemaName('demo')).selectFrom('employee').select('id').execute()).length;
  const getTenant = async () => (await call(t, 'GET', `/saas/tenant/get?id=${demo}`, { token: admin })).body;
  const saveLimits = async (limits: { maxAccounts: number | null; maxStorageMb: number | null }) => {
    const current = (await getTenant()).data;
    const body = { ...current, ...limits };
    for (const readOnly of ['memberCount', 'storageBytes', 'createTime', 'parentName', 'schemaStatus'])
      delete body[readOnly];
    return post('/saas/tenant/save', body);
  };

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000 });
    admin = await loginAsAdmin(t);
    demo = await demoTenantId(t);
  });
  afterAll(async () => t?.close());

  it('shows each tenant’s member accounts and storage in the list and the form', async () => {
    const list = await post('/saas/tenant/query', { requestPage: { pageNo: 1, limit: 10 } });
    const row = (list.body.data.dataResult as Record<string, unknown>[]).find((r) => r.id === demo)!;
    expect(row.memberCount).toBe(await members());
    expect(row.storageBytes).toBe(0);
    const one = await getTenant();
    expect(one.data).toMatchObject({ memberCount: await members(), maxAccounts: null, maxStorageMb: null });
  });

  it('refuses a limit that is not a positive whole number, changing nothing', async () => {
    const r = await saveLimits({ maxAccounts: 0, maxStorageMb: null });
    expect(r.body.state).not.toBe(200);
    expect((await getTenant()).data.maxAccounts).toBeNull();
  });

  it('refuses a new member past the account limit, by employee create and by user relation', async () => {
    const now = await members();
    expect((await saveLimits({ maxAccounts: now + 1, maxStorageMb: null })).body.state).toBe(200);
    const person = (n: number) => ({
      partyEmployeePo: {
        account: `quota${n}x`,
        password: PASSWORD,
        name: `额度员工${n}`,
        status: 'actived',
        gender: 'female',
        email: `quota${n}@demo.example.cn`,
      },
    });
    expect((await post('/employee/create', person(1))).body.state).toBe(200);
    expect(await members()).toBe(now + 1);
    const before = await employees();
    const refused = await post('/employee/create', person(2));
    expect(refused.body.state).toBe(6010101);
    expect(refused.body.message).toContain('成员账号已达上限');
    expect(await members()).toBe(now + 1);
    expect(await employees()).toBe(before);
    const en = await post('/employee/create', person(3), admin, 'en');
    expect(en.body.message).toContain('reached its limit');

    const outsider = await makeAccount(t, { account: `quota_outsider_${kind}` });
    const relation = await post('/saas/tenant/save/user/relation', {
      tenantId: demo,
      userIds: [outsider.id],
    });
    expect(relation.body.state).toBe(6010101);
    expect(relation.body.message).toContain('成员账号已达上限');
    expect(await members()).toBe(now + 1);

    // Raising the limit lets them in; an existing member never counts twice.
    expect((await saveLimits({ maxAccounts: now + 2, maxStorageMb: null })).body.state).toBe(200);
    const again = await post('/saas/tenant/save/user/relation', { tenantId: demo, userIds: [outsider.id] });
    expect(again.body.state).toBe(200);
    const repeat = await post('/saas/tenant/save/user/relation', { tenantId: demo, userIds: [outsider.id] });
    expect(repeat.body.state).toBe(200);
    expect(await members()).toBe(now + 2);
    await saveLimits({ maxAccounts: null, maxStorageMb: null });
  });

  it('refuses an upload past the tenant’s own storage limit', async () => {
    const staff = await makeAccount(t, { account: `quota_staff_${kind}`, tenantId: demo, admin: true });
    const token = (await loginToken(t, staff.account, staff.password)).access_token;
    const upload = async (bytes: Buffer) => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(bytes)]), '协议.pdf');
      const res = await fetch(`${t.api}/fldFile/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'accept-language': 'zh-CN' },
        body: form,
      });
      return (await res.json()) as { state: number; message: string };
    };
    expect((await saveLimits({ maxAccounts: null, maxStorageMb: 1 })).body.state).toBe(200);
    // A real PDF head (the content is sniffed) padded to the size wanted.
    const pdfOf = (bytes: number) => Buffer.concat([makePdf(1), Buffer.alloc(bytes, 0x20)]);
    const big = pdfOf(1_200_000);
    const refused = await upload(big);
    expect(refused.state).not.toBe(200);
    expect(refused.message).toMatch(/1(\.0)? ?MB/);
    const small = await upload(pdfOf(10_000));
    expect(small.state).toBe(200);
    const list = await post('/saas/tenant/query', { requestPage: { pageNo: 1, limit: 10 } });
    const row = (list.body.data.dataResult as Record<string, unknown>[]).find((r) => r.id === demo)!;
    expect(row.storageBytes as number).toBeGreaterThan(9_000);
    await saveLimits({ maxAccounts: null, maxStorageMb: null });
  });
});
