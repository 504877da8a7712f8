/**
 * A refused request names its fields in words (server/http/field-labels.ts): 「收件人: …」, never
 * `receiverIds: …`, in the message and in the cause's label; the cause keeps the field path for forms,
 * and nothing is stored.
 */
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fieldLabel } from '../../server/http/field-labels.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { db, demoTenantId } from './auth-support.ts';

describe('field labels', () => {
  it('say a dotted path in words, array items by their position', () => {
    expect(fieldLabel('receiverIds', 'zh-CN')).toBe('收件人');
    expect(fieldLabel('receiverIds', 'zh-TW')).toBe('收件人');
    expect(fieldLabel('receiverIds', 'en')).toBe('Recipients');
    expect(fieldLabel('sorts.0.field', 'zh-CN')).toBe('排序 › 第 1 项 › 排序字段');
    expect(fieldLabel('requestPage.pageNo', 'en')).toBe('Paging › Page');
    expect(fieldLabel('(root)', 'zh-CN')).toBe('请求内容');
    expect(fieldLabel('', 'en')).toBe('Request');
    // A key the caller made up is said as sent (it is theirs, not one of our codes), even one that
    // names a member of Object.prototype.
    expect(fieldLabel('parameters.0.myOwnKey', 'zh-CN')).toBe('查询条件 › 第 1 项 › myOwnKey');
    expect(fieldLabel('constructor', 'zh-CN')).toBe('constructor');
    expect(fieldLabel('toString', 'en')).toBe('toString');
  });
});

describe('refused requests on the server', () => {
  let t: TestServer;
  let admin: string;
  let schema: string;
  const messages = async () =>
    Number(
      (
        await (db(t).withSchema(schema) as unknown as Kysely<any>)
          .selectFrom('message')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startTestServer('pglite', { rateLimitPerMinute: 10_000 });
    admin = await loginAsAdmin(t);
    const tenantId = await demoTenantId(t);
    schema = (
      await db(t)
        .selectFrom('platform.tenant')
        .select('schema_name')
        .where('id', '=', tenantId)
        .executeTakeFirstOrThrow()
    ).schema_name;
  });
  afterAll(async () => t?.close());

  it('a bad message send says 「收件人: …」, not receiverIds, and sends nothing', async () => {
    const before = await messages();
    const r = await call(t, 'POST', '/msg/innerMessage/save', {
      token: admin,
      body: { subject: '周报', content: '<p>见附件</p>', receiverIds: 42 },
    });
    expect(r.status).toBe(400);
    expect(r.body.state).toBe(6010101);
    expect(r.body.message).toBe('请求参数有误：收件人: 数据类型不正确');
    expect(r.body.message).not.toContain('receiverIds');
    // Structured for forms: the path, its words, the reason.
    expect(r.body.cause).toEqual([{ field: 'receiverIds', label: '收件人', message: '数据类型不正确' }]);
    const en = await call(t, 'POST', '/msg/innerMessage/save?lang=en', {
      token: admin,
      body: { subject: 'Weekly', receiverIds: 42 },
    });
    expect(en.body.message).toBe('Invalid request: Recipients: Wrong type of value');
    expect(await messages()).toBe(before);
  });

  it('names a missing field, a nested one and one not allowed in words', async () => {
    const missing = await call(t, 'POST', '/msg/innerMessage/save', {
      token: admin,
      body: { receiverIds: 'x' },
    });
    expect(missing.body.message).toBe('请求参数有误：主题: 该项为必填项');
    const nested = await call(t, 'POST', '/employee/query', {
      token: admin,
      body: { requestPage: { pageNo: '1', limit: 20 } },
    });
    expect(nested.body.message).toBe('请求参数有误：分页 › 页码: 数据类型不正确');
    expect(nested.body.cause).toMatchObject([{ field: 'requestPage.pageNo', label: '分页 › 页码' }]);
    // An unknown field: the message names it (it is the caller's), the label says where it was.
    const extra = await call(t, 'POST', '/employee/query', { token: admin, body: { dropTable: true } });
    expect(extra.body.message).toBe('请求参数有误：请求内容: 不允许的字段：dropTable');
    expect(extra.body.cause).toMatchObject([{ field: 'dropTable', label: '请求内容' }]);
  });

  it('names fields in words in the handlers’ own refusals too', async () => {
    // The input guard (a NUL in a query parameter).
    const nul = await call(t, 'GET', '/publicity/openData/clearance?format=csv&keyword=a%00b');
    expect(nul.body.message).toBe('请求参数有误：关键词: 不能包含空字符（NUL）');
    // A handler's id-list check.
    const none = await call(t, 'POST', '/employee/remove?ids=%20,%20', { token: admin });
    expect(none.body.message).toBe('请至少选择一条记录（所选记录）');
    expect(none.body.message).not.toContain('ids');
  });
});
