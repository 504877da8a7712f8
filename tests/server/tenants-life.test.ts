/**
 * A tenant's life on both databases: enterprise self-registration (SMS-proven mobile, credit code with
 * its check character, duplicates refused), supplementary entry after a refusal, approval that creates
 * the space and the administrator (safe to run again after a crash), the applicant's SMS, disabling that
 * ends the tenant's logins, membership relations, one's own tenants, and dropping a space with data only
 * when confirmed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withCheckCharacter } from '../../server/modules/filing/uscc.ts';
import { tenantSchemaName } from '../../server/db/tenant-space.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import {
  ageSmsCodes,
  db,
  freshMobile,
  lastSmsCode,
  loginToken,
  makeAccount,
  solveCaptcha,
} from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

let serial = 0;
/** A valid credit code, different each call. */
function creditCode(): string {
  serial += 1;
  return withCheckCharacter(`91110000${String(100000000 + serial * 7919).slice(0, 9)}`);
}

describe.each(dbKindsOf(import.meta.url))('tenant life on %s', (kind) => {
  let t: TestServer;
  let admin: string;
  const post = (path: string, body?: unknown, token?: string) => call(t, 'POST', path, { token, body });
  const row = (id: string) =>
    db(t).selectFrom('platform.tenant').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function codeFor(mobile: string): Promise<string> {
    await ageSmsCodes(t, mobile);
    const sent = await post('/fldRegister/send', { mobile, ...(await solveCaptcha(t)) });
    expect(sent.body.state).toBe(200);
    return lastSmsCode(t, mobile);
  }

  async function registration(code: string, extra: Record<string, unknown> = {}) {
    const mobile = freshMobile();
    return {
      name: `${code}企业有限公司`,
      code,
      creditCode: creditCode(),
      kind: 'enterprise',
      account: `${code}_admin`,
      password: 'Regist#2026pw',
      contactName: '张经理',
      email: `admin@${code.replace(/_/g, '-')}.example.cn`,
      mobile,
      validCode: await codeFor(mobile),
      ...extra,
    };
  }

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000, tenantRegOpen: true });
    admin = await loginAsAdmin(t);
  });
  afterAll(async () => t?.close());

  it('registers an enterprise waiting for approval, refusing bad and duplicate details', async () => {
    const body = await registration(`acme_${kind}`);
    const badCheck = await post('/saas/tenant/register', {
      ...body,
      creditCode: body.creditCode.slice(0, 17) + (body.creditCode[17] === '0' ? '1' : '0'),
    });
    expect(badCheck.body.state).toBe(6010101);
    expect(badCheck.body.message).toBe('统一社会信用代码校验码不正确');

    const res = await post('/saas/tenant/register', body);
    expect(res.body.state).toBe(200);
    const id = res.body.data.id as string;
    const stored = await row(id);
    expect(stored).toMatchObject({
      approve_status: 'WAIT',
      schema_status: 'NONE',
      credit_code: body.creditCode,
    });
    expect(stored.admin_password_hash).toMatch(/^\$argon2/);
    // No account until approval.
    const account = await db(t)
      .selectFrom('platform.account')
      .select('id')
      .where('account', '=', body.account)
      .executeTakeFirst();
    expect(account).toBeUndefined();

    const sameName = await registration(`acme2_${kind}`, { name: body.name });
    expect((await post('/saas/tenant/register', sameName)).body.message).toBe(`企业名称“${body.name}”已注册`);
    const sameCode = await registration(`acme3_${kind}`, { creditCode: body.creditCode });
    expect((await post('/saas/tenant/register', sameCode)).body.message).toBe(
      `统一社会信用代码 ${body.creditCode} 已注册`,
    );
    const sameAccount = await registration(`acme4_${kind}`, { account: body.account });
    expect((await post('/saas/tenant/register', sameAccount)).body.state).toBe(6010101);
    const sameAlias = await registration(`acme_${kind}`, { name: `别名重复${kind}公司` });
    expect((await post('/saas/tenant/register', sameAlias)).body.message).toBe(
      `租户别名“acme_${kind}”已被使用`,
    );
    const wrongSms = { ...(await registration(`acme5_${kind}`)), validCode: '000000' };
    wrongSms.validCode = wrongSms.validCode === (await lastSmsCode(t, wrongSms.mobile)) ? '111111' : '000000';
    expect((await post('/saas/tenant/register', wrongSms)).body.message).toBe('短信验证码错误或已失效');
    const count = await db(t)
      .selectFrom('platform.tenant')
      .select('id')
      .where('code', 'like', 'acme%')
      .execute();
    expect(count).toHaveLength(1);
  });

  it('approves: space, admin account and employee, an SMS; again after a crash it finishes the work', async () => {
    const body = await registration(`beta_${kind}`);
    const id = (await post('/saas/tenant/register', body)).body.data.id as string;
    const queue = await post('/saas/tenant/query/wait', {}, admin);
    expect((queue.body.data.dataResult as { id: string }[]).some((r) => r.id === id)).toBe(true);

    const ok = await post(`/saas/tenant/approve/batch?ids=${id}&approveStatus=PASSED`, undefined, admin);
    expect(ok.body.state).toBe(200);
    const tenant = await row(id);
    expect(tenant).toMatchObject({
      approve_status: 'PASSED',
      schema_status: 'CREATED',
      admin_password_hash: null,
    });
    const employee = await db(t)
      .withSchema(tenantSchemaName(body.code))
      .selectFrom('employee')
      .select(['account', 'is_admin', 'name'])
      .execute();
    expect(employee).toEqual([{ account: body.account, is_admin: true, name: '张经理' }]);
    const sms = await db(t)
      .selectFrom('platform.sms_outbox')
      .select(['purpose', 'content'])
      .where('mobile', '=', body.mobile)
      .orderBy('created_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(sms.purpose).toBe('tenant-approved');
    expect(sms.content).toContain(body.account);

    // The administrator signs in with the password chosen at registration and works in the tenant.
    const token = (await loginToken(t, body.account, body.password)).access_token;
    const org = await post('/org/save', { name: '总部', code: 'hq', parentId: '0' }, token);
    expect(org.body.state).toBe(200);
    // …and finds the approval in the bell, as a system message.
    const bell = await call(t, 'GET', '/msg/innerMessage/msgList', { token });
    expect(JSON.stringify(bell.body.data)).toContain(`企业“${body.name}”注册申请已审核通过`);

    // Provisioning again (a retry after a crash) changes nothing and duplicates nothing.
    const { provisionTenant } = await import('../../server/modules/tenants/provision.ts');
    await provisionTenant(db(t), id);
    const again = await db(t)
      .withSchema(tenantSchemaName(body.code))
      .selectFrom('employee')
      .select('id')
      .execute();
    expect(again).toHaveLength(1);
    const members = await db(t)
      .selectFrom('platform.tenant_member')
      .selectAll()
      .where('tenant_id', '=', id)
      .execute();
    expect(members).toHaveLength(1);

    // A crash after the approval mark but before the space: schema/create finishes it.
    const gamma = await registration(`gamma_${kind}`);
    const gid = (await post('/saas/tenant/register', gamma)).body.data.id as string;
    await db(t)
      .updateTable('platform.tenant')
      .set({ approve_status: 'PASSED' })
      .where('id', '=', gid)
      .execute();
    const finish = await post(`/saas/tenant/schema/create?id=${gid}`, undefined, admin);
    expect(finish.body.data).toMatchObject({ schemaStatus: 'CREATED' });
    expect((await loginToken(t, gamma.account, gamma.password)).access_token).toBeTruthy();

    // Dropping a space that holds data needs a confirmation.
    const drop = await post(`/saas/tenant/schema/drop?id=${id}`, undefined, admin);
    expect(drop.body.message).toBe(`租户“${body.name}”的数据空间中仍有组织或员工数据，请确认后再删除`);
    expect((await row(id)).schema_status).toBe('CREATED');
    const confirmed = await post(`/saas/tenant/schema/drop?id=${id}&confirm=true`, undefined, admin);
    expect(confirmed.body.data).toMatchObject({ schemaStatus: 'DROPPED' });
  });

  it('refuses with a reason (required), told by SMS; supplementary entry puts it back in the queue', async () => {
    const body = await registration(`delta_${kind}`);
    const id = (await post('/saas/tenant/register', body)).body.data.id as string;
    const noReason = await post(
      `/saas/tenant/approve/batch?ids=${id}&approveStatus=REFUSED`,
      undefined,
      admin,
    );
    expect(noReason.body.message).toBe('请填写拒绝原因');
    expect((await row(id)).approve_status).toBe('WAIT');
    const refused = await post(
      `/saas/tenant/approve/batch?ids=${id}&approveStatus=REFUSED&reason=${encodeURIComponent('材料不全')}`,
      undefined,
      admin,
    );
    expect(refused.body.state).toBe(200);
    expect(await row(id)).toMatchObject({ approve_status: 'REFUSED', refuse_reason: '材料不全' });
    const sms = await db(t)
      .selectFrom('platform.sms_outbox')
      .select('content')
      .where('mobile', '=', body.mobile)
      .where('purpose', '=', 'tenant-refused')
      .executeTakeFirstOrThrow();
    expect(sms.content).toContain('材料不全');

    const fixed = creditCode();
    const perfect = await post('/fldUser/perfect', {
      mobile: body.mobile,
      validCode: await codeFor(body.mobile),
      name: '李经理',
      enterpriseName: `delta_${kind}新名称有限公司`,
      creditCode: fixed,
      address: '北京市西城区',
    });
    expect(perfect.body.state).toBe(200);
    expect(await row(id)).toMatchObject({
      approve_status: 'WAIT',
      refuse_reason: null,
      credit_code: fixed,
      contact_name: '李经理',
      address: '北京市西城区',
      name: `delta_${kind}新名称有限公司`,
    });
    const badPerfect = await post('/fldUser/perfect', {
      mobile: body.mobile,
      validCode: await lastSmsCode(t, body.mobile),
      name: '李经理',
      creditCode: 'ABC',
    });
    expect(badPerfect.body.message).toBe('统一社会信用代码应为18位');
  });

  it('disabling a tenant ends the logins working in it; members and own tenants', async () => {
    const body = await registration(`eps_${kind}`);
    const id = (await post('/saas/tenant/register', body)).body.data.id as string;
    await post(`/saas/tenant/approve/batch?ids=${id}&approveStatus=PASSED`, undefined, admin);
    const token = (await loginToken(t, body.account, body.password)).access_token;
    expect((await call(t, 'GET', '/user/context', { token })).body.state).toBe(200);

    const member = await makeAccount(t, { account: `eps_member_${kind}` });
    const rel = await post('/saas/tenant/save/user/relation', { tenantId: id, userIds: [member.id] }, admin);
    expect(rel.body.state).toBe(200);
    const memberToken = (await loginToken(t, member.account, member.password)).access_token;
    const mine = await post('/saas/tenant/find/tenant', {}, memberToken);
    expect((mine.body.data as { id: string }[]).map((r) => r.id)).toEqual([id]);
    const unknown = await post('/saas/tenant/save/user/relation', { tenantId: id, userIds: ['nope'] }, admin);
    expect(unknown.body.state).toBe(404);

    const got = await call(t, 'GET', `/saas/tenant/get?id=${id}`, { token: admin });
    const disabled = await post('/saas/tenant/save', { ...got.body.data, status: 'DISABLED' }, admin);
    expect(disabled.body.data.status).toBe('DISABLED');
    const after = await call(t, 'GET', '/user/context', { token });
    expect(after.body.state).not.toBe(200);
    expect((await post('/saas/tenant/find/tenant', {}, memberToken)).body.state).not.toBe(200);

    const badCode = await post(
      '/saas/tenant/save',
      { ...got.body.data, creditCode: '91110000ABCDEFGHIJ' },
      admin,
    );
    expect(badCode.body.state).toBe(6010101);
    const cycle = await post('/saas/tenant/save', { ...got.body.data, parentId: id }, admin);
    expect(cycle.body.message).toBe('主租户不能是租户自身或其分支租户');
    const forbidden = await post('/saas/tenant/save', { ...got.body.data }, memberToken);
    expect(forbidden.body.state).not.toBe(200);
  });
});
