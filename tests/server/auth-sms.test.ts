/** SMS: login by code, resend wait, single use, mobile change, forgotten password, registration, the HTTP provider. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import {
  ageSmsCodes,
  db,
  demoTenantId,
  fakeServer,
  freshMobile,
  lastSmsCode,
  login,
  loginToken,
  makeAccount,
  outboxCount,
  solveCaptcha,
} from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

describe.each(dbKindsOf(import.meta.url))('SMS flows on %s', (kind) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000, regOpen: true, tenantRegOpen: true });
  });
  afterAll(async () => t?.close());

  const sendLogin = async (username: string, extraData?: string, token?: string) =>
    call(t, 'POST', '/fldUser/sendMsg/apply', {
      token,
      body: { ...(await solveCaptcha(t)), username, ...(extraData ? { extraData } : {}) },
    });

  it('signs in with an SMS code; the code works once', async () => {
    const u = await makeAccount(t, { account: `sms_login_${kind}` });
    const sent = await sendLogin(u.mobile!);
    expect(sent.body.state).toBe(200);
    const code = await lastSmsCode(t, u.mobile!);
    expect(code).toMatch(/^\d{6}$/);
    // Stored hashed: the row does not hold the code.
    const row = await db(t)
      .selectFrom('platform.sms_code')
      .selectAll()
      .where('mobile', '=', u.mobile!)
      .executeTakeFirstOrThrow();
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(600_000);

    const r = await call(t, 'POST', '/fldUser/login/apply', { body: { mobile: u.mobile, validCode: code } });
    expect(r.body.state).toBe(200);
    expect(r.body.data.uid).toBe(u.id);
    const again = await call(t, 'POST', '/fldUser/login/apply', {
      body: { mobile: u.mobile, validCode: code },
    });
    expect(again.body).toMatchObject({ state: 6010101, message: '短信验证码错误或已失效' });

    // The token flavour of the same login, by account name this time.
    await ageSmsCodes(t, u.mobile!);
    expect((await sendLogin(u.account)).body.state).toBe(200);
    const viaToken = await call(t, 'POST', '/fldUser/login/token/apply', {
      body: { mobile: u.mobile, validCode: await lastSmsCode(t, u.mobile!) },
    });
    expect(viaToken.body.data.uid).toBe(u.id);
    // Password on the mobile form.
    expect(
      (await call(t, 'POST', '/fldUser/login/apply', { body: { mobile: u.mobile, passWd: u.password } })).body
        .data.uid,
    ).toBe(u.id);
  });

  it('needs a captcha to send, and answers an unknown number like a known one without sending', async () => {
    const noCaptcha = await call(t, 'POST', '/fldUser/sendMsg/apply', {
      body: { captcha: 'AAAAA', requestId: 'nope', username: '13900000000' },
    });
    expect(noCaptcha.body.state).toBe(6020104);
    const stranger = freshMobile();
    expect((await sendLogin(stranger)).body.state).toBe(200);
    expect(await outboxCount(t, stranger)).toBe(0);
    expect((await sendLogin(stranger)).body.state).toBe(2); // the same 60 s wait
  });

  it('blocks a resend within 60 s per mobile and purpose', async () => {
    const u = await makeAccount(t, { account: `sms_wait_${kind}` });
    expect((await sendLogin(u.mobile!)).body.state).toBe(200);
    const first = await lastSmsCode(t, u.mobile!);
    const wait = await sendLogin(u.mobile!);
    expect(wait.status).toBe(200);
    expect(wait.body.state).toBe(2);
    expect(wait.body.message).toMatch(/^短信验证码已发送，请 (59|60) 秒后再重新获取$/);
    expect(wait.body.cause).toMatchObject({ reason: 'resend-wait' });
    expect(await outboxCount(t, u.mobile!)).toBe(1);
    await ageSmsCodes(t, u.mobile!);
    expect((await sendLogin(u.mobile!)).body.state).toBe(200);
    // The newer code replaces the older one.
    const second = await lastSmsCode(t, u.mobile!);
    if (second !== first) {
      expect(
        (await call(t, 'POST', '/fldUser/login/apply', { body: { mobile: u.mobile, validCode: first } })).body
          .state,
      ).toBe(6010101);
    }
    expect(
      (await call(t, 'POST', '/fldUser/login/apply', { body: { mobile: u.mobile, validCode: second } })).body
        .state,
    ).toBe(200);
  });

  it('kills a code after 5 wrong guesses', async () => {
    const u = await makeAccount(t, { account: `sms_guess_${kind}` });
    await sendLogin(u.mobile!);
    const code = await lastSmsCode(t, u.mobile!);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect(
        (await call(t, 'POST', '/fldUser/login/apply', { body: { mobile: u.mobile, validCode: wrong } })).body
          .state,
      ).toBe(6010101);
    expect(
      (await call(t, 'POST', '/fldUser/login/apply', { body: { mobile: u.mobile, validCode: code } })).body
        .state,
    ).toBe(6010101);
  });

  it('changes the mobile in two steps; a wrong old phone answers 原手机号不匹配', async () => {
    const demo = await demoTenantId(t);
    const u = await makeAccount(t, { account: `sms_phone_${kind}`, tenantId: demo });
    const tok = await loginToken(t, u.account, u.password);
    const newMobile = freshMobile();

    // Step 2 before step 1 is refused.
    const early = await call(t, 'POST', '/fldUser/changePhone', {
      token: tok.access_token,
      body: { userId: u.id, phone: newMobile, validCode: '123456' },
    });
    expect(early.body).toMatchObject({ state: 6010101, message: '请先验证原手机号' });

    // Sending to a number that is not the account's.
    const notMine = await sendLogin(freshMobile(), 'oldPhone', tok.access_token);
    expect(notMine.body).toMatchObject({ state: 2, message: '原手机号不匹配' });
    const mismatch = await call(t, 'POST', '/fldUser/checkOldPhone', {
      token: tok.access_token,
      body: { userId: u.id, phone: freshMobile(), validCode: '123456' },
    });
    expect(mismatch.body).toMatchObject({ state: 200, message: '原手机号不匹配', data: false });
    // Someone else's user id.
    const other = await call(t, 'POST', '/fldUser/checkOldPhone', {
      token: tok.access_token,
      body: { userId: 'someone-else', phone: u.mobile, validCode: '123456' },
    });
    expect(other.body.state).toBe(6010104);
    // The change-mobile sends need a signed-in user.
    expect((await sendLogin(u.mobile!, 'oldPhone')).body.state).toBe(6020201);

    expect((await sendLogin(u.mobile!, 'oldPhone', tok.access_token)).body.state).toBe(200);
    // The new number has its own 60 s wait: sending to it right away works.
    expect((await sendLogin(newMobile, 'newPhone', tok.access_token)).body.state).toBe(200);
    const oldCode = await lastSmsCode(t, u.mobile!);
    const wrongCode = await call(t, 'POST', '/fldUser/checkOldPhone', {
      token: tok.access_token,
      body: { userId: u.id, phone: u.mobile, validCode: oldCode === '999999' ? '888888' : '999999' },
    });
    expect(wrongCode.body.state).toBe(6010101);
    const checked = await call(t, 'POST', '/fldUser/checkOldPhone', {
      token: tok.access_token,
      body: { userId: u.id, phone: u.mobile, validCode: oldCode },
    });
    expect(checked.body).toMatchObject({ state: 200, data: true });

    const changed = await call(t, 'POST', '/fldUser/changePhone', {
      token: tok.access_token,
      body: { userId: u.id, phone: newMobile, validCode: await lastSmsCode(t, newMobile) },
    });
    expect(changed.body).toMatchObject({ state: 200, data: true });
    const account = await db(t)
      .selectFrom('platform.account')
      .select('mobile')
      .where('id', '=', u.id)
      .executeTakeFirstOrThrow();
    expect(account.mobile).toBe(newMobile);
    const schema = (
      await db(t)
        .selectFrom('platform.tenant')
        .select('schema_name')
        .where('id', '=', demo)
        .executeTakeFirstOrThrow()
    ).schema_name;
    const employee = await db(t)
      .withSchema(schema)
      .selectFrom('employee')
      .select('mobile')
      .where('account', '=', u.account)
      .executeTakeFirstOrThrow();
    expect(employee.mobile).toBe(newMobile);
    // The grant was used up.
    const again = await call(t, 'POST', '/fldUser/changePhone', {
      token: tok.access_token,
      body: { userId: u.id, phone: freshMobile(), validCode: '123456' },
    });
    expect(again.body.message).toBe('请先验证原手机号');
    // A number already bound to another account cannot be taken.
    const holder = await makeAccount(t, { account: `sms_taken_${kind}` });
    const taken = await sendLogin(holder.mobile!, 'newPhone', tok.access_token);
    expect(taken.body).toMatchObject({ state: 6010101, message: '该手机号已被其他账号使用' });
  });

  it('resets a forgotten password by SMS; the new one signs in and the old one fails', async () => {
    const u = await makeAccount(t, { account: `sms_reset_${kind}` });
    const before = await loginToken(t, u.account, u.password);
    const send = await call(
      t,
      'GET',
      `/user/send/sms/tenant?mobile=${u.mobile}&captcha=${'X'}&requestId=nope`,
    );
    expect(send.body.state).toBe(6020104);
    const c = await solveCaptcha(t);
    expect(
      (
        await call(
          t,
          'GET',
          `/user/send/sms/tenant?mobile=${u.mobile}&captcha=${c.captcha}&requestId=${c.requestId}`,
        )
      ).body.state,
    ).toBe(200);
    const code = await lastSmsCode(t, u.mobile!);

    const reset = (newPassword: string, validCode = code, path = '/user/reset/passwd/tenant', lang = '') =>
      call(t, 'POST', `${path}${lang}`, {
        body: { mobile: u.mobile, validCode, newPassword, repeatPassword: newPassword },
      });
    const weak = await reset('short1');
    expect(weak.body.state).toBe(6010101);
    expect(weak.body.message).toBe('密码不符合要求：密码长度不能少于8位');
    const common = await reset('password123', code, '/user/reset/passwd/tenant', '?lang=en');
    expect(common.body.message).toBe(
      'The password is not acceptable: this password is too common and easy to guess; please choose another',
    );
    const noLower = await reset('QWPLMZKX73');
    expect(noLower.body.message).toBe('密码不符合要求：密码必须包含小写字母');
    expect(noLower.body.cause).toEqual([
      { field: 'newPassword', label: '新密码', message: '密码必须包含小写字母' },
    ]);
    const mismatch = await call(t, 'POST', '/user/reset/passwd/tenant', {
      body: {
        mobile: u.mobile,
        validCode: code,
        newPassword: 'fresh2026pass',
        repeatPassword: 'other2026pass',
      },
    });
    expect(mismatch.body.message).toBe('两次输入的密码不一致');

    expect((await reset('fresh2026pass')).body.state).toBe(200);
    expect((await login(t, u.account, 'fresh2026pass')).body.state).toBe(200);
    expect((await login(t, u.account, u.password)).body.state).toBe(6020101);
    expect((await call(t, 'GET', '/user/context', { token: before.access_token })).body.state).toBe(6020201);
    // The code was used.
    expect((await reset('another2026pass')).body.message).toBe('短信验证码错误或已失效');

    // The fld flavour with a code from the registration pages' send.
    await ageSmsCodes(t, u.mobile!);
    expect(
      (await call(t, 'POST', '/fldRegister/send', { body: { mobile: u.mobile, ...(await solveCaptcha(t)) } }))
        .body.state,
    ).toBe(200);
    const code2 = await lastSmsCode(t, u.mobile!);
    expect(
      (
        await call(t, 'POST', '/smsMsg/msgCheck', {
          body: { mobile: u.mobile, validCode: code2 === '000000' ? '111111' : '000000' },
        })
      ).body.data,
    ).toBe(false);
    expect(
      (await call(t, 'POST', '/smsMsg/msgCheck', { body: { mobile: u.mobile, validCode: code2 } })).body.data,
    ).toBe(true);
    expect((await reset('second2026pass', code2, '/fldUser/reset/passwd/tenant')).body.state).toBe(200);
    expect((await login(t, u.account, 'second2026pass')).body.state).toBe(200);
  });

  it('sends forgotten-password codes only to numbers with an account', async () => {
    const stranger = freshMobile();
    const c = await solveCaptcha(t);
    expect(
      (
        await call(
          t,
          'GET',
          `/user/send/sms/tenant?mobile=${stranger}&captcha=${c.captcha}&requestId=${c.requestId}`,
        )
      ).body.state,
    ).toBe(200);
    expect(await outboxCount(t, stranger)).toBe(0);
  });

  it('registers a personal account with a verified mobile', async () => {
    const mobile = freshMobile();
    expect(
      (await call(t, 'POST', '/fldRegister/send', { body: { mobile, ...(await solveCaptcha(t)) } })).body
        .state,
    ).toBe(200);
    const code = await lastSmsCode(t, mobile);
    const body = {
      account: `newbie_${kind}`,
      password: 'newbie2026pw',
      name: '新用户',
      mobile,
      validCode: code,
    };
    const weak = await call(t, 'POST', '/user/register', { body: { ...body, password: 'qwerty123' } });
    expect(weak.body.message).toBe('密码不符合要求：该密码过于常见，容易被猜中，请换一个');
    const personal = await call(t, 'POST', '/user/register', {
      body: { ...body, password: `${body.account}9x` },
    });
    expect(personal.body.message).toBe('密码不符合要求：密码不能包含账号或手机号');
    const ok = await call(t, 'POST', '/user/register', { body });
    expect(ok.body.state).toBe(200);
    expect((await login(t, body.account, body.password)).body.state).toBe(200);
    // Whether a name is taken is told only to someone holding a phone's fresh code (the used one is refused).
    const twice = await call(t, 'POST', '/user/register', {
      body: { ...body, account: `NEWBIE_${kind}`.toUpperCase() },
    });
    expect(twice.body.message).toBe('短信验证码错误或已失效');
    const other = freshMobile();
    await call(t, 'POST', '/fldRegister/send', { body: { mobile: other, ...(await solveCaptcha(t)) } });
    const taken = await call(t, 'POST', '/user/register', {
      body: {
        ...body,
        mobile: other,
        validCode: await lastSmsCode(t, other),
        account: `NEWBIE_${kind}`.toUpperCase(),
      },
    });
    expect(taken.body.state).toBe(6010101);
    expect(taken.body.message).toMatch(/已被使用$/);
  });

  it('lets a person register as an employee of an enterprise, waiting for activation', async () => {
    const mobile = freshMobile();
    await call(t, 'POST', '/fldRegister/send', { body: { mobile, ...(await solveCaptcha(t)) } });
    const r = await call(t, 'POST', '/fldEmployee/create?tenantCode=demo', {
      body: {
        account: `staff_${kind}`,
        password: 'staff2026pw',
        name: '申报员',
        mobile,
        validCode: await lastSmsCode(t, mobile),
        gender: 'female',
      },
    });
    expect(r.body.state).toBe(200);
    expect(r.body.data).toMatchObject({
      account: `staff_${kind}`,
      status: 'inactive',
      gender: 'female',
      mobile,
    });
    const tok = await loginToken(t, `staff_${kind}`, 'staff2026pw');
    const ctx = await call(t, 'GET', '/user/context', { token: tok.access_token });
    expect(ctx.body.data.tenants).toEqual([]); // membership comes with the tenant's approval
    // Without a code for the mobile nothing is told about the enterprise; with one, unknown is unknown.
    const staff2 = {
      account: `staff2_${kind}`,
      password: 'staff2026pw',
      name: '申报员',
      mobile: freshMobile(),
    };
    const guess = await call(t, 'POST', '/fldEmployee/create?tenantCode=nope', {
      body: { ...staff2, validCode: '123456' },
    });
    expect(guess.body.message).toBe('短信验证码错误或已失效');
    await call(t, 'POST', '/fldRegister/send', {
      body: { mobile: staff2.mobile, ...(await solveCaptcha(t)) },
    });
    const unknown = await call(t, 'POST', '/fldEmployee/create?tenantCode=nope', {
      body: { ...staff2, validCode: await lastSmsCode(t, staff2.mobile) },
    });
    expect(unknown.body.message).toBe('企业“nope”不存在或未开放注册');
  });
});

describe('registration closed, and the HTTP SMS provider', () => {
  let t: TestServer;
  let provider: Awaited<ReturnType<typeof fakeServer>>;
  let failNext = false;

  beforeAll(async () => {
    provider = await fakeServer((req, res) => {
      if (failNext) {
        failNext = false;
        res.writeHead(502).end('down');
        return;
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
    });
    t = await startTestServer('pglite', {
      rateLimitPerMinute: 10_000,
      smsProvider: 'http',
      smsHttpUrl: `${provider.url}/sms/send`,
      smsHttpToken: 'sms-token-123',
      smsHttpTemplate: 'SMS_0001',
    });
  });
  afterAll(async () => {
    await t?.close();
    await provider?.close();
  });

  it('refuses registration while it is closed', async () => {
    const r = await call(t, 'POST', '/user/register', {
      body: {
        account: 'closed1',
        password: 'closed2026pw',
        name: 'x',
        mobile: freshMobile(),
        validCode: '123456',
      },
    });
    expect(r.body).toMatchObject({ state: 6010104, message: '注册功能未开放' });
    expect(
      (
        await call(t, 'POST', '/fldEmployee/create?tenantCode=demo', {
          body: {
            account: 'closed2',
            password: 'closed2026pw',
            name: 'x',
            mobile: freshMobile(),
            validCode: '123456',
          },
        })
      ).body.state,
    ).toBe(6010104);
  });

  it('posts the code to the provider and signs in with it', async () => {
    const u = await makeAccount(t, { account: 'http_sms' });
    const sent = await call(t, 'POST', '/fldUser/sendMsg/apply', {
      body: { ...(await solveCaptcha(t)), username: u.mobile },
    });
    expect(sent.body.state).toBe(200);
    const req = provider.requests.at(-1)!;
    expect(req.method).toBe('POST');
    expect(req.url).toBe('/sms/send');
    expect(req.headers.authorization).toBe('Bearer sms-token-123');
    const payload = JSON.parse(req.body) as {
      mobile: string;
      template: string;
      params: { code: string; minutes: number };
      content: string;
    };
    expect(payload).toMatchObject({ mobile: u.mobile, template: 'SMS_0001', params: { minutes: 10 } });
    expect(payload.content).toContain(payload.params.code);
    expect(await outboxCount(t, u.mobile!)).toBe(0);
    const r = await call(t, 'POST', '/fldUser/login/apply', {
      body: { mobile: u.mobile, validCode: payload.params.code },
    });
    expect(r.body.data.uid).toBe(u.id);
  });

  it('reports a provider failure and does not hold the 60 s wait against the user', async () => {
    const u = await makeAccount(t, { account: 'http_sms_fail' });
    failNext = true;
    const failed = await call(t, 'POST', '/fldUser/sendMsg/apply', {
      body: { ...(await solveCaptcha(t)), username: u.mobile },
    });
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ state: 503, message: '短信发送失败，请稍后再试' });
    expect(
      (
        await call(t, 'POST', '/fldUser/sendMsg/apply', {
          body: { ...(await solveCaptcha(t)), username: u.mobile },
        })
      ).body.state,
    ).toBe(200);
  });
});
