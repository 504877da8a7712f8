/**
 * The tenant list's main tenant and user relations on both databases: the main tenant choice offers
 * every tenant but the tenant itself and its branches (at any depth); saving a cycle is refused with a
 * translated message and changes nothing; accounts are found by name or account across the platform,
 * and a tenant's members are listed with their administrator flag as relations change. Super user only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { db, demoTenantId, loginToken, makeAccount } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

describe.each(dbKindsOf(import.meta.url))('tenant relations on %s', (kind) => {
  let t: TestServer;
  let admin: string;
  let tenantAdmin: string;
  const ids: Record<string, string> = {};
  const post = (path: string, body?: unknown, token = admin) => call(t, 'POST', path, { token, body });
  const get = (path: string, token = admin) => call(t, 'GET', path, { token });
  const parentOf = async (id: string) =>
    (
      await db(t)
        .selectFrom('platform.tenant')
        .select('parent_id')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).parent_id;
  const options = async (id?: string) => {
    const res = await get(`/saas/tenant/parent/options${id ? `?id=${id}` : ''}`);
    expect(res.body.state).toBe(200);
    return (res.body.data as { id: string; name: string; code: string }[]).map((r) => r.code);
  };

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000 });
    admin = await loginAsAdmin(t);
    const staff = await makeAccount(t, {
      account: `rel_staff_${kind}`,
      tenantId: await demoTenantId(t),
      admin: true,
    });
    tenantAdmin = (await loginToken(t, staff.account, staff.password)).access_token;
    // main ← branch ← twig, and a separate tenant.
    for (const [code, parent] of [
      ['rel_main', null],
      ['rel_branch', 'rel_main'],
      ['rel_twig', 'rel_branch'],
      ['rel_other', null],
    ] as const) {
      const saved = await post('/saas/tenant/save', {
        name: `${code}有限公司`,
        code,
        account: `${code}_admin`,
        email: `admin@${code.replace(/_/g, '-')}.example.cn`,
        ...(parent ? { parentId: ids[parent] } : {}),
      });
      expect(saved.body.state).toBe(200);
      ids[code] = saved.body.data.id;
    }
  });
  afterAll(async () => t?.close());

  it('offers every tenant but the tenant itself and its branches as its main tenant', async () => {
    const all = await options();
    expect(all).toEqual(expect.arrayContaining(['demo', 'rel_main', 'rel_branch', 'rel_twig', 'rel_other']));
    const forMain = await options(ids.rel_main);
    expect(forMain).toEqual(expect.arrayContaining(['demo', 'rel_other']));
    for (const code of ['rel_main', 'rel_branch', 'rel_twig']) expect(forMain).not.toContain(code);
    const forBranch = await options(ids.rel_branch);
    expect(forBranch).toEqual(expect.arrayContaining(['rel_main', 'rel_other']));
    expect(forBranch).not.toContain('rel_branch');
    expect(forBranch).not.toContain('rel_twig');
    const forTwig = await options(ids.rel_twig);
    expect(forTwig).toEqual(expect.arrayContaining(['rel_main', 'rel_branch', 'rel_other']));
    expect(forTwig).not.toContain('rel_twig');

    const unknown = await get('/saas/tenant/parent/options?id=nope');
    expect(unknown.body.state).toBe(404);
    expect(unknown.body.message).toContain('nope');
  });

  it('refuses a main tenant that would make a cycle, changing nothing; a valid one is saved', async () => {
    const main = (await get(`/saas/tenant/get?id=${ids.rel_main}`)).body.data;
    for (const below of [ids.rel_twig, ids.rel_branch, ids.rel_main]) {
      const res = await post('/saas/tenant/save', { ...main, parentId: below });
      expect(res.body.state).toBe(6010101);
      expect(res.body.message).toBe('主租户不能是租户自身或其分支租户');
      expect(await parentOf(ids.rel_main)).toBeNull();
    }
    const en = await call(t, 'POST', '/saas/tenant/save', {
      token: admin,
      body: { ...main, parentId: ids.rel_twig },
      headers: { 'accept-language': 'en' },
    });
    expect(en.body.message).toBe('The main tenant cannot be the tenant itself or one of its branches');
    const missing = await post('/saas/tenant/save', { ...main, parentId: 'nope' });
    expect(missing.body.state).toBe(404);
    expect(await parentOf(ids.rel_main)).toBeNull();

    // The twig moved under the other tenant is no branch of the main tenant any more.
    const twig = (await get(`/saas/tenant/get?id=${ids.rel_twig}`)).body.data;
    const moved = await post('/saas/tenant/save', { ...twig, parentId: ids.rel_other });
    expect(moved.body.state).toBe(200);
    expect(moved.body.data).toMatchObject({ parentId: ids.rel_other, parentName: 'rel_other有限公司' });
    expect(await options(ids.rel_main)).toContain('rel_twig');
    const cleared = await post('/saas/tenant/save', { ...twig, parentId: null });
    expect(cleared.body.data.parentId).toBeNull();
  });

  it("finds accounts by name or account and lists a tenant's members with the administrator flag", async () => {
    const ann = await makeAccount(t, { account: `rel_ann_${kind}` });
    const bob = await makeAccount(t, { account: `rel_bob_${kind}` });
    const accounts = (name: string, tenantId?: string) =>
      post('/saas/tenant/account/query', {
        parameters: [
          { key: 'name', value: name },
          ...(tenantId ? [{ key: 'tenantId', value: tenantId }] : []),
        ],
        requestPage: { pageNo: 1, limit: 20 },
      });
    const found = await accounts(`rel_ann_${kind}`);
    expect(found.body.state).toBe(200);
    expect(found.body.data.dataResult).toEqual([
      expect.objectContaining({ id: ann.id, account: ann.account, name: `User ${ann.account}` }),
    ]);
    // Part of the full name ("User rel_…") finds both; a LIKE wildcard is taken literally.
    const both = await accounts(`User rel_`);
    expect(both.body.data.dataResult.map((r: { id: string }) => r.id)).toEqual(
      expect.arrayContaining([ann.id, bob.id]),
    );
    expect((await accounts('%')).body.data.pageResult.totalCount).toBe(0);

    const other = ids.rel_other;
    expect((await accounts('', other)).body.data.dataResult).toEqual([]);
    expect(
      (await post('/saas/tenant/save/user/relation', { tenantId: other, userIds: [ann.id, bob.id] })).body
        .state,
    ).toBe(200);
    expect(
      (
        await post('/saas/tenant/save/user/relation', {
          tenantId: other,
          userIds: [bob.id],
          isTenantAdmin: true,
        })
      ).body.state,
    ).toBe(200);
    const members = (await accounts('', other)).body.data;
    expect(members.pageResult.totalCount).toBe(2);
    expect(members.dataResult).toEqual([
      expect.objectContaining({ id: ann.id, isTenantAdmin: false }),
      expect.objectContaining({ id: bob.id, isTenantAdmin: true }),
    ]);
    expect((await accounts('bob', other)).body.data.dataResult.map((r: { id: string }) => r.id)).toEqual([
      bob.id,
    ]);
    expect((await accounts('', 'nope')).body.state).toBe(404);
  });

  it('is for the super user only', async () => {
    expect((await get('/saas/tenant/parent/options', tenantAdmin)).body.state).not.toBe(200);
    const listed = await post('/saas/tenant/account/query', {}, tenantAdmin);
    expect(listed.body.state).not.toBe(200);
    expect(listed.body.data?.dataResult).toBeUndefined();
  });
});
