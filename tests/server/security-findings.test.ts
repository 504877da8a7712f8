/**
 * The security holes found in review (issue 9, item 3), one test each: every test here failed before its
 * fix. Cross-tenant account takeover, SMS lock-out of victims, the SMS attempt counter under concurrency
 * and the per-account reset guard, the limits of acting as another user, the forced password change, access
 * tokens in query strings, existence leaks, security headers and the absolute session lifetime.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashToken } from '../../server/auth/tokens.ts';
import { invalidatePermissions } from '../../server/auth/permissions.ts';
import { MAX_ATTEMPTS } from '../../server/sms/codes.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import {
  db,
  demoTenantId,
  freshMobile,
  lastSmsCode,
  loginToken,
  makeAccount,
  makeTenant,
  solveCaptcha,
} from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

describe.each(dbKindsOf(import.meta.url))('security findings on %s', (kind) => {
  let t: TestServer;
  let demo: string;
  let other: string;
  let admin: string;
  let ipSeq = 0;
  const freshIp = () => ({ 'x-forwarded-for': `203.0.113.${++ipSeq % 250}` });

  beforeAll(async () => {
    t = await startTestServer(kind, {
      rateLimitPerMinute: 10_000,
      trustProxy: ['127.0.0.1'],
      regOpen: true,
      actingMaxMinutes: 30,
    });
    demo = await demoTenantId(t);
    other = await makeTenant(t, `sf_${kind}`);
    admin = await loginAsAdmin(t);
  });
  afterAll(async () => t?.close());

  const sessionOf = (token: string) =>
    db(t)
      .selectFrom('platform.session')
      .select(['family_id'])
      .where('token_hash', '=', hashToken(token))
      .executeTakeFirstOrThrow();

  it('keeps a shared account out of reach of one tenant’s admin (no takeover across tenants)', async () => {
    const bossA = await makeAccount(t, { account: `sf_bossA_${kind}`, tenantId: demo, admin: true });
    const shared = await makeAccount(t, { account: `sf_shared_${kind}`, tenantId: other, admin: true });
    await db(t)
      .insertInto('platform.tenant_member')
      .values({ tenant_id: demo, account_id: shared.id })
      .execute();
    const sharedEmployee = await db(t)
      .withSchema('t_demo')
      .insertInto('employee')
      .values({
        id: `e-${shared.id}`,
        account_id: shared.id,
        account: shared.account,
        name: 'Shared',
        mobile: shared.mobile,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const boss = (await loginToken(t, bossA.account, bossA.password)).access_token;

    // Reset the shared account's password, or change its mobile: refused, nothing changed.
    const reset = await call(t, 'POST', '/user/change/passwd', {
      token: boss,
      body: { userIds: shared.id, newPassword: 'Taken#over2026', repeatPassword: 'Taken#over2026', reset: 1 },
    });
    expect(reset.body.state).toBe(6010104);
    expect(
      (
        await call(t, 'POST', '/authentication/apply', {
          body: { grant_type: 'password_credentials', username: shared.account, password: 'Taken#over2026' },
        })
      ).body.state,
    ).toBe(6020101);
    const mobile = await call(t, 'POST', '/employee/update', {
      token: boss,
      body: {
        partyEmployeePo: {
          id: sharedEmployee.id,
          account: shared.account,
          name: 'Shared',
          status: 'actived',
          gender: 'male',
          email: 'shared@example.cn',
          mobile: freshMobile(),
        },
      },
    });
    expect(mobile.body.state).toBe(6010104);
    const row = await db(t)
      .selectFrom('platform.account')
      .select('mobile')
      .where('id', '=', shared.id)
      .executeTakeFirstOrThrow();
    expect(row.mobile).toBe(shared.mobile);

    // Disabling and removing the member in tenant A ends only its life in A.
    const inOther = (await loginToken(t, shared.account, shared.password)).access_token;
    expect(
      (await call(t, 'POST', '/user/switchTenant', { token: inOther, body: { tenantId: other } })).body.state,
    ).toBe(200);
    expect(
      (await call(t, 'POST', `/employee/disable?ids=${sharedEmployee.id}`, { token: boss })).body.state,
    ).toBe(200);
    expect((await call(t, 'GET', '/user/context', { token: inOther })).body.data.tenantId).toBe(other);
    expect(
      (await call(t, 'POST', `/employee/remove?ids=${sharedEmployee.id}`, { token: boss })).body.state,
    ).toBe(200);
    expect((await call(t, 'GET', '/user/context', { token: inOther })).body.state).toBe(200);
    expect(
      await db(t).selectFrom('platform.account').select('id').where('id', '=', shared.id).executeTakeFirst(),
    ).toBeTruthy();
    expect((await loginToken(t, shared.account, shared.password)).access_token).toBeTruthy();

    // The super user may; a tenant admin still may for an account of their tenant alone.
    const own = await makeAccount(t, { account: `sf_own_${kind}`, tenantId: demo });
    const ownReset = await call(t, 'POST', '/user/change/passwd', {
      token: boss,
      body: { userIds: own.id, newPassword: 'Given#pass2026', repeatPassword: 'Given#pass2026', reset: 1 },
    });
    expect(ownReset.body.state).toBe(200);
    const bySuper = await call(t, 'POST', '/user/change/passwd', {
      token: admin,
      body: {
        userIds: shared.id,
        newPassword: 'Super#given2026',
        repeatPassword: 'Super#given2026',
        reset: 1,
      },
    });
    expect(bySuper.body.state).toBe(200);
  });

  it('never locks the password sign-in through SMS code guesses', async () => {
    const victim = await makeAccount(t, { account: `sf_victim_${kind}`, tenantId: demo });
    // No code was ever sent: many guesses from anywhere.
    for (let i = 0; i < 8; i++) {
      const r = await call(t, 'POST', '/fldUser/login/apply', {
        body: { mobile: victim.mobile, validCode: '000000' },
        headers: freshIp(),
      });
      expect(r.body.state).not.toBe(200);
    }
    // A code was sent and is guessed at: it dies, the account does not lock.
    await call(t, 'POST', '/fldUser/sendMsg/apply', {
      body: { username: victim.mobile, ...(await solveCaptcha(t)) },
    });
    for (let i = 0; i < 8; i++) {
      await call(t, 'POST', '/fldUser/login/apply', {
        body: { mobile: victim.mobile, validCode: '999999' },
        headers: freshIp(),
      });
    }
    expect(
      await db(t)
        .selectFrom('platform.auth_failure')
        .select('id')
        .where('subject', '=', `acct:${victim.id}`)
        .execute(),
    ).toEqual([]);
    const ok = await call(t, 'POST', '/authentication/apply', {
      body: { grant_type: 'password_credentials', username: victim.account, password: victim.password },
    });
    expect(ok.body.state).toBe(200);
  });

  it('counts SMS code attempts atomically: concurrent guesses cannot pass the limit', async () => {
    const user = await makeAccount(t, { account: `sf_race_${kind}`, tenantId: demo });
    await call(t, 'POST', '/fldUser/sendMsg/apply', {
      body: { username: user.mobile, ...(await solveCaptcha(t)) },
    });
    const code = await lastSmsCode(t, user.mobile!);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    await Promise.all(
      Array.from({ length: 20 }, () =>
        call(t, 'POST', '/fldUser/login/apply', {
          body: { mobile: user.mobile, validCode: wrong },
          headers: freshIp(),
        }),
      ),
    );
    const row = await db(t)
      .selectFrom('platform.sms_code')
      .select(['attempts', 'used_at'])
      .where('mobile', '=', user.mobile!)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBeLessThanOrEqual(MAX_ATTEMPTS);
    expect(row.used_at).not.toBeNull();
    const right = await call(t, 'POST', '/fldUser/login/apply', {
      body: { mobile: user.mobile, validCode: code },
    });
    expect(right.body.state).not.toBe(200);
  });

  it('guards the SMS password reset per account, whatever addresses it comes from', async () => {
    const user = await makeAccount(t, { account: `sf_reset_${kind}`, tenantId: demo });
    const states: number[] = [];
    for (let i = 0; i < 12; i++) {
      const r = await call(t, 'POST', '/user/reset/passwd/tenant', {
        body: {
          mobile: user.mobile,
          validCode: '123456',
          newPassword: 'Reset#pass2026',
          repeatPassword: 'Reset#pass2026',
        },
        headers: freshIp(),
      });
      states.push(r.body.state);
    }
    expect(states.slice(0, 10).every((s) => s === 6010101)).toBe(true);
    expect(states.slice(10)).toEqual([6010102, 6010102]);
  });

  it('limits acting: a reason, a time limit without refresh past it, and an end when the actor is demoted', async () => {
    const member = await makeAccount(t, { account: `sf_acted_${kind}`, tenantId: demo });
    const boss = await makeAccount(t, { account: `sf_actor_${kind}`, tenantId: demo, admin: true });
    const bossToken = (await loginToken(t, boss.account, boss.password)).access_token;
    const sw = () =>
      call(t, 'POST', '/authentication/switch', {
        token: bossToken,
        body: { username: member.account, reason: '核查' },
      });

    const first = await sw();
    expect(first.body.state).toBe(200);
    expect(first.body.data.expires_in).toBeLessThanOrEqual(30 * 60);
    const ctx = await call(t, 'GET', '/user/context', { token: first.body.data.access_token });
    expect(ctx.body.data.actingExpiresAt).toBeGreaterThan(Date.now() + 29 * 60_000);
    expect(ctx.body.data.actingExpiresAt).toBeLessThanOrEqual(Date.now() + 30 * 60_000);
    // Time is up: the acting session ends, its refresh too, and the end is audited.
    const { family_id } = await sessionOf(first.body.data.access_token);
    await db(t)
      .updateTable('platform.session_family')
      .set({ acting_expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', family_id!)
      .execute();
    const refreshed = await call(t, 'POST', '/authentication/apply', {
      body: { grant_type: 'refresh_token', refresh_token: first.body.data.refresh_token },
    });
    expect(refreshed.body.state).toBe(6020201);
    expect((await call(t, 'GET', '/user/context', { token: first.body.data.access_token })).body.state).toBe(
      6020201,
    );
    const ended = await db(t)
      .selectFrom('platform.acting_audit')
      .select(['event', 'reason'])
      .where('family_id', '=', family_id!)
      .orderBy('id')
      .execute();
    expect(ended).toEqual([
      { event: 'switch', reason: '核查' },
      { event: 'exit', reason: 'acting-expired' },
    ]);

    // The actor stops being a tenant admin: the acting session ends at its next call.
    const second = await sw();
    expect(second.body.state).toBe(200);
    await db(t)
      .updateTable('platform.tenant_member')
      .set({ is_admin: false })
      .where('account_id', '=', boss.id)
      .execute();
    invalidatePermissions(db(t));
    const after = await call(t, 'POST', '/employee/query', {
      token: second.body.data.access_token,
      body: {},
    });
    expect(after.body.state).toBe(6020201);
    const { family_id: f2 } = await sessionOf(second.body.data.access_token);
    expect(
      (
        await db(t)
          .selectFrom('platform.acting_audit')
          .select('reason')
          .where('family_id', '=', f2!)
          .where('event', '=', 'exit')
          .executeTakeFirstOrThrow()
      ).reason,
    ).toBe('acting-right-lost');
    // The login log pairs each start with its end, saying how it ended, with the reason and start time.
    const logins = await db(t)
      .selectFrom('platform.login_log')
      .select(['event', 'reason', 'actor_account', 'acting_reason', 'acting_started_at'])
      .where('account_id', '=', member.id)
      .where('event', 'in', ['acting-start', 'acting-end'])
      .orderBy('id')
      .execute();
    expect(logins.map((r) => [r.event, r.reason, r.actor_account, r.acting_reason])).toEqual([
      ['acting-start', null, boss.account, '核查'],
      ['acting-end', 'acting-expired', boss.account, '核查'],
      ['acting-start', null, boss.account, '核查'],
      ['acting-end', 'acting-right-lost', boss.account, '核查'],
    ]);
    expect(logins[1].acting_started_at).toEqual(logins[0].acting_started_at);
    expect(logins[3].acting_started_at).toEqual(logins[2].acting_started_at);
  });

  it('enforces a password change on the server after an admin reset, and after expiry', async () => {
    const user = await makeAccount(t, { account: `sf_must_${kind}`, tenantId: demo });
    const reset = await call(t, 'POST', '/user/change/passwd', {
      token: admin,
      body: { userIds: user.id, newPassword: 'Given#pass2026', repeatPassword: 'Given#pass2026', reset: 1 },
    });
    expect(reset.body.state).toBe(200);
    const token = (await loginToken(t, user.account, 'Given#pass2026')).access_token;
    const ctx = await call(t, 'GET', '/user/context', { token });
    expect(ctx.body.data.mustChangePassword).toBe(true);
    for (const [method, path, body] of [
      ['POST', '/employee/query', {}],
      ['GET', '/auth/resources/getMenuData', undefined],
      ['GET', '/msg/innerMessage/msgList', undefined],
    ] as const) {
      const r = await call(t, method, path, { token, body });
      expect(r.body).toMatchObject({ state: 6010104, cause: { reason: 'passwordChange' } });
    }
    const change = await call(t, 'POST', '/user/change/passwd', {
      token,
      body: {
        primitivePassword: 'Given#pass2026',
        newPassword: 'Mine#pass2026x',
        repeatPassword: 'Mine#pass2026x',
      },
    });
    expect(change.body.state).toBe(200);
    const fresh = (await loginToken(t, user.account, 'Mine#pass2026x')).access_token;
    expect((await call(t, 'POST', '/employee/query', { token: fresh, body: {} })).body.state).toBe(200);

    // Expiry: a setting with validDays 1 and a password changed two days ago.
    await db(t)
      .insertInto('platform.user_security')
      .values({ id: `sf_exp_${kind}`, name: 'expiring', valid_days: 1, is_use: 'Y', is_default: 'N' })
      .execute();
    await db(t)
      .updateTable('platform.account')
      .set({ security_id: `sf_exp_${kind}`, password_changed_at: new Date(Date.now() - 2 * 86_400_000) })
      .where('id', '=', user.id)
      .execute();
    invalidatePermissions(db(t), { accountId: user.id });
    expect((await call(t, 'POST', '/employee/query', { token: fresh, body: {} })).body.cause).toEqual({
      reason: 'passwordChange',
    });
  });

  it('takes an access token from no query, not even on the file addresses (they take signed links)', async () => {
    const inQuery = await call(t, 'GET', `/user/context?access_token=${admin}`);
    expect(inQuery.body.state).toBe(6020201);
    const post = await call(t, 'POST', `/employee/query?access_token=${admin}`, { body: {} });
    expect(post.body.state).toBe(6020201);
    for (const path of ['/file/getImage', '/fldFile/preview', '/fldFile/download']) {
      const image = await call(t, 'GET', `${path}?attachmentId=x&access_token=${admin}`);
      expect(image.body.state, path).toBe(6020201);
    }
  });

  it('answers existence checks uniformly and rate-limits them', async () => {
    const limited = await startTestServer(kind, { rateLimitPerMinute: 3 });
    try {
      const sa = await loginAsAdmin(limited);
      const sw = (username: string) =>
        call(limited, 'POST', '/authentication/switch', { token: sa, body: { username, reason: 'probe' } });
      const unknown = await sw('nobody_here');
      expect(unknown.body.state).toBe(6010104);
      // The limit counts in fixed one-minute windows, per address and per account: use up this minute
      // and the next (so a minute ending between two calls cannot reset it), then one more is refused.
      const ldb = limited.server.database.db;
      const superUser = await ldb
        .selectFrom('platform.account')
        .select('id')
        .where('account', '=', 'admin')
        .executeTakeFirstOrThrow();
      const minute = Math.floor(Date.now() / 60_000) * 60_000;
      for (const key of ['127.0.0.1', `acct:${superUser.id}`])
        for (const start of [minute, minute + 60_000])
          await ldb
            .insertInto('platform.rate_limit')
            .values({ bucket: 'lookup', key, window_start: new Date(start), count: 3 })
            .onConflict((oc) => oc.columns(['bucket', 'key', 'window_start']).doUpdateSet({ count: 3 }))
            .execute();
      expect((await sw('one_more')).body.state).toBe(6010102);
    } finally {
      await limited.close();
    }
    const outsider = await makeAccount(t, { account: `sf_elsewhere_${kind}`, tenantId: other });
    const fresh = {
      account: `sf_brand_new_${kind}`,
      name: '新员工',
      password: 'Brand#new2026',
      status: 'actived',
      gender: 'male',
      email: 'a@b.cn',
    };
    const taken = await call(t, 'POST', '/employee/create', {
      token: admin,
      body: { partyEmployeePo: { ...fresh, account: outsider.account } },
    });
    const mobileTaken = await call(t, 'POST', '/employee/create', {
      token: admin,
      body: { partyEmployeePo: { ...fresh, mobile: outsider.mobile } },
    });
    expect(taken.body.message).toBe(mobileTaken.body.message);
    expect(taken.body.state).toBe(6010101);
  });

  it('sends the same security headers on an answer, a refusal and an unknown address', async () => {
    const names = [
      'content-security-policy',
      'cross-origin-opener-policy',
      'cross-origin-resource-policy',
      'origin-agent-cluster',
      'referrer-policy',
      'x-content-type-options',
      'x-dns-prefetch-control',
      'x-download-options',
      'x-frame-options',
      'x-permitted-cross-domain-policies',
      'x-xss-protection',
    ];
    const answers = await Promise.all([
      fetch(`${t.api}/user/open`),
      fetch(`${t.api}/employee/query`, {
        method: 'POST',
        body: '{}',
        headers: { 'content-type': 'application/json' },
      }),
      fetch(`${t.api}/no/such/operation`),
    ]);
    const first = answers[0].headers;
    for (const res of answers)
      for (const name of names) {
        expect(res.headers.get(name), name).toBeTruthy();
        expect(res.headers.get(name), name).toBe(first.get(name));
      }
    expect(first.get('x-frame-options')).toBe('SAMEORIGIN');
    expect(first.get('strict-transport-security')).toBeNull();
    expect(first.get('cross-origin-embedder-policy')).toBeNull();
  });

  it('sends security headers (a CSP without inline scripts or eval) and ends a login at its absolute lifetime', async () => {
    const res = await fetch(`${t.api}/user/open`);
    const csp = res.headers.get('content-security-policy') ?? '';
    // The forms' validators are compiled at build time: nothing in the app needs eval.
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    if (existsSync('dist/index.html')) {
      // The built page loads scripts only by src, so the policy leaves it working.
      expect(readFileSync('dist/index.html', 'utf8')).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    }

    const tokens = await loginToken(t, 'admin', t.adminPassword);
    const { family_id } = await sessionOf(tokens.access_token);
    await db(t)
      .updateTable('platform.session_family')
      .set({ created_at: new Date(Date.now() - (t.config.sessionMaxAge + 60) * 1000) })
      .where('id', '=', family_id!)
      .execute();
    const refreshed = await call(t, 'POST', '/authentication/apply', {
      body: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token },
    });
    expect(refreshed.body.state).toBe(6020201);
  });
});
