/** Brute force: captcha after 3 failures, growing lock-out, the hourly cap, per-IP limits, the captcha itself. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAPTCHA_ALPHABET, randomAnswer, renderCaptchaSvg } from '../../server/captcha/svg.ts';
import { lockSeconds, subjectForAccount } from '../../server/auth/brute-force.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { db, login, makeAccount, solveCaptcha } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

describe('lock-out curve', () => {
  const at = (consecutive: number, secondsAgo = 0) => ({
    consecutive,
    hourly: consecutive,
    lastFailureAt: new Date(Date.now() - secondsAgo * 1000),
  });
  it('locks 60 s more per failure beyond the threshold, at most 15 minutes', () => {
    expect(lockSeconds(at(5), 5)).toBe(0);
    expect(lockSeconds(at(6), 5)).toBe(60);
    expect(lockSeconds(at(7), 5)).toBe(120);
    expect(lockSeconds(at(10), 5)).toBe(300);
    expect(lockSeconds(at(40), 5)).toBe(900);
    expect(lockSeconds(at(7, 100), 5)).toBe(20);
    expect(lockSeconds(at(50), 0)).toBe(0); // threshold 0: no lock-out
  });
});

describe('captcha image', () => {
  it('draws paths only, never the answer as text', () => {
    for (let i = 0; i < 20; i++) {
      const answer = randomAnswer();
      expect(answer).toMatch(new RegExp(`^[${CAPTCHA_ALPHABET}]{5}$`));
      const svg = renderCaptchaSvg(answer);
      expect(svg.startsWith('<svg')).toBe(true);
      expect(svg).not.toContain('<text');
      expect(svg).not.toContain(answer);
      expect(svg.match(/<path /g)!.length).toBeGreaterThanOrEqual(5 + 6);
    }
  });
});

describe.each(dbKindsOf(import.meta.url))('brute force on %s', (kind) => {
  let t: TestServer;
  // Each test its own client address, so the per-IP buckets of one test do not touch another's.
  let ipSeq = 0;
  const freshIp = () => ({ 'x-forwarded-for': `198.51.100.${++ipSeq}` });
  /**
   * Sets an address's count in a bucket for this minute and the next: the limits count in fixed
   * one-minute windows, so a test that made its 30 calls one by one would fail whenever a minute
   * ended between them. With both windows set, one call sees the same count whichever it lands in.
   */
  async function usedUp(bucket: string, ip: { 'x-forwarded-for': string }, count: number): Promise<void> {
    const now = Math.floor(Date.now() / 60_000) * 60_000;
    for (const start of [now, now + 60_000])
      await db(t)
        .insertInto('platform.rate_limit')
        .values({ bucket, key: ip['x-forwarded-for'], window_start: new Date(start), count })
        .onConflict((oc) => oc.columns(['bucket', 'key', 'window_start']).doUpdateSet({ count }))
        .execute();
  }

  beforeAll(async () => {
    // The tests play several clients behind one trusted proxy (loopback), each named by X-Forwarded-For.
    t = await startTestServer(kind, { trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => t?.close());

  it('serves a single-use SVG captcha that expires after 3 minutes', async () => {
    const ip = freshIp();
    const r = await call(t, 'GET', '/user/captcha', { headers: ip });
    expect(r.body.state).toBe(200);
    expect(r.body.data.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(r.body.data.image.split(',')[1], 'base64').toString('utf8');
    expect(svg).toContain('<svg');
    const row = await db(t)
      .selectFrom('platform.captcha')
      .selectAll()
      .where('id', '=', r.body.data.variables.requestId)
      .executeTakeFirstOrThrow();
    expect(row.answer).toMatch(/^[A-Z0-9]{5}$/);
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(180_000);
    // Asking again with the old request id replaces it.
    const again = await call(t, 'GET', `/user/captcha?requestId=${r.body.data.variables.requestId}`, {
      headers: ip,
    });
    expect(again.body.data.variables.requestId).not.toBe(r.body.data.variables.requestId);
    expect(
      await db(t)
        .selectFrom('platform.captcha')
        .select('id')
        .where('id', '=', r.body.data.variables.requestId)
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('asks for a captcha after 3 failures (6020104), then accepts a solved one', async () => {
    const ip = freshIp();
    const u = await makeAccount(t, { account: `bf_captcha_${kind}` });
    for (let i = 0; i < 3; i++)
      expect((await login(t, u.account, 'wrong-password', {}, ip)).body.state).toBe(6020101);
    // Even the right password needs the captcha now.
    const asked = await login(t, u.account, u.password, {}, ip);
    expect(asked.status).toBe(401);
    expect(asked.body).toMatchObject({ state: 6020104, message: '请输入图形验证码' });

    const wrong = await solveCaptcha(t, ip);
    const bad = await login(
      t,
      u.account,
      u.password,
      { captcha: wrong.captcha === 'AAAAA' ? 'CCCCC' : 'AAAAA', requestId: wrong.requestId },
      ip,
    );
    expect(bad.body).toMatchObject({ state: 6020104, message: '图形验证码错误' });
    // The captcha was spent by that guess.
    expect((await login(t, u.account, u.password, wrong, ip)).body).toMatchObject({
      state: 6020104,
      message: '图形验证码无效或已使用，请刷新后重试',
    });

    const solved = await solveCaptcha(t, ip);
    const ok = await login(
      t,
      u.account,
      u.password,
      { captcha: solved.captcha.toLowerCase(), requestId: solved.requestId },
      ip,
    );
    expect(ok.body.state).toBe(200);
    // Reused captcha.
    expect((await login(t, u.account, u.password, solved, ip)).body.state).toBe(200); // no captcha needed any more: failures cleared
    for (let i = 0; i < 3; i++) await login(t, u.account, 'wrong-password', {}, ip);
    expect((await login(t, u.account, u.password, solved, ip)).body.state).toBe(6020104);
  });

  it('refuses an expired captcha', async () => {
    const ip = freshIp();
    const u = await makeAccount(t, { account: `bf_expired_${kind}` });
    for (let i = 0; i < 3; i++) await login(t, u.account, 'wrong-password', {}, ip);
    const c = await solveCaptcha(t, ip);
    await db(t)
      .updateTable('platform.captcha')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', c.requestId)
      .execute();
    const r = await login(t, u.account, u.password, c, ip);
    expect(r.body).toMatchObject({ state: 6020104, message: '图形验证码已过期，请刷新后重试' });
    expect((await login(t, u.account, u.password, c, { ...ip })).body.state).toBe(6020104);
  });

  it('treats unknown account names like known ones', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++)
      expect((await login(t, `ghost_${kind}`, 'x-password', {}, ip)).body.state).toBe(6020101);
    expect((await login(t, `ghost_${kind}`, 'x-password', {}, ip)).body.state).toBe(6020104);
  });

  it('locks the account for 60 s more per failure beyond 5, up to 15 minutes, without checking the password', async () => {
    const ip = freshIp();
    const u = await makeAccount(t, { account: `bf_lock_${kind}` });
    const attempt = async (password: string) => login(t, u.account, password, await solveCaptcha(t, ip), ip);
    for (let i = 0; i < 6; i++) expect((await attempt('wrong-password')).body.state).toBe(6020101);
    const locked = await attempt(u.password);
    expect(locked.body.state).toBe(6020101);
    expect(locked.body.message).toMatch(/^登录失败次数过多，账号已临时锁定，请 (59|60) 秒后再试$/);
    expect(locked.body.cause).toMatchObject({ reason: 'locked' });
    const en = await call(t, 'POST', '/authentication/apply?lang=en', {
      body: {
        grant_type: 'password_credentials',
        username: u.account,
        password: u.password,
        ...(await solveCaptcha(t, ip)),
      },
      headers: ip,
    });
    expect(en.body.message).toMatch(
      /^Too many failed sign-ins: the account is locked for now\. Try again in (59|60) s$/,
    );

    // Time passes (the failures move back 61 s): one more failure locks for 120 s.
    const age = async (seconds: number) => {
      const rows = await db(t)
        .selectFrom('platform.auth_failure')
        .select(['id', 'created_at'])
        .where('subject', '=', subjectForAccount(u.id))
        .execute();
      for (const r of rows) {
        await db(t)
          .updateTable('platform.auth_failure')
          .set({ created_at: new Date(new Date(r.created_at).getTime() - seconds * 1000) })
          .where('id', '=', r.id)
          .execute();
      }
    };
    await age(61);
    expect((await attempt('wrong-password')).body.state).toBe(6020101);
    expect((await attempt(u.password)).body.cause).toMatchObject({
      reason: 'locked',
      retryAfter: expect.any(Number),
    });
    expect(((await attempt(u.password)).body.cause as { retryAfter: number }).retryAfter).toBeGreaterThan(
      110,
    );

    // Many more failures: capped at 15 minutes.
    await db(t)
      .insertInto('platform.auth_failure')
      .values(Array.from({ length: 30 }, () => ({ subject: subjectForAccount(u.id), ip: '198.51.100.250' })))
      .execute();
    const capped = (await attempt(u.password)).body.cause as { retryAfter: number };
    expect(capped.retryAfter).toBeGreaterThan(890);
    expect(capped.retryAfter).toBeLessThanOrEqual(900);
    await age(901);
    expect((await attempt(u.password)).body.state).toBe(200);
  });

  it('refuses the 101st failure within an hour, even with the right password', async () => {
    const ip = freshIp();
    const u = await makeAccount(t, { account: `bf_hourly_${kind}` });
    // 99 failures in the last hour, already followed by successes (so no lock-out or captcha is due).
    await db(t)
      .insertInto('platform.auth_failure')
      .values(
        Array.from({ length: 99 }, (_, i) => ({
          subject: subjectForAccount(u.id),
          cleared: true,
          created_at: new Date(Date.now() - (5 + i / 4) * 60_000),
        })),
      )
      .execute();
    expect((await login(t, u.account, 'wrong-password', {}, ip)).body).toMatchObject({
      state: 6020101,
      message: '用户名或密码错误',
    });
    const refused = await login(t, u.account, u.password, {}, ip);
    expect(refused.body).toMatchObject({
      state: 6020101,
      message: '该账号一小时内登录失败已达 100 次，请稍后再试',
      cause: { reason: 'hourly-limit' },
    });
    // An hour later the oldest failures no longer count.
    await db(t)
      .updateTable('platform.auth_failure')
      .set({ created_at: new Date(Date.now() - 2 * 3600_000) })
      .where('subject', '=', subjectForAccount(u.id))
      .execute();
    expect((await login(t, u.account, u.password, {}, ip)).body.state).toBe(200);
  });

  it('does not let parallel guesses slip past the captcha', async () => {
    const ip = freshIp();
    const u = await makeAccount(t, { account: `bf_burst_${kind}` });
    for (let i = 0; i < 2; i++) await login(t, u.account, 'wrong-password', {}, ip);
    const burst = await Promise.all(
      Array.from({ length: 6 }, (_, i) => login(t, u.account, `guess-${i}`, {}, ip)),
    );
    const states = burst.map((r) => r.body.state);
    expect(states.filter((s) => s === 6020101).length).toBeLessThanOrEqual(2);
    expect(states.filter((s) => s === 6020104).length).toBeGreaterThanOrEqual(4);
  });

  it('limits each IP to 30 calls a minute per bucket (6010102)', async () => {
    const ip = freshIp();
    for (let i = 0; i < 3; i++)
      expect((await call(t, 'GET', '/user/captcha', { headers: ip })).body.state).toBe(200);
    // The 30th call of the minute still passes; the 31st is refused.
    await usedUp('captcha', ip, 29);
    expect((await call(t, 'GET', '/user/captcha', { headers: ip })).body.state).toBe(200);
    await usedUp('captcha', ip, 30);
    const res = await fetch(`${t.api}/user/captcha?lang=en`, { headers: ip });
    const body = (await res.json()) as { state: number; message: string; cause: { bucket: string } };
    expect(res.status).toBe(403);
    expect(body.state).toBe(6010102);
    expect(body.message).toMatch(/^Too many requests\. Try again in \d+ s$/);
    expect(body.cause.bucket).toBe('captcha');
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    // Another bucket and another address are unaffected.
    expect((await login(t, 'nobody-here', 'whatever1', {}, ip)).body.state).toBe(6020101);
    expect((await call(t, 'GET', '/user/captcha', { headers: freshIp() })).body.state).toBe(200);
    // The login bucket has its own 30.
    const loginIp = freshIp();
    await usedUp('login', loginIp, 29);
    expect((await login(t, 'ip_ghost_30', 'whatever1', {}, loginIp)).body.state).toBe(6020101);
    await usedUp('login', loginIp, 30);
    expect((await login(t, 'ip_ghost_31', 'whatever1', {}, loginIp)).body.state).toBe(6010102);
    // Refreshing is not limited per address.
    for (let i = 0; i < 3; i++) {
      expect(
        (
          await call(t, 'POST', '/authentication/apply', {
            body: { grant_type: 'refresh_token', refresh_token: 'x' },
            headers: loginIp,
          })
        ).body.state,
      ).toBe(6020201);
    }
  });
});
