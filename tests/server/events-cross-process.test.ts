/**
 * Two server processes behind one address share one PostgreSQL database: an event raised in one
 * (a message sent through server A) reaches an event stream open on the other (server B) through
 * LISTEN/NOTIFY. Each server here has its own database pool, LISTEN connection and streams, exactly as
 * two processes would. PostgreSQL only: embedded PGlite is one process by nature.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEventStream } from '../support/event-stream.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { db, demoTenantId, loginToken, makeAccount } from './auth-support.ts';
import { DB_KINDS } from './databases.ts';

describe.runIf(DB_KINDS.includes('postgres'))('event bus across two servers on one PostgreSQL', () => {
  let a: TestServer;
  let b: TestServer;

  beforeAll(async () => {
    a = await startTestServer('postgres', { rateLimitPerMinute: 10_000 });
    // The second server opens the first one's database (startTestServer drops only what it created).
    b = await startTestServer('pglite', { rateLimitPerMinute: 10_000, databaseUrl: a.config.databaseUrl });
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
});
