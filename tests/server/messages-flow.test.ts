/**
 * Messages end to end on the server, on both databases: sending to users, organisations (with their
 * sub-organisations), positions, groups and everyone as targets (one message row, no per-person rows
 * until someone reads or removes), the inbox and sent box with their filters, mark read, remove for
 * oneself, replies, read receipts, the sender rule, server-side sanitising, and the bell's event
 * stream (a new message, a reply, the end of the session).
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/auth/tokens.ts';
import { openEventStream } from '../support/event-stream.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { db, demoTenantId, loginToken, makeAccount } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

interface Person {
  accountId: string;
  employeeId: string;
  token: string;
  name: string;
}

describe.each(dbKindsOf(import.meta.url))('messages on %s', (kind) => {
  let t: TestServer;
  let admin: string;
  let schema: string;
  let tenantId: string;
  let alice: Person; // in the group, in the child organisation, holds the position
  let bob: Person; // in the group
  let carol: Person; // in nothing
  const groupId = newId();
  const parentOrg = newId();
  const childOrg = newId();
  const positionId = newId();
  const space = () => db(t).withSchema(schema) as unknown as Kysely<any>;
  const post = (path: string, body: unknown, token = admin) => call(t, 'POST', path, { token, body });
  const send = (body: Record<string, unknown>, token = admin) => post('/msg/innerMessage/save', body, token);
  const inbox = (token: string, parameters: unknown[] = [], extra: Record<string, unknown> = {}) =>
    post('/msg/innerMessage/receive', { parameters, ...extra }, token);
  const bell = (token: string) => call(t, 'GET', '/msg/innerMessage/msgList', { token });
  const count = async (table: string) =>
    Number(
      (
        await space()
          .selectFrom(table)
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  async function person(account: string): Promise<Person> {
    const made = await makeAccount(t, { account: `${account}_${kind}`, tenantId });
    const e = await space()
      .selectFrom('employee')
      .select(['id', 'name'])
      .where('account', '=', made.account)
      .executeTakeFirstOrThrow();
    const token = (await loginToken(t, made.account, made.password)).access_token;
    return { accountId: made.id, employeeId: e.id, token, name: e.name };
  }

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000, streamSweepMs: 200 });
    admin = await loginAsAdmin(t);
    tenantId = await demoTenantId(t);
    schema = (
      await db(t)
        .selectFrom('platform.tenant')
        .select('schema_name')
        .where('id', '=', tenantId)
        .executeTakeFirstOrThrow()
    ).schema_name;
    alice = await person('msg_alice');
    bob = await person('msg_bob');
    carol = await person('msg_carol');
    const s = space();
    await s
      .insertInto('org')
      .values([
        { id: parentOrg, parent_id: '0', name: '总部', code: `p_${parentOrg}`, path: parentOrg },
        {
          id: childOrg,
          parent_id: parentOrg,
          name: '法务部',
          code: `c_${childOrg}`,
          path: `${parentOrg}.${childOrg}`,
        },
      ])
      .execute();
    await s
      .insertInto('employee_org')
      .values({ employee_id: alice.employeeId, org_id: childOrg, is_main: true })
      .execute();
    await s
      .insertInto('position')
      .values({ id: positionId, name: '审查员', code: `pos_${positionId}` })
      .execute();
    await s
      .insertInto('employee_position')
      .values({ employee_id: alice.employeeId, position_id: positionId })
      .execute();
    await s
      .insertInto('user_group')
      .values({ id: groupId, name: '申报小组', alias: `g_${groupId.slice(0, 8)}` })
      .execute();
    await s
      .insertInto('user_group_member')
      .values([
        { group_id: groupId, employee_id: alice.employeeId },
        { group_id: groupId, employee_id: bob.employeeId },
      ])
      .execute();
  });
  afterAll(async () => t?.close());

  it('sends to a group as one message and one target, sanitising the HTML, with no per-person rows', async () => {
    const receiversBefore = await count('message_receiver');
    const res = await send({
      subject: '  小组通知 ',
      content:
        '<p onclick="x()">请<strong>查收</strong><script>alert(1)</script><a href="javascript:alert(2)">链接</a></p>',
      messageType: 'normal',
      canreply: 1,
      groupIds: groupId,
    });
    expect(res.body.state).toBe(200);
    const id = res.body.data.id as string;
    expect(res.body.data).toMatchObject({
      subject: '小组通知',
      canreply: 1,
      isPublic: 0,
      receivers: '申报小组',
    });
    const stored = await space()
      .selectFrom('message')
      .select(['content', 'owner_name'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(stored.content).toBe(
      '<p>请<strong>查收</strong><a rel="noopener noreferrer" target="_blank">链接</a></p>',
    );
    expect(stored.content).not.toMatch(/script|onclick|javascript/i);
    const targets = await space()
      .selectFrom('message_target')
      .select('target_key')
      .where('message_id', '=', id)
      .execute();
    expect(targets).toEqual([{ target_key: `group:${groupId}` }]);
    expect(await count('message_receiver')).toBe(receiversBefore);

    for (const p of [alice, bob]) {
      const box = await inbox(p.token, [{ key: 'subject', value: '小组通知' }]);
      expect(box.body.data.dataResult).toHaveLength(1);
      expect(box.body.data.dataResult[0]).toMatchObject({
        id,
        readFlag: false,
        ownerName: expect.any(String),
      });
    }
    expect(
      (await inbox(carol.token, [{ key: 'subject', value: '小组通知' }])).body.data.pageResult.totalCount,
    ).toBe(0);
    expect(
      (await call(t, 'GET', `/msg/innerMessage/get?innerMessageId=${id}`, { token: carol.token })).body.state,
    ).toBe(404);
  });

  it('reaches everyone below an organisation, the holders of a position, and everyone in the tenant', async () => {
    const toOrg = await send({ subject: '总部通知', orgIds: parentOrg });
    const toPosition = await send({ subject: '岗位通知', positionIds: positionId });
    const toUser = await send({ subject: '个人通知', receiverIds: bob.employeeId });
    const toAll = await send({ subject: '全员通知', toAll: 1, messageType: 'system' });
    for (const r of [toOrg, toPosition, toUser, toAll]) expect(r.body.state).toBe(200);
    const subjects = async (p: Person) =>
      (
        (await inbox(p.token, [], { requestPage: { limit: 100 } })).body.data.dataResult as {
          subject: string;
        }[]
      ).map((m) => m.subject);
    const a = await subjects(alice);
    expect(a).toEqual(expect.arrayContaining(['总部通知', '岗位通知', '全员通知']));
    expect(a).not.toContain('个人通知');
    const b = await subjects(bob);
    expect(b).toEqual(expect.arrayContaining(['个人通知', '全员通知']));
    expect(b).not.toContain('总部通知');
    const c = await subjects(carol);
    expect(c).toContain('全员通知');
    expect(c).not.toContain('岗位通知');
    const all = await space()
      .selectFrom('message_target')
      .select('target_key')
      .where('message_id', '=', toAll.body.data.id)
      .execute();
    expect(all).toEqual([{ target_key: 'all' }]);
  });

  it('refuses a body naming another sender, no receivers, unknown receivers, and a member without message:send', async () => {
    const before = await count('message');
    const other = await send({ subject: '冒名', ownerId: alice.accountId, toAll: 1 });
    expect(other.body.state).toBe(6010104);
    expect(other.body.message).toBe('发送人只能是当前登录用户');
    const otherName = await send({ subject: '冒名', ownerName: '别人', toAll: 1 });
    expect(otherName.body.state).toBe(6010104);
    const none = await send({ subject: '无人' });
    expect(none.body.state).toBe(6010101);
    expect(none.body.message).toBe('请选择至少一个接收人');
    const unknown = await send({ subject: '未知组', groupIds: 'no-such-group' });
    expect(unknown.body.state).toBe(404);
    const edit = await send({ id: 'x', subject: '改', toAll: 1 });
    expect(edit.body.state).toBe(6010101);
    const byMember = await send({ subject: '成员发送', toAll: 1 }, bob.token);
    expect(byMember.body.state).toBe(6010104);
    expect(await count('message')).toBe(before);
  });

  it('counts unread exactly in the bell, pins unread announcements, filters, and marks read one or all', async () => {
    const bulletin = (
      await send({ subject: '置顶公告', messageType: 'bulletin', receiverIds: carol.employeeId })
    ).body.data.id;
    const later = (await send({ subject: '之后的普通消息', receiverIds: carol.employeeId })).body.data.id;
    const first = (await inbox(carol.token)).body.data.dataResult as { id: string }[];
    expect(first[0].id).toBe(bulletin);
    expect(first[1].id).toBe(later);
    const unreadBefore = (await bell(carol.token)).body.data.pageResult.totalCount as number;
    const unreadList = await inbox(carol.token, [{ key: 'readFlag', value: 'unread' }]);
    expect(unreadList.body.data.pageResult.totalCount).toBe(unreadBefore);

    expect(
      (await post(`/msg/innerMessage/markRead?ids=${bulletin}`, undefined, carol.token)).body.state,
    ).toBe(200);
    expect((await bell(carol.token)).body.data.pageResult.totalCount).toBe(unreadBefore - 1);
    const after = (await inbox(carol.token)).body.data.dataResult as { id: string; readFlag: boolean }[];
    expect(after[0].id).toBe(later); // read: no longer pinned
    expect(after.find((m) => m.id === bulletin)?.readFlag).toBe(true);
    const byType = await inbox(carol.token, [
      { key: 'messageType', value: 'bulletin' },
      { key: 'readFlag', value: 'read' },
    ]);
    expect((byType.body.data.dataResult as { id: string }[]).map((m) => m.id)).toEqual([bulletin]);
    const today = new Date().toISOString().slice(0, 10);
    const range = await inbox(carol.token, [
      { key: 'createTimeFrom', value: '2000-01-01' },
      { key: 'createTimeTo', value: '2000-01-02' },
    ]);
    expect(range.body.data.pageResult.totalCount).toBe(0);
    const ranged = await inbox(carol.token, [
      { key: 'createTimeFrom', value: '2000-01-01' },
      { key: 'ownerName', value: '' },
    ]);
    expect(ranged.body.data.pageResult.totalCount).toBeGreaterThanOrEqual(2);
    expect(today).toMatch(/^\d{4}/);

    const notMine = await post(`/msg/innerMessage/markRead?ids=${later},no-such`, undefined, carol.token);
    expect(notMine.body.state).toBe(404);
    expect((await bell(carol.token)).body.data.pageResult.totalCount).toBe(unreadBefore - 1);
    const bad = await inbox(carol.token, [{ key: 'readFlag', value: 'maybe' }]);
    expect(bad.body.state).toBe(6010101);

    expect((await post('/msg/innerMessage/markRead?ids=*', undefined, carol.token)).body.state).toBe(200);
    expect((await bell(carol.token)).body.data.pageResult.totalCount).toBe(0);
    expect(
      (await inbox(carol.token, [{ key: 'readFlag', value: 'unread' }])).body.data.pageResult.totalCount,
    ).toBe(0);
  });

  it('removes a message for oneself only: other receivers and the sent box keep it', async () => {
    const id = (await send({ subject: '删除测试', groupIds: groupId })).body.data.id;
    expect((await post(`/msg/innerMessage/remove?ids=${id}`, undefined, alice.token)).body.state).toBe(200);
    expect(
      (await inbox(alice.token, [{ key: 'subject', value: '删除测试' }])).body.data.pageResult.totalCount,
    ).toBe(0);
    expect(
      (await inbox(bob.token, [{ key: 'subject', value: '删除测试' }])).body.data.pageResult.totalCount,
    ).toBe(1);
    const sent = await post('/msg/innerMessage/sent', {
      parameters: [{ key: 'subject', value: '删除测试' }],
    });
    expect(sent.body.data.dataResult).toHaveLength(1);
    expect(sent.body.data.dataResult[0]).toMatchObject({
      id,
      receivers: '申报小组',
      readCount: 0,
      replyCount: 0,
    });
    // Not a receiver nor the sender: not found, nothing changes.
    expect((await post(`/msg/innerMessage/remove?ids=${id}`, undefined, carol.token)).body.state).toBe(404);
    // The sender removes it from the sent box; receivers keep it.
    expect((await post(`/msg/innerMessage/remove?ids=${id}`, undefined)).body.state).toBe(200);
    expect(
      (await post('/msg/innerMessage/sent', { parameters: [{ key: 'subject', value: '删除测试' }] })).body
        .data.pageResult.totalCount,
    ).toBe(0);
    expect(
      (await inbox(bob.token, [{ key: 'subject', value: '删除测试' }])).body.data.pageResult.totalCount,
    ).toBe(1);
  });

  it('replies when allowed, lists replies and read receipts, and refuses replies otherwise', async () => {
    const open = (await send({ subject: '可回复', canreply: 1, groupIds: groupId })).body.data.id;
    const closed = (await send({ subject: '不可回复', canreply: 0, groupIds: groupId })).body.data.id;
    const detail = await call(t, 'GET', `/msg/innerMessage/get?innerMessageId=${open}`, {
      token: alice.token,
    });
    expect(detail.body.data).toMatchObject({ id: open, canreply: 1, fileMsg: [] });
    const reply = await post(
      '/msg/innerMessage/saveReply',
      { innerMessageId: open, content: ' 已收到 ' },
      alice.token,
    );
    expect(reply.body.state).toBe(200);
    expect(reply.body.data).toMatchObject({ messageId: open, content: '已收到', reply: alice.name });
    expect(reply.body.data.replyTime).toMatch(DATETIME);
    expect(
      (await post('/msg/innerMessage/saveReply', { innerMessageId: closed, content: '收到' }, alice.token))
        .body.state,
    ).toBe(6010104);
    expect(
      (await post('/msg/innerMessage/saveReply', { innerMessageId: open, content: '我也想说' }, carol.token))
        .body.state,
    ).toBe(404);
    expect(
      (await post('/msg/innerMessage/saveReply', { innerMessageId: open, content: '   ' }, alice.token)).body
        .state,
    ).toBe(6010101);

    const replies = await post('/msg/innerMessageReply/query', {
      parameters: [{ key: 'MSG_ID', value: open }],
    });
    expect((replies.body.data.dataResult as { content: string }[]).map((r) => r.content)).toEqual(['已收到']);
    const reads = await post('/msg/innerMessageRead/query', { parameters: [{ key: 'MSG_ID', value: open }] });
    expect(reads.body.data.dataResult).toHaveLength(1);
    expect(reads.body.data.dataResult[0]).toMatchObject({
      receiverId: alice.accountId,
      receiver: alice.name,
    });
    expect(reads.body.data.dataResult[0].receiverTime).toMatch(DATETIME);
    const sent = await post('/msg/innerMessage/sent', { parameters: [{ key: 'subject', value: '可回复' }] });
    const row = (sent.body.data.dataResult as { id: string }[]).find((m) => m.id === open);
    expect(row).toMatchObject({ readCount: 1, replyCount: 1 });
  });

  it('pushes new messages and replies over the event stream, and ends the stream at logout', async () => {
    const streamUrl = `${t.api}/msg/innerMessage/stream`;
    const bobStream = await openEventStream(streamUrl, bob.token);
    const carolStream = await openEventStream(streamUrl, carol.token);
    const adminStream = await openEventStream(streamUrl, admin);
    try {
      expect(bobStream.status).toBe(200);
      expect(bobStream.contentType).toMatch(/^text\/event-stream/);
      await Promise.all([bobStream.next('ready'), carolStream.next('ready'), adminStream.next('ready')]);
      const id = (await send({ subject: '推送测试', canreply: 1, groupIds: groupId })).body.data.id;
      expect((await bobStream.next('message')).data).toEqual({ id });
      // Carol is not in the group: the next message she hears is the one sent to everyone.
      const all = (await send({ subject: '推送全员', toAll: 1 })).body.data.id;
      expect((await carolStream.next('message')).data).toEqual({ id: all });
      await post('/msg/innerMessage/saveReply', { innerMessageId: id, content: '收到推送' }, bob.token);
      expect((await adminStream.next('reply')).data).toEqual({ messageId: id });

      expect((await post('/user/logout', {}, bob.token)).body.state).toBe(200);
      expect((await bobStream.next('end')).data).toEqual({ reason: 'session' });
      await bobStream.ended;
    } finally {
      bobStream.close();
      carolStream.close();
      adminStream.close();
    }
  });

  it('refuses the stream without a session', async () => {
    const res = await fetch(`${t.api}/msg/innerMessage/stream`);
    expect((await res.json()).state).toBe(6020201);
  });
});
