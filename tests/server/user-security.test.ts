/**
 * User security settings on both databases: the list, save with its cross-field rules, in use / out of
 * use, the one default (always in use, never removed), and the setting in force applied where a
 * password is set: complexity and length on a change, and no reuse of the last N passwords.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { db, loginToken, makeAccount } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

describe.each(dbKindsOf(import.meta.url))('user security settings on %s', (kind) => {
  let t: TestServer;
  let admin: string;
  const post = (path: string, body?: unknown, token = admin) => call(t, 'POST', path, { token, body });

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000 });
    admin = await loginAsAdmin(t);
  });
  afterAll(async () => t?.close());

  it('saves settings, refusing inconsistent ones; new ones start out of use', async () => {
    const bad = await post('/auth/user/security/save', {
      name: '坏',
      complexity: '1,2,3',
      minLength: 12,
      maxLength: 10,
    });
    expect(bad.body.message).toBe('最小长度不能大于最大长度');
    const classes = await post('/auth/user/security/save', {
      name: '坏',
      complexity: '1,2,3,4',
      minLength: 3,
      maxLength: 10,
    });
    expect(classes.body.message).toBe('最小长度不能小于要求的字符类别数（4）');
    const pattern = await post('/auth/user/security/save', { name: '坏', complexity: '5' });
    expect(pattern.body.state).toBe(6010101);
    const ok = await post('/auth/user/security/save', {
      name: '严格',
      complexity: '3,1,2',
      minLength: 10,
      maxLength: 32,
      validDays: 90,
      historyCount: 3,
      maxFailures: 3,
    });
    expect(ok.body.data).toMatchObject({
      name: '严格',
      complexity: '1,2,3',
      isUse: 'N',
      isDefault: 'N',
      historyCount: 3,
    });
    const dup = await post('/auth/user/security/save', { name: '严格' });
    expect(dup.body.message).toBe('安全设置“严格”已存在');
    const list = await post('/auth/user/security/query', {});
    expect(
      (list.body.data.dataResult as { name: string; isDefault: string }[]).map((r) => [r.name, r.isDefault]),
    ).toEqual([
      ['默认安全设置', 'Y'],
      ['严格', 'N'],
    ]);
    const got = await call(t, 'GET', `/auth/user/security/get?id=${ok.body.data.id}`, { token: admin });
    expect(got.body.data.validDays).toBe(90);
  });

  it('one default, always in use and never removed; the default applies to password changes', async () => {
    const strict = (await post('/auth/user/security/query', { parameters: [{ key: 'name', value: '严格' }] }))
      .body.data.dataResult[0] as { id: string };
    const user = await makeAccount(t, { account: `sec_user_${kind}`, password: 'Start#2026pass' });
    const token = (await loginToken(t, user.account, user.password)).access_token;

    expect((await post(`/auth/user/security/setDefault?id=${strict.id}`)).body.state).toBe(200);
    const def = await call(t, 'GET', '/auth/user/security/getDefaultUserSecurity', { token });
    expect(def.body.data).toMatchObject({ id: strict.id, isUse: 'Y', isDefault: 'Y' });
    const others = await db(t)
      .selectFrom('platform.user_security')
      .select('id')
      .where('is_default', '=', 'Y')
      .execute();
    expect(others).toEqual([{ id: strict.id }]);
    expect((await post(`/auth/user/security/setUse?id=${strict.id}&isUse=N`)).body.message).toBe(
      '默认安全设置“严格”必须启用',
    );
    expect((await post(`/auth/user/security/remove?ids=${strict.id}`)).body.message).toBe(
      '不能删除默认安全设置“严格”',
    );

    // Complexity 1,2,3 and at least 10: a lower-case-and-digit password is refused now.
    const change = (newPassword: string, primitivePassword: string) =>
      post(
        '/user/change/passwd',
        { newPassword, repeatPassword: newPassword, primitivePassword, reset: 0 },
        token,
      );
    const weak = await change('lower2026pass', user.password);
    expect(weak.body.state).toBe(6010101);

    // History 3: the current and the two before it are refused, the fourth back is allowed.
    const p = ['Second#2026Ab', 'Third#2026Abc', 'Fourth#2026Ab'];
    let current = user.password;
    let live = token;
    for (const next of p) {
      const res = await post(
        '/user/change/passwd',
        { newPassword: next, repeatPassword: next, primitivePassword: current, reset: 0 },
        live,
      );
      expect(res.body.state).toBe(200);
      current = next;
      live = (await loginToken(t, user.account, current)).access_token;
    }
    const reuse = await post(
      '/user/change/passwd',
      { newPassword: p[0], repeatPassword: p[0], primitivePassword: current, reset: 0 },
      live,
    );
    expect(reuse.body.message).toBe('新密码不能与最近 3 次使用过的密码相同');
    // Start#2026pass is 4 back: no longer in the last three (but the policy wants upper case: it has it).
    const old = await post(
      '/user/change/passwd',
      {
        newPassword: 'Start#2026pass',
        repeatPassword: 'Start#2026pass',
        primitivePassword: current,
        reset: 0,
      },
      live,
    );
    expect(old.body.state).toBe(200);

    // Back to the built-in default; the strict one can then go out of use and be removed.
    expect((await post('/auth/user/security/setDefault?id=default')).body.state).toBe(200);
    expect((await post(`/auth/user/security/setUse?id=${strict.id}&isUse=N`)).body.state).toBe(200);
    expect((await post(`/auth/user/security/remove?ids=${strict.id}`)).body.state).toBe(200);
    expect((await post(`/auth/user/security/remove?ids=nope`)).body.state).toBe(404);
  });

  it('is for the super user only; anyone signed in reads the default', async () => {
    const user = await makeAccount(t, { account: `sec_other_${kind}` });
    const token = (await loginToken(t, user.account, user.password)).access_token;
    expect((await post('/auth/user/security/query', {}, token)).body.state).not.toBe(200);
    expect((await post('/auth/user/security/setDefault?id=default', undefined, token)).body.state).not.toBe(
      200,
    );
    const def = await call(t, 'GET', '/auth/user/security/getDefaultUserSecurity', { token });
    expect(def.body.data.id).toBe('default');
  });
});
