/**
 * The message detail calls on both databases: one message with its attachments (and marked read for
 * the caller), its replies and read receipts as list queries filtered by MSG_ID, and who may see them.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/auth/tokens.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { db, demoTenantId, loginToken, makeAccount, type MadeAccount } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

const DATETIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;

describe.each(dbKindsOf(import.meta.url))('message detail on %s', (kind) => {
  let t: TestServer;
  let admin: string;
  let adminId: string;
  let schema: string;
  let reader: MadeAccount;
  let outsider: MadeAccount;
  let outsiderToken: string;
  const privateId = newId();
  const publicId = newId();
  const space = () => db(t).withSchema(schema) as unknown as Kysely<any>;

  const get = (id: string, token = admin) =>
    call(t, 'GET', `/msg/innerMessage/get?innerMessageId=${encodeURIComponent(id)}`, { token });
  const list = (path: string, body: unknown, token = admin) => call(t, 'POST', path, { token, body });

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000 });
    admin = await loginAsAdmin(t);
    const demo = await demoTenantId(t);
    schema = (
      await db(t)
        .selectFrom('platform.tenant')
        .select('schema_name')
        .where('id', '=', demo)
        .executeTakeFirstOrThrow()
    ).schema_name;
    adminId = (
      await db(t)
        .selectFrom('platform.account')
        .select('id')
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow()
    ).id;
    reader = await makeAccount(t, { account: `msg_reader_${kind}`, tenantId: demo });
    outsider = await makeAccount(t, { account: `msg_outsider_${kind}`, tenantId: demo });
    outsiderToken = (await loginToken(t, outsider.account, outsider.password)).access_token;

    const s = space();
    await s
      .insertInto('message')
      .values([
        {
          id: privateId,
          subject: '关于自查的通知',
          owner_id: adminId,
          owner_name: '系统管理员',
          message_type: 'bulletin',
          is_public: false,
          can_reply: true,
          content: '第一行\n第二行',
          created_at: '2024-05-06 09:15:00+08',
        },
        { id: publicId, subject: '公开公告', owner_id: adminId, owner_name: '系统管理员', is_public: true },
      ])
      .execute();
    await s
      .insertInto('attachment')
      .values([
        {
          id: 'att-1',
          file_name: '自查清单',
          ext: 'xlsx',
          storage_key: 'k1',
          created_at: '2024-05-06 09:00:00+08',
        },
        {
          id: 'att-2',
          file_name: '说明.pdf',
          ext: 'pdf',
          storage_key: 'k2',
          created_at: '2024-05-06 09:01:00+08',
        },
      ])
      .execute();
    await s
      .insertInto('message_attachment')
      .values([
        { message_id: privateId, attachment_id: 'att-1' },
        { message_id: privateId, attachment_id: 'att-2' },
      ])
      .execute();
    await s
      .insertInto('message_receiver')
      .values([
        { message_id: privateId, receiver_id: adminId, receiver_name: '系统管理员' },
        {
          message_id: privateId,
          receiver_id: reader.id,
          receiver_name: '李芳',
          read_at: '2024-05-06 10:00:00+08',
        },
        {
          message_id: privateId,
          receiver_id: 'gone',
          receiver_name: null,
          read_at: '2024-05-06 11:30:05+08',
        },
      ])
      .execute();
    await s
      .insertInto('message_reply')
      .values(
        Array.from({ length: 12 }, (_, i) => ({
          id: `reply-${String(i).padStart(2, '0')}`,
          message_id: privateId,
          content: `回复${i}`,
          replier_id: reader.id,
          replier_name: i % 2 ? '李芳' : '张敏',
          created_at: `2024-05-06 ${String(10 + i).padStart(2, '0')}:00:00+08`,
        })),
      )
      .execute();
  });
  afterAll(async () => t?.close());

  it('returns the message with its attachments and marks it read for the caller', async () => {
    const before = await space()
      .selectFrom('message_receiver')
      .select('read_at')
      .where('message_id', '=', privateId)
      .where('receiver_id', '=', adminId)
      .executeTakeFirstOrThrow();
    expect(before.read_at).toBeNull();

    const res = await get(privateId);
    expect(res.body.state).toBe(200);
    expect(res.body.data).toEqual({
      id: privateId,
      subject: '关于自查的通知',
      ownerId: adminId,
      ownerName: '系统管理员',
      createTime: '2024-05-06 09:15:00',
      messageType: 'bulletin',
      isPublic: 0,
      canreply: 1,
      content: '第一行\n第二行',
      fileMsg: [
        { src: 'att-1', title: '自查清单.xlsx' },
        { src: 'att-2', title: '说明.pdf' },
      ],
    });
    const after = await space()
      .selectFrom('message_receiver')
      .select('read_at')
      .where('message_id', '=', privateId)
      .where('receiver_id', '=', adminId)
      .executeTakeFirstOrThrow();
    expect(after.read_at).not.toBeNull();
  });

  it('hides a private message from someone who neither sent nor received it, but shows a public one', async () => {
    const hidden = await get(privateId, outsiderToken);
    expect(hidden.body.state).toBe(404);
    expect(hidden.body.message).toBe('消息不存在或您无权查看');
    const missing = await get('no-such-message');
    expect(missing.body.state).toBe(404);
    const shown = await get(publicId, outsiderToken);
    expect(shown.body.state).toBe(200);
    expect(shown.body.data).toMatchObject({ subject: '公开公告', isPublic: 1, canreply: 0, fileMsg: [] });
  });

  it('lists the replies filtered by MSG_ID, newest first, paged with the total', async () => {
    const res = await list('/msg/innerMessageReply/query', {
      parameters: [{ key: 'MSG_ID', value: privateId }],
      requestPage: { pageNo: 1, limit: 5 },
    });
    expect(res.body.state).toBe(200);
    expect(res.body.data.pageResult).toEqual({
      totalCount: 12,
      totalPages: 3,
      page: 1,
      limit: 5,
      totalExact: true,
    });
    const rows = res.body.data.dataResult as Record<string, unknown>[];
    expect(rows.map((r) => r.content)).toEqual(['回复11', '回复10', '回复9', '回复8', '回复7']);
    expect(rows[0]).toEqual({
      id: 'reply-11',
      messageId: privateId,
      content: '回复11',
      replyId: reader.id,
      reply: '李芳',
      replyTime: '2024-05-06 21:00:00',
    });

    const sorted = await list('/msg/innerMessageReply/query', {
      parameters: [
        { key: 'MSG_ID', value: privateId },
        { key: 'reply', value: '张' },
      ],
      requestPage: { pageNo: 2, limit: 4 },
      sorts: [{ field: 'replyTime', order: 'ASC' }],
    });
    expect(sorted.body.data.pageResult.totalCount).toBe(6);
    expect((sorted.body.data.dataResult as { content: string }[]).map((r) => r.content)).toEqual([
      '回复8',
      '回复10',
    ]);
  });

  it('lists who read the message and when, with the read time as yyyy-MM-dd HH:mm:ss', async () => {
    // The admin read it in the first test; the reader and a since-removed account read it earlier.
    const res = await list('/msg/innerMessageRead/query', {
      parameters: [{ key: 'MSG_ID', value: privateId }],
      sorts: [{ field: 'receiverTime', order: 'ASC' }],
    });
    expect(res.body.state).toBe(200);
    const rows = res.body.data.dataResult as Record<string, string>[];
    expect(rows.map((r) => r.receiver)).toEqual(['李芳', 'gone', '系统管理员']);
    expect(rows[0]).toEqual({
      id: `${privateId}:${reader.id}`,
      messageId: privateId,
      receiverId: reader.id,
      receiver: '李芳',
      receiverTime: '2024-05-06 10:00:00',
    });
    for (const row of rows) expect(row.receiverTime).toMatch(DATETIME);
  });

  it('needs the MSG_ID filter, and refuses sub-lists of a message the caller may not see', async () => {
    const noFilter = await list('/msg/innerMessageRead/query', { parameters: [] });
    expect(noFilter.body.state).toBe(6010101);
    const unknownSort = await list('/msg/innerMessageReply/query', {
      parameters: [{ key: 'MSG_ID', value: privateId }],
      sorts: [{ field: 'password', order: 'ASC' }],
    });
    expect(unknownSort.body.state).toBe(6010101);
    for (const path of ['/msg/innerMessageReply/query', '/msg/innerMessageRead/query']) {
      const hidden = await list(path, { parameters: [{ key: 'MSG_ID', value: privateId }] }, outsiderToken);
      expect(hidden.body.state).toBe(404);
    }
  });
});
