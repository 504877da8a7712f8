/** Password changes: own change, admin reset, restore default, per-account policy, block list, session ends. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isCommonPassword, passwordProblems } from '../../server/auth/password-policy.ts';
import { BUILT_IN_SETTING } from '../../server/auth/security-settings.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { db, demoTenantId, login, loginToken, makeAccount, makeTenant } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

describe('password rules', () => {
  it('blocks the common passwords, also with punctuation added', () => {
    for (const p of [
      '123456',
      'password',
      'qwerty123',
      'Password1',
      'P@ssw0rd!',
      'woaini1314',
      'a1234567',
      'Qwerty123!!',
    ])
      expect(isCommonPassword(p), p).toBe(true);
    for (const p of ['fresh2026pass', 'Tq7#mW2xLp']) expect(isCommonPassword(p), p).toBe(false);
  });

  it('reports every broken rule in the spec order', () => {
    expect(passwordProblems('ABC', BUILT_IN_SETTING).map((p) => p.key)).toEqual([
      'validation.passwordPolicy.minLength',
      'validation.passwordPolicy.lowerCase',
      'validation.passwordPolicy.digit',
    ]);
    expect(passwordProblems('x'.repeat(65) + '1', BUILT_IN_SETTING)[0]).toEqual({
      key: 'validation.passwordPolicy.maxLength',
      params: { limit: 64 },
    });
    expect(
      passwordProblems('zhangsan2026', BUILT_IN_SETTING, { account: 'zhangsan' }).map((p) => p.key),
    ).toEqual(['auth.password.personal']);
  });
});

describe.each(dbKindsOf(import.meta.url))('password changes on %s', (kind) => {
  let t: TestServer;
  let demo: string;
  let admin: string;

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000 });
    demo = await demoTenantId(t);
    admin = await loginAsAdmin(t);
  });
  afterAll(async () => t?.close());

  const change = (token: string, body: Record<string, unknown>, lang = '') =>
    call(t, 'POST', `/user/change/passwd${lang}`, { token, body });

  it('changes the own password after checking the current one; every session ends', async () => {
    const u = await makeAccount(t, { account: `pw_self_${kind}` });
    const a = await loginToken(t, u.account, u.password);
    const b = await loginToken(t, u.account, u.password);

    const wrong = await change(a.access_token, {
      primitivePassword: 'not-it',
      newPassword: 'brandnew2026',
      repeatPassword: 'brandnew2026',
    });
    expect(wrong.body).toMatchObject({ state: 6010101, message: '原密码错误' });
    const mismatch = await change(a.access_token, {
      primitivePassword: u.password,
      newPassword: 'brandnew2026',
      repeatPassword: 'brandnew2027',
    });
    expect(mismatch.body.state).toBe(6010101);
    expect(mismatch.body.message).toContain('两次输入的密码不一致');
    const common = await change(
      a.access_token,
      { primitivePassword: u.password, newPassword: 'qwerty123', repeatPassword: 'qwerty123' },
      '?lang=zh-TW',
    );
    expect(common.body.message).toBe('密碼不符合要求：該密碼過於常見，容易被猜中，請換一個');
    const upperOnly = await change(
      a.access_token,
      { primitivePassword: u.password, newPassword: 'QWPLMZKX73', repeatPassword: 'QWPLMZKX73' },
      '?lang=en',
    );
    expect(upperOnly.body.message).toBe(
      'The password is not acceptable: The password must contain a lower-case letter',
    );
    const someoneElse = await change(a.access_token, {
      userIds: 'another-id',
      primitivePassword: u.password,
      newPassword: 'brandnew2026',
      repeatPassword: 'brandnew2026',
    });
    expect(someoneElse.body.state).toBe(6010104);

    const ok = await change(a.access_token, {
      primitivePassword: u.password,
      newPassword: 'brandnew2026',
      repeatPassword: 'brandnew2026',
    });
    expect(ok.body.state).toBe(200);
    expect((await call(t, 'GET', '/user/context', { token: a.access_token })).body.state).toBe(6020201);
    expect((await call(t, 'GET', '/user/context', { token: b.access_token })).body.state).toBe(6020201);
    expect(
      (
        await call(t, 'POST', '/authentication/apply', {
          body: { grant_type: 'refresh_token', refresh_token: b.refresh_token },
        })
      ).body.state,
    ).toBe(6020201);
    expect((await login(t, u.account, u.password)).body.state).toBe(6020101);
    expect((await login(t, u.account, 'brandnew2026')).body.state).toBe(200);
  });

  it('counts wrong current passwords like failed sign-ins', async () => {
    const u = await makeAccount(t, { account: `pw_guess_${kind}` });
    const a = await loginToken(t, u.account, u.password);
    for (let i = 0; i < 6; i++)
      await change(a.access_token, {
        primitivePassword: `guess-${i}`,
        newPassword: 'brandnew2026',
        repeatPassword: 'brandnew2026',
      });
    const locked = await change(a.access_token, {
      primitivePassword: u.password,
      newPassword: 'brandnew2026',
      repeatPassword: 'brandnew2026',
    });
    expect(locked.body.cause).toMatchObject({ reason: 'locked' });
  });

  it('enforces the account’s own security setting', async () => {
    await db(t)
      .insertInto('platform.user_security')
      .values({
        id: `strict_${kind}`,
        name: 'strict',
        complexity: '1,2,3,4',
        min_length: 12,
        max_length: 20,
        is_use: 'Y',
        is_default: 'N',
      })
      .execute();
    const u = await makeAccount(t, { account: `pw_strict_${kind}`, securityId: `strict_${kind}` });
    const a = await loginToken(t, u.account, u.password);
    const r = await change(a.access_token, {
      primitivePassword: u.password,
      newPassword: 'brand2026x',
      repeatPassword: 'brand2026x',
    });
    expect(r.body.message).toBe(
      '密码不符合要求：密码长度不能少于12位；密码必须包含大写字母；密码必须包含特殊字符',
    );
    expect(r.body.cause).toHaveLength(3);
    expect(
      (
        await change(a.access_token, {
          primitivePassword: u.password,
          newPassword: 'Brand#new2026',
          repeatPassword: 'Brand#new2026',
        })
      ).body.state,
    ).toBe(200);
    // The public policy is still the default one.
    expect((await call(t, 'GET', '/user/passwordPolicy')).body.data).toEqual({
      complexity: '1,3',
      minLength: 8,
      maxLength: 64,
    });
  });

  it('lets the super user reset a password; the user must change it and is signed out', async () => {
    const u = await makeAccount(t, { account: `pw_reset_${kind}` });
    const a = await loginToken(t, u.account, u.password);
    const weak = await change(admin, {
      userIds: u.id,
      reset: 1,
      newPassword: 'password1',
      repeatPassword: 'password1',
    });
    expect(weak.body.message).toBe('密码不符合要求：该密码过于常见，容易被猜中，请换一个');
    expect(
      (
        await change(admin, {
          userIds: u.id,
          reset: 1,
          newPassword: 'handed2026over',
          repeatPassword: 'handed2026over',
        })
      ).body.state,
    ).toBe(200);
    expect((await call(t, 'GET', '/user/context', { token: a.access_token })).body.state).toBe(6020201);
    const b = await loginToken(t, u.account, 'handed2026over');
    expect(
      (await call(t, 'GET', '/user/context', { token: b.access_token })).body.data.mustChangePassword,
    ).toBe(true);
    // Own change clears the flag.
    expect(
      (
        await change(b.access_token, {
          primitivePassword: 'handed2026over',
          newPassword: 'mine2026only',
          repeatPassword: 'mine2026only',
        })
      ).body.state,
    ).toBe(200);
    const c = await loginToken(t, u.account, 'mine2026only');
    expect(
      (await call(t, 'GET', '/user/context', { token: c.access_token })).body.data.mustChangePassword,
    ).toBe(false);
    // Not one's own password in reset mode.
    const me = await call(t, 'GET', '/user/context', { token: admin });
    expect(
      (
        await change(admin, {
          userIds: me.body.data.user.id,
          reset: 1,
          newPassword: 'handed2026over',
          repeatPassword: 'handed2026over',
        })
      ).body.state,
    ).toBe(6010101);
  });

  it('restores the configured default password (reset 2)', async () => {
    const u = await makeAccount(t, { account: `pw_default_${kind}` });
    const none = await change(admin, { userIds: u.id, reset: 2 });
    expect(none.body.message).toBe('系统未配置默认密码，无法恢复默认密码');
    t.config.defaultPassword = 'start2026here';
    try {
      expect((await change(admin, { userIds: u.id, reset: 2 })).body.state).toBe(200);
    } finally {
      t.config.defaultPassword = undefined;
    }
    const b = await loginToken(t, u.account, 'start2026here');
    expect(
      (await call(t, 'GET', '/user/context', { token: b.access_token })).body.data.mustChangePassword,
    ).toBe(true);
  });

  it('lets a tenant admin reset the passwords of members only', async () => {
    const other = await makeTenant(t, `pw_${kind}`);
    const boss = await makeAccount(t, { account: `pw_boss_${kind}`, tenantId: demo, admin: true });
    const member = await makeAccount(t, { account: `pw_member_${kind}`, tenantId: demo });
    const outsider = await makeAccount(t, { account: `pw_outsider_${kind}`, tenantId: other });
    const plain = await makeAccount(t, { account: `pw_plain_${kind}`, tenantId: demo });
    const bossToken = (await loginToken(t, boss.account, boss.password)).access_token;
    const body = (userIds: string) => ({
      userIds,
      reset: 1,
      newPassword: 'handed2026over',
      repeatPassword: 'handed2026over',
    });
    expect((await change(bossToken, body(member.id))).body.state).toBe(200);
    expect((await change(bossToken, body(outsider.id))).body.state).toBe(6010104);
    const adminId = (await call(t, 'GET', '/user/context', { token: admin })).body.data.user.id as string;
    expect((await change(bossToken, body(adminId))).body.state).toBe(6010104);
    const plainToken = (await loginToken(t, plain.account, plain.password)).access_token;
    expect((await change(plainToken, body(member.id))).body.state).toBe(6010104);
  });

  it('changes the password in registration mode and signs the user out', async () => {
    const u = await makeAccount(t, { account: `pw_reg_${kind}` });
    const a = await loginToken(t, u.account, u.password);
    const r = await call(t, 'POST', '/user/register/change/passwd', {
      token: a.access_token,
      body: { primitivePassword: u.password, newPassword: 'regmode2026', repeatPassword: 'regmode2026' },
    });
    expect(r.body.state).toBe(200);
    expect((await call(t, 'GET', '/user/context', { token: a.access_token })).body.state).toBe(6020201);
    expect((await login(t, u.account, 'regmode2026')).body.state).toBe(200);
  });
});
