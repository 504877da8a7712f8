/** The walking skeleton over the real app on both databases: login, context, menu, employee list. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { dbKindsOf } from './databases.ts';

describe.each(dbKindsOf(import.meta.url))('foundation on %s', (kind) => {
  let t: TestServer;
  let token: string;

  beforeAll(async () => {
    t = await startTestServer(kind);
    token = await loginAsAdmin(t);
  });
  afterAll(async () => t?.close());

  it('rejects a wrong password with 6020101 in the requested language', async () => {
    const zh = await call(t, 'POST', '/authentication/apply', {
      body: { grant_type: 'password_credentials', username: 'admin', password: 'wrong-password' },
    });
    expect(zh.status).toBe(401);
    expect(zh.body).toMatchObject({ state: 6020101, message: '用户名或密码错误', data: null });
    const en = await call(t, 'POST', '/authentication/apply?lang=en', {
      body: { grant_type: 'password_credentials', username: 'nobody', password: 'wrong-password' },
    });
    expect(en.body.message).toBe('Wrong username or password');
  });

  it('issues a token of the spec shape', async () => {
    const r = await call(t, 'POST', '/authentication/apply', {
      body: { grant_type: 'password_credentials', username: 'admin', password: t.adminPassword },
    });
    expect(r.body.state).toBe(200);
    expect(Object.keys(r.body.data).sort()).toEqual([
      'access_token',
      'create_at',
      'expires_in',
      'refresh_token',
      'uid',
    ]);
    expect(r.body.data.expires_in).toBe(1800);
    expect(r.body.data.access_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('returns the user context with the demo tenant', async () => {
    const r = await call(t, 'GET', '/user/context', { token });
    expect(r.body.state).toBe(200);
    const d = r.body.data;
    expect(d.user).toMatchObject({ account: 'admin', isSuper: 'Y' });
    expect(d.tenants).toHaveLength(1);
    expect(d.tenantId).toBe(d.tenants[0].id);
    expect(d.mainTenant.id).toBe(d.tenantId);
    expect(d.isTenantAdmin).toBe(true);
    expect(d.employee).toMatchObject({ name: '超级管理员', status: 'actived' });
  });

  it('serves the menu tree with the employee list screen', async () => {
    const r = await call(t, 'GET', '/auth/resources/getMenuData', { token });
    expect(r.body.state).toBe(200);
    const [system] = r.body.data;
    expect(system).toMatchObject({ alias: 'system', name: 'menu.system', parentId: '0', level: 1 });
    expect(system.children[0]).toMatchObject({ alias: 'employeeList', screen: 'employee-list', level: 2 });
  });

  it('pages employees at 20 with the total', async () => {
    const r = await call(t, 'POST', '/employee/query', {
      token,
      body: { requestPage: { pageNo: 1, limit: 20 } },
    });
    expect(r.body.state).toBe(200);
    expect(r.body.data.dataResult).toHaveLength(20);
    expect(r.body.data.pageResult).toMatchObject({ totalCount: 51, totalPages: 3, page: 1 });
    const p3 = await call(t, 'POST', '/employee/query', {
      token,
      body: { requestPage: { pageNo: 3, limit: 20 } },
    });
    expect(p3.body.data.dataResult).toHaveLength(11);
    const ids = new Set(
      [...r.body.data.dataResult, ...p3.body.data.dataResult].map((e: { id: string }) => e.id),
    );
    expect(ids.size).toBe(31);
  });

  it('searches employees by name and sorts by a declared field', async () => {
    const r = await call(t, 'POST', '/employee/query', {
      token,
      body: {
        parameters: [{ key: 'name', value: '王' }],
        requestPage: { pageNo: 1, limit: 50 },
        sorts: [{ field: 'name', order: 'ASC' }],
      },
    });
    expect(r.body.state).toBe(200);
    const names = r.body.data.dataResult.map((e: { name: string }) => e.name);
    expect(names.length).toBeGreaterThan(0);
    expect(names.every((n: string) => n.includes('王'))).toBe(true);
    expect(r.body.data.pageResult.totalCount).toBe(names.length);
    const bad = await call(t, 'POST', '/employee/query', {
      token,
      body: { sorts: [{ field: 'password', order: 'ASC' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.state).toBe(6010101);
    expect(bad.body.message).toContain('password');
  });

  it('treats LIKE wildcards in a search as text', async () => {
    const r = await call(t, 'POST', '/employee/query', {
      token,
      body: { parameters: [{ key: 'name', value: '%' }] },
    });
    expect(r.body.data.pageResult.totalCount).toBe(0);
  });

  it('serves the same operation under its service prefix', async () => {
    const r = await call(t, 'GET', '/platform/v3/user/context', { token });
    expect(r.body.state).toBe(200);
  });

  it('answers unknown API paths with a 404 envelope', async () => {
    const r = await call(t, 'GET', '/no/such/call', { token });
    expect(r.status).toBe(404);
    expect(r.body.state).toBe(404);
  });

  it('logs out: the token stops working', async () => {
    const own = await loginAsAdmin(t);
    expect((await call(t, 'POST', '/user/logout', { token: own })).body.state).toBe(200);
    const after = await call(t, 'GET', '/user/context', { token: own });
    expect(after.body.state).toBe(6020201);
  });
});

describe('an operation without a handler', () => {
  let t: TestServer;
  beforeAll(async () => {
    // Only sign-in has a handler here, so user/context is registered but unimplemented.
    const { authHandlers } = await import('../../server/modules/auth/handlers.ts');
    t = await startTestServer(
      'pglite',
      {},
      { handlers: { 'authentication.apply': authHandlers['authentication.apply'] } },
    );
  });
  afterAll(async () => t?.close());

  it('answers state 501 unsupported after the session check', async () => {
    const token = await loginAsAdmin(t);
    const r = await call(t, 'GET', '/user/context?lang=en', { token });
    expect(r.status).toBe(501);
    expect(r.body).toMatchObject({ state: 501, message: 'Not implemented (user.context)', data: null });
    expect((await call(t, 'GET', '/user/context')).body.state).toBe(6020201);
  });
});
