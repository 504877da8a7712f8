/**
 * Two server processes behind one address share one PostgreSQL database: an event raised in one
 * (a message sent through server A) reaches an event stream open on the other (server B) through
 * LISTEN/NOTIFY. Each server here has its own database pool, LISTEN connection and streams, exactly as
 * two processes would. PostgreSQL only: embedded PGlite is one process by nature.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../support/event-stream.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { newId } from '../../server/auth/tokens.ts';
import { invalidatePermissions } from '../../server/auth/permissions.ts';
import { db, demoTenantId, loginToken, makeAccount } from './auth-support.ts';
import { DB_KINDS } from './databases.ts';

describe.runIf(DB_KINDS.includes('postgres'))('event bus across two servers on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    // A slow sweep: a stream that closes within seconds was closed by the bus, not by the sweep.
    a = await startTestServer('postgres', { rateLimitPerMinute: 10_000, streamSweepMs: 600_000 });
    // The second server opens the first one's database (startTestServer drops only what it created).
    b = await startTestServer('pglite', {
      rateLimitPerMinute: 10_000,
      streamSweepMs: 600_000,
      databaseUrl: a.config.databaseUrl,
    });
    await Promise.all([a.server.app.events.ready(), b.server.app.events.ready()]);
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  it('delivers a message sent through one server to a bell stream open on the other', async () => {
    const tenantId = await demoTenantId(a);
    const reader = await makeAccount(a, { account: 'bus_reader', tenantId });
    const readerToken = (await loginToken(b, reader.account, reader.password)).access_token;
    const employee = await db(a)
      .withSchema(
        (
          await db(a)
            .selectFrom('platform.tenant')
            .select('schema_name')
            .where('id', '=', tenantId)
            .executeTakeFirstOrThrow()
        ).schema_name,
      )
      .selectFrom('employee')
      .select('id')
      .where('account', '=', reader.account)
      .executeTakeFirstOrThrow();

    const stream = await openEventStream(`${b.api}/msg/innerMessage/stream`, readerToken);
    try {
      await stream.next('ready');
      const admin = await loginAsAdmin(a);
      const sent = await call(a, 'POST', '/msg/innerMessage/save', {
        token: admin,
        body: { subject: '跨进程', receiverIds: employee.id },
      });
      expect(sent.body.state).toBe(200);
      const started = Date.now();
      expect((await stream.next('message', 2_000)).data).toEqual({ id: sent.body.data.id });
      expect(Date.now() - started).toBeLessThan(2_000);
      expect(a.server.app.streams.size()).toBe(0);
      expect(b.server.app.streams.size()).toBe(1);
    } finally {
      stream.close();
    }
  });

  it('drops cached permissions on the other server when one invalidates them', async () => {
    const tenantId = await demoTenantId(a);
    const reader = await makeAccount(a, { account: 'bus_perm_reader', tenantId });
    const { schema_name: schema } = await db(a)
      .selectFrom('platform.tenant')
      .select('schema_name')
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow();
    const space = db(a).withSchema(schema);
    const employee = await space
      .selectFrom('employee')
      .select('id')
      .where('account', '=', reader.account)
      .executeTakeFirstOrThrow();
    const loginLog = await db(a)
      .selectFrom('platform.resource')
      .select('id')
      .where('alias', '=', 'loginLog')
      .executeTakeFirstOrThrow();
    // A role granting the login log page (log:read), held by the reader.
    const roleId = newId();
    await space
      .insertInto('role')
      .values({ id: roleId, name: '日志查看', alias: 'bus_log_reader' })
      .execute();
    await space.insertInto('role_resource').values({ role_id: roleId, resource_id: loginLog.id }).execute();
    await space
      .insertInto('role_grant')
      .values({ role_id: roleId, party_type: 'employee', party_id: employee.id })
      .execute();

    const token = (await loginToken(b, reader.account, reader.password)).access_token;
    const readLog = async () =>
      (await call(b, 'POST', '/log/login/query', { token, body: { requestPage: { pageNo: 1, limit: 5 } } }))
        .body.state;
    expect(await readLog()).toBe(200);

    // The grant goes without an invalidation: server B still answers from its cached permissions.
    await space.deleteFrom('role_grant').where('role_id', '=', roleId).execute();
    expect(await readLog()).toBe(200);

    // Server A invalidates the account's permissions; the bus carries it to B.
    invalidatePermissions(db(a), { accountId: reader.id });
    await expect.poll(readLog, { timeout: 2_000, interval: 100 }).toBe(6010104);
  });

  it('routes to a stream on the other server by the membership changed through the first', async () => {
    const tenantId = await demoTenantId(a);
    const member = await makeAccount(a, { account: 'bus_member', tenantId });
    const token = (await loginToken(b, member.account, member.password)).access_token;
    const { schema_name: schema } = await db(a)
      .selectFrom('platform.tenant')
      .select('schema_name')
      .where('id', '=', tenantId)
      .executeTakeFirstOrThrow();
    const employee = await db(a)
      .withSchema(schema)
      .selectFrom('employee')
      .select('id')
      .where('account', '=', member.account)
      .executeTakeFirstOrThrow();
    const admin = await loginAsAdmin(a);
    const group = await call(a, 'POST', '/group/saveCascade', {
      token: admin,
      body: { name: '跨进程小组', alias: 'bus_group', members: [] },
    });
    expect(group.body.state, group.body.message).toBe(200);
    const groupId = group.body.data.id as string;
    const stream = await openEventStream(`${b.api}/msg/innerMessage/stream`, token);
    try {
      await stream.next('ready');
      // Server A adds the member; the bus tells server B, whose open stream now carries the group.
      const saved = await call(a, 'POST', '/group/saveCascade', {
        token: admin,
        body: { id: groupId, name: '跨进程小组', alias: 'bus_group', members: [{ id: employee.id }] },
      });
      expect(saved.body.state, saved.body.message).toBe(200);
      await expect
        .poll(() => b.server.app.streams.of(tenantId).some((s) => s.keys.has(`group:${groupId}`)), {
          timeout: 2_000,
          interval: 50,
        })
        .toBe(true);
      const sent = await call(a, 'POST', '/msg/innerMessage/save', {
        token: admin,
        body: { subject: '跨进程小组消息', groupIds: groupId },
      });
      expect(sent.body.state).toBe(200);
      expect((await stream.next('message', 2_000)).data).toEqual({ id: sent.body.data.id });
    } finally {
      stream.close();
    }
  });

  it('closes a stream open on the other server when its session logs out', async () => {
    const tenantId = await demoTenantId(a);
    const user = await makeAccount(a, { account: 'bus_logout', tenantId });
    const token = (await loginToken(a, user.account, user.password)).access_token;
    const stream = await openEventStream(`${b.api}/msg/innerMessage/stream`, token);
    try {
      await stream.next('ready');
      expect((await call(a, 'POST', '/user/logout', { token, body: {} })).body.state).toBe(200);
      expect((await stream.next('end', 2_000)).data).toEqual({ reason: 'session' });
    } finally {
      stream.close();
    }
  });
});
