/** Bad input gets a clear translated envelope, an HTTP 4xx, and writes nothing (but the operation log of a refused write attempt). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { dbKindsOf } from './databases.ts';

describe.each(dbKindsOf(import.meta.url))('bad input on %s', (kind) => {
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

  it('text with a NUL or a lone surrogate is refused at the door, public calls too, and a write attempt is still logged', async () => {
    const publicNul = await call(t, 'GET', '/publicity/openData/clearance?format=csv&keyword=a%00b&lang=en');
    expect(publicNul.status).toBe(400);
    expect(publicNul.body).toMatchObject({
      state: 6010101,
      message: 'Invalid request: Keyword: must not contain the NUL character',
      cause: [{ field: 'keyword', label: 'Keyword', message: 'must not contain the NUL character' }],
      data: null,
    });
    const surrogate = await call(t, 'POST', '/employee/query?lang=en', {
      token,
      rawBody: '{"parameters":[{"key":"name","value":"\\ud800"}]}',
      headers: { 'content-type': 'application/json' },
    });
    expect(surrogate.body).toMatchObject({
      state: 6010101,
      message: 'Invalid request: Filters › item 1 › Value: is not valid Unicode text',
    });
    const db = t.server.database.db;
    const logged = async () =>
      db
        .selectFrom('platform.operation_log')
        .select(['outcome', 'code', 'target'])
        .where('operation_id', '=', 'fldFile.attachment.remove')
        .execute();
    const before = (await logged()).length;
    const write = await call(t, 'POST', '/fldFile/attachment/remove?attachmentId=a%00b', { token });
    expect(write.body.state).toBe(6010101);
    const rows = await logged();
    expect(rows).toHaveLength(before + 1);
    expect(rows[rows.length - 1]).toMatchObject({
      outcome: 'failure',
      code: 6010101,
      target: 'attachmentId=a\uFFFDb',
    });
  });

  it('reserved keys, filters and sorts named after Object members, impossible dates and absurd pages', async () => {
    const list = (body: unknown) => call(t, 'POST', '/employee/query?lang=en', { token, body });
    // An open object (filing-fields) with a key of Object's machinery: refused by the guard; `__proto__`
    // (and constructor.prototype) already by Fastify's JSON parser.
    const reservedKey = await call(t, 'POST', '/filing/helper/simplified?lang=en', {
      token,
      rawBody: '{"markets":[],"constructor":{"name":"x"}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(reservedKey.body).toMatchObject({
      state: 6010101,
      message: 'Invalid request: constructor: is a reserved name and cannot be used',
    });
    const proto = await call(t, 'POST', '/filing/helper/simplified?lang=en', {
      token,
      rawBody: '{"__proto__":{"markets":1}}',
      headers: { 'content-type': 'application/json' },
    });
    expect(proto.status).toBe(400);
    // Valid JSON with a reserved key: said as such, with the guard's state (not 'not valid JSON').
    expect(proto.body).toMatchObject({
      state: 6010101,
      message: 'The request body uses a reserved name (__proto__, constructor, prototype) as a key',
    });
    for (const field of ['constructor', 'toString', 'hasOwnProperty'])
      expect((await list({ sorts: [{ field }] })).body, field).toMatchObject({
        state: 6010101,
        message: `Unsupported sort field: ${field}`,
      });
    expect((await list({ parameters: [{ key: '__proto__', value: 'x' }] })).body.message).toBe(
      'Unsupported search condition: __proto__',
    );
    for (const value of ['2024-02-30', '0000-01-01', 'yesterday', '99999-01-01'])
      expect((await list({ parameters: [{ key: 'createTimeFrom', value }] })).body, value).toMatchObject({
        state: 6010101,
        message: 'Invalid value for the search condition createTimeFrom',
      });
    expect((await list({ parameters: [{ key: 'createTimeFrom', value: '2024-02-29' }] })).body.state).toBe(
      200,
    );
    for (const pageNo of [2 ** 31, 2 ** 53 + 2, 1e308]) {
      const r = await list({ requestPage: { pageNo, limit: 20 } });
      expect(r.status, String(pageNo)).toBe(400);
      expect(r.body.state, String(pageNo)).toBe(6010101);
    }
  });

  it('the simplified-procedure helper answers a body without markets (it has none to weigh)', async () => {
    const r = await call(t, 'POST', '/filing/helper/simplified', { token, body: {} });
    expect(r.body.state).toBe(200);
    expect(r.body.data.criteria[0]).toMatchObject({ criterion: 1, status: 'NOT_APPLICABLE' });
    const bad = await call(t, 'POST', '/filing/helper/simplified', { token, body: { markets: 'many' } });
    expect(bad.body.state).toBe(6010101);
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
