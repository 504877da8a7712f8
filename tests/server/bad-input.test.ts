/** Bad input gets a clear translated envelope, an HTTP 4xx, and writes nothing. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { DB_KINDS } from './databases.ts';

describe.each(DB_KINDS)('bad input on %s', (kind) => {
  let t: TestServer;
  let token: string;
  const sessions = async () =>
    (
      await t.server.database.db
        .selectFrom('platform.session')
        .select((e) => e.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n;

  beforeAll(async () => {
    t = await startTestServer(kind);
    token = await loginAsAdmin(t);
  });
  afterAll(async () => t?.close());

  it('malformed JSON', async () => {
    const before = await sessions();
    const r = await call(t, 'POST', '/authentication/apply', {
      rawBody: '{"grant_type": ',
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(400);
    expect(r.body).toMatchObject({ state: 400, message: '请求内容不是合法的 JSON', data: null });
    expect(await sessions()).toBe(before);
  });

  it('a body over 1 MB', async () => {
    const big = JSON.stringify({ parameters: [{ key: 'name', value: 'x'.repeat(1024 * 1024) }] });
    const r = await call(t, 'POST', '/employee/query?lang=en', {
      token,
      rawBody: big,
      headers: { 'content-type': 'application/json' },
    });
    expect(r.status).toBe(413);
    expect(r.body.message).toBe('The request is too large (1 MB at most)');
  });

  it('a wrong content type', async () => {
    const r = await call(t, 'POST', '/employee/query', {
      token,
      rawBody: 'name=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(r.status).toBe(415);
    expect(r.body.state).toBe(415);
    expect(r.body.message).toContain('application/json');
  });

  it('an unknown field', async () => {
    const r = await call(t, 'POST', '/employee/query', {
      token,
      body: { requestPage: { pageNo: 1, limit: 20 }, dropTable: true },
    });
    expect(r.status).toBe(400);
    expect(r.body.state).toBe(6010101);
    expect(JSON.stringify(r.body.cause)).toContain('dropTable');
  });

  it('a wrongly typed field is not coerced', async () => {
    const r = await call(t, 'POST', '/employee/query', {
      token,
      body: { requestPage: { pageNo: '1', limit: 20 } },
    });
    expect(r.status).toBe(400);
    expect(r.body.state).toBe(6010101);
    expect(JSON.stringify(r.body.cause)).toContain('requestPage.pageNo');
  });

  it('a login without a grant type', async () => {
    const before = await sessions();
    const r = await call(t, 'POST', '/authentication/apply', {
      body: { username: 'admin', password: t.adminPassword },
    });
    expect(r.status).toBe(400);
    expect(r.body.state).toBe(6010101);
    expect(await sessions()).toBe(before);
  });
});
