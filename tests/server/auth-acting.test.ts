/** Acting as another user: who may, the acting session, the audit rows, exit. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { db, demoTenantId, loginToken, makeAccount, makeTenant, type MadeAccount } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

describe.each(dbKindsOf(import.meta.url))('acting as another user on %s', (kind) => {
  let t: TestServer;
  let demo: string;
  let admin: string;
  let member: MadeAccount;

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000 });
    demo = await demoTenantId(t);
    admin = await loginAsAdmin(t);
    member = await makeAccount(t, { account: `act_member_${kind}`, tenantId: demo });
  });
  afterAll(async () => t?.close());

  const audit = () => db(t).selectFrom('platform.acting_audit').selectAll().orderBy('id').execute();

  it('lets the super user act as a member, records everything against both, and exit', async () => {
    const before = (await audit()).length;
    const noReason = await call(t, 'POST', '/authentication/switch', {
      token: admin,
      body: { username: member.account },
    });
    expect(noReason.body.state).toBe(6010101);

    const sw = await call(t, 'POST', '/authentication/switch', {
      token: admin,
      body: { username: member.account, reason: '核查申报材料', token: admin },
    });
    expect(sw.body.state).toBe(200);
    const acting = sw.body.data.access_token as string;
    expect(sw.body.data.uid).toBe(member.id);

    const ctx = await call(t, 'GET', '/user/context', { token: acting });
    expect(ctx.body.data).toMatchObject({
      user: { account: member.account, isSuper: 'N' },
      switchAccount: 'admin',
      tenantId: demo,
      isTenantAdmin: false,
    });

    // A successful non-GET operation is audited; a GET and a failed call are not.
    expect((await call(t, 'POST', '/employee/query', { token: acting, body: {} })).body.state).toBe(200);
    expect(
      (await call(t, 'POST', '/employee/query', { token: acting, body: { requestPage: { pageNo: 'x' } } }))
        .body.state,
    ).toBe(6010101);
    expect((await call(t, 'GET', '/auth/resources/getMenuData', { token: acting })).body.state).toBe(200);

    // Security-sensitive self-service is not for the actor.
    const pw = await call(t, 'POST', '/user/change/passwd', {
      token: acting,
      body: { primitivePassword: member.password, newPassword: 'brand2026x', repeatPassword: 'brand2026x' },
    });
    expect(pw.body).toMatchObject({ state: 6010104, message: '切换用户期间不能执行此操作' });
    expect(
      (
        await call(t, 'POST', '/authentication/switch', {
          token: acting,
          body: { username: 'admin', reason: 'x' },
        })
      ).body.state,
    ).toBe(6010104);
    expect(
      (await call(t, 'POST', '/authorize/apply', { token: acting, body: { client_id: 'merger-filing-web' } }))
        .body.state,
    ).toBe(6010104);
    // The unlock screen checks the actor's own password.
    expect(
      (
        await call(t, 'POST', '/authentication/verify', {
          token: acting,
          body: { password: t.adminPassword },
        })
      ).body.data,
    ).toBe(true);

    const exit = await call(t, 'POST', '/authentication/switch/exit', {
      token: acting,
      body: { username: 'admin' },
    });
    expect(exit.body.state).toBe(200);
    const back = await call(t, 'GET', '/user/context', { token: exit.body.data.access_token });
    expect(back.body.data).toMatchObject({ user: { account: 'admin', isSuper: 'Y' }, switchAccount: null });
    expect((await call(t, 'GET', '/user/context', { token: acting })).body.state).toBe(6020201);

    const rows = (await audit()).slice(before);
    expect(rows.map((r) => [r.event, r.operation_id])).toEqual([
      ['switch', null],
      ['operation', 'employee.query'],
      ['operation', 'authentication.verify'],
      ['exit', null],
    ]);
    for (const r of rows) {
      expect(r).toMatchObject({
        actor_account: 'admin',
        target_account_id: member.id,
        target_account: member.account,
      });
      expect(new Date(r.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(rows[0].reason).toBe('核查申报材料');
    expect(rows[1]).toMatchObject({ method: 'POST', status: 200, tenant_id: demo });
  });

  it('lets a tenant admin act within their tenant only, and never as the super user', async () => {
    const other = await makeTenant(t, `act_${kind}`);
    const boss = await makeAccount(t, { account: `act_boss_${kind}`, tenantId: demo, admin: true });
    const outsider = await makeAccount(t, { account: `act_outsider_${kind}`, tenantId: other });
    const bossToken = (await loginToken(t, boss.account, boss.password)).access_token;
    const sw = (token: string, username: string) =>
      call(t, 'POST', '/authentication/switch', { token, body: { username, reason: 'support' } });

    const ok = await sw(bossToken, member.account);
    expect(ok.body.state).toBe(200);
    const ctx = await call(t, 'GET', '/user/context', { token: ok.body.data.access_token });
    expect(ctx.body.data).toMatchObject({ switchAccount: boss.account, tenantId: demo });
    // Acting, the tenant admin cannot take the member into a tenant the admin does not run.
    await db(t)
      .insertInto('platform.tenant_member')
      .values({ tenant_id: other, account_id: member.id })
      .execute();
    expect(
      (
        await call(t, 'POST', '/user/switchTenant', {
          token: ok.body.data.access_token,
          body: { tenantId: other },
        })
      ).body.state,
    ).toBe(6010105);
    await db(t)
      .deleteFrom('platform.tenant_member')
      .where('tenant_id', '=', other)
      .where('account_id', '=', member.id)
      .execute();

    expect((await sw(bossToken, outsider.account)).body).toMatchObject({
      state: 6010104,
      message: '没有切换到该用户的权限',
    });
    expect((await sw(bossToken, 'admin')).body.state).toBe(6010104);
    expect((await sw(bossToken, boss.account)).body.state).toBe(6010101);
    // An unknown account reads like one of another tenant: the answer tells nothing about who exists.
    expect((await sw(bossToken, 'no_such_user')).body).toEqual((await sw(bossToken, outsider.account)).body);

    const plainToken = (await loginToken(t, member.account, member.password)).access_token;
    expect((await sw(plainToken, boss.account)).body.state).toBe(6010104);
    expect(
      (await call(t, 'POST', '/authentication/switch/exit', { token: plainToken, body: {} })).body,
    ).toMatchObject({
      state: 6010101,
      message: '当前没有切换用户',
    });
  });

  it('ends the acting session when the actor logs out', async () => {
    const own = await loginAsAdmin(t);
    const sw = await call(t, 'POST', '/authentication/switch', {
      token: own,
      body: { username: member.account, reason: 'logout test' },
    });
    const acting = sw.body.data.access_token as string;
    expect((await call(t, 'POST', '/user/logout', { token: acting })).body.state).toBe(200);
    expect((await call(t, 'GET', '/user/context', { token: acting })).body.state).toBe(6020201);
    // The actor's own login it came from ends too.
    expect((await call(t, 'GET', '/user/context', { token: own })).body.state).toBe(6020201);
  });

  it('shows acting in the login log (start and end, actor, target, reason, start) and the operation log', async () => {
    const own = await loginAsAdmin(t);
    const reason = `核对授权材料（${kind}）`;
    const sw = await call(t, 'POST', '/authentication/switch', {
      token: own,
      body: { username: member.account, reason },
    });
    expect(sw.body.state).toBe(200);
    const acting = sw.body.data.access_token as string;
    // A write while acting (marking the inbox read), then back to the administrator's own login.
    const write = await call(t, 'POST', '/msg/innerMessage/markRead?ids=*', { token: acting });
    expect(write.body.state).toBe(200);
    const exit = await call(t, 'POST', '/authentication/switch/exit', { token: acting, body: {} });
    expect(exit.body.state).toBe(200);
    const back = exit.body.data.access_token as string;

    type Row = Record<string, unknown>;
    const logins = await call(t, 'POST', '/log/login/query', {
      token: back,
      body: {
        parameters: [{ key: 'account', value: member.account }],
        requestPage: { pageNo: 1, limit: 50 },
      },
    });
    expect(logins.body.state).toBe(200);
    const acted = (logins.body.data.dataResult as Row[]).filter((r) => r.actingReason === reason);
    const start = acted.find((r) => r.event === 'acting-start');
    const end = acted.find((r) => r.event === 'acting-end');
    expect(acted).toHaveLength(2);
    expect(start).toMatchObject({
      account: member.account,
      actorAccount: 'admin',
      outcome: 'success',
      tenantId: demo,
      grantType: 'switch',
    });
    expect(start!.actingStartTime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    // The end names how it ended, and carries the start: both times of the acting login on one row.
    expect(end).toMatchObject({
      account: member.account,
      actorAccount: 'admin',
      reason: 'switch-exit',
      actingStartTime: start!.actingStartTime,
    });
    expect(String(end!.createTime) >= String(start!.createTime)).toBe(true);

    const ops = await call(t, 'POST', '/log/operation/query', {
      token: back,
      body: {
        parameters: [
          { key: 'account', value: member.account },
          { key: 'operationId', value: 'msg.innerMessage.markRead' },
        ],
      },
    });
    expect(ops.body.state).toBe(200);
    expect((ops.body.data.dataResult as Row[])[0]).toMatchObject({
      account: member.account,
      actorAccount: 'admin',
      actingReason: reason,
      outcome: 'success',
    });
    // A write made as oneself carries no acting reason.
    expect((await call(t, 'POST', '/msg/innerMessage/markRead?ids=*', { token: back })).body.state).toBe(200);
    const mine = await call(t, 'POST', '/log/operation/query', {
      token: back,
      body: {
        parameters: [
          { key: 'account', value: 'admin' },
          { key: 'operationId', value: 'msg.innerMessage.markRead' },
        ],
      },
    });
    expect((mine.body.data.dataResult as Row[])[0]).toMatchObject({ actorAccount: null, actingReason: null });
  });

  it('writes an acting-end row when the acting login ends by logout', async () => {
    const own = await loginAsAdmin(t);
    const reason = `退出登录测试（${kind}）`;
    const sw = await call(t, 'POST', '/authentication/switch', {
      token: own,
      body: { username: member.account, reason },
    });
    const acting = sw.body.data.access_token as string;
    expect((await call(t, 'POST', '/user/logout', { token: acting })).body.state).toBe(200);
    const rows = await db(t)
      .selectFrom('platform.login_log')
      .selectAll()
      .where('acting_reason', '=', reason)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.event, r.reason, r.actor_account, r.account])).toEqual([
      ['acting-start', null, 'admin', member.account],
      ['acting-end', 'logout', 'admin', member.account],
    ]);
    expect(rows[1].acting_started_at).toEqual(rows[0].acting_started_at);
  });
});
