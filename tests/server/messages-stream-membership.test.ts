/**
 * An open bell stream follows membership changes (server/events/membership.ts): a user added to a user
 * group or an organisation after opening the bell hears the next message to that group or organisation
 * on the same stream, without reconnecting; before the change, such a message does not reach them.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/auth/tokens.ts';
import { openEventStream } from '../support/event-stream.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { db, demoTenantId, loginToken, makeAccount } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';
import { waitFor } from './alert-jobs-support.ts';

describe.each(dbKindsOf(import.meta.url))('bell stream after membership changes on %s', (kind) => {
  let t: TestServer;
  let admin: string;
  let tenantId: string;
  let schema: string;

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000, streamSweepMs: 600_000 });
    admin = await loginAsAdmin(t);
    tenantId = await demoTenantId(t);
    schema = (
      await db(t)
        .selectFrom('platform.tenant')
        .select('schema_name')
        .where('id', '=', tenantId)
        .executeTakeFirstOrThrow()
    ).schema_name;
  });
  afterAll(async () => t?.close());

  async function reader(name: string) {
    const made = await makeAccount(t, { account: `${name}_${kind}`, tenantId });
    const token = (await loginToken(t, made.account, made.password)).access_token;
    const { id } = await db(t)
      .withSchema(schema)
      .selectFrom('employee')
      .select('id')
      .where('account', '=', made.account)
      .executeTakeFirstOrThrow();
    return { employeeId: id, token };
  }
  const send = async (subject: string, body: Record<string, string>) => {
    const res = await call(t, 'POST', '/msg/innerMessage/save', {
      token: admin,
      body: { subject, content: '<p>x</p>', ...body },
    });
    expect(res.body.state, res.body.message).toBe(200);
    return res.body.data.id as string;
  };
  /** The stream of this tenant that carries the key (the server has worked out the membership). */
  const streamHears = (key: string) =>
    waitFor(`an open stream with ${key}`, async () =>
      t.server.app.streams.of(tenantId).some((s) => s.keys.has(key)),
    );

  it('hears a group message after being added to the group', async () => {
    const r = await reader('member_later');
    const alias = `later_${kind}`;
    const created = await call(t, 'POST', '/group/saveCascade', {
      token: admin,
      body: { name: '后加小组', alias, members: [] },
    });
    expect(created.body.state, created.body.message).toBe(200);
    const group = created.body.data.id as string;
    const stream = await openEventStream(`${t.api}/msg/innerMessage/stream`, r.token);
    try {
      await stream.next('ready');
      const before = await send('加入前', { groupIds: group });
      const saved = await call(t, 'POST', '/group/saveCascade', {
        token: admin,
        body: { id: group, name: '后加小组', alias, members: [{ id: r.employeeId }] },
      });
      expect(saved.body.state, saved.body.message).toBe(200);
      await streamHears(`group:${group}`);
      const after = await send('加入后', { groupIds: group });
      // The first message event is the one sent after joining: the earlier one never reached the stream.
      const event = await stream.next('message', 2_000);
      expect(event.data).toEqual({ id: after });
      expect(event.data).not.toEqual({ id: before });
    } finally {
      stream.close();
    }
  });

  it('hears an organisation message after being added to the organisation', async () => {
    const r = await reader('org_later');
    const orgId = newId();
    await db(t)
      .withSchema(schema)
      .insertInto('org')
      .values({ id: orgId, parent_id: '0', name: '后加部门', code: `o_${orgId}`, path: orgId })
      .execute();
    const stream = await openEventStream(`${t.api}/msg/innerMessage/stream`, r.token);
    try {
      await stream.next('ready');
      const before = await send('入职前', { orgIds: orgId });
      const added = await call(t, 'POST', `/employee/addOrgUser?orgId=${orgId}&userIds=${r.employeeId}`, {
        token: admin,
      });
      expect(added.body.state, added.body.message).toBe(200);
      await streamHears(`org:${orgId}`);
      const after = await send('入职后', { orgIds: orgId });
      const event = await stream.next('message', 2_000);
      expect(event.data).toEqual({ id: after });
      expect(event.data).not.toEqual({ id: before });
    } finally {
      stream.close();
    }
  });

  it('a session sweep judges only the streams open when it started: one opened meanwhile stays open', async () => {
    const streams = t.server.app.streams;
    const fakeResponse = () => new PassThrough() as never;
    const base = { accountId: 'a', tenantId, tenantSchema: schema, familyId: null, keys: new Set<string>() };
    const ended = streams.open(fakeResponse(), { ...base, sessionId: `gone_${newId()}` });
    const sweep = streams.sweep();
    // Opened while the sweep's query runs: its session was never looked at.
    const fresh = streams.open(fakeResponse(), { ...base, sessionId: `fresh_${newId()}` });
    await sweep;
    const open = () => streams.of(tenantId).map((s) => s.id);
    expect(open()).not.toContain(ended.id);
    expect(open()).toContain(fresh.id);
    // The next sweep looks at it (no such session: closed).
    await streams.sweep();
    expect(open()).not.toContain(fresh.id);
  });
});
