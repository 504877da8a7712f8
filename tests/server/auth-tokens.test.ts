/** Tokens and sessions: refresh rotation and reuse, expiry, tampering, single session, tenants, own OAuth codes. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropCachedSessions } from '../../server/auth/session-cache.ts';
import { hashToken } from '../../server/auth/tokens.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { db, demoTenantId, login, loginToken, makeAccount, makeTenant } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

const refresh = (t: TestServer, refresh_token: string) =>
  call(t, 'POST', '/authentication/apply', { body: { grant_type: 'refresh_token', refresh_token } });

describe.each(dbKindsOf(import.meta.url))('tokens and sessions on %s', (kind) => {
  let t: TestServer;
  let demo: string;

  beforeAll(async () => {
    t = await startTestServer(kind, { rateLimitPerMinute: 10_000 });
    demo = await demoTenantId(t);
    await makeAccount(t, { account: 'tok_user', tenantId: demo });
  });
  afterAll(async () => t?.close());

  it('rotates refresh tokens; a reused one revokes the whole login', async () => {
    const first = await loginToken(t, 'tok_user', 'Secret#2026abc');
    expect(first.refresh_token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const stored = await db(t)
      .selectFrom('platform.refresh_token')
      .select('token_hash')
      .where('token_hash', '=', hashToken(first.refresh_token))
      .execute();
    expect(stored).toHaveLength(1); // stored hashed only

    const second = await refresh(t, first.refresh_token);
    expect(second.body.state).toBe(200);
    expect(second.body.data.refresh_token).not.toBe(first.refresh_token);
    expect(second.body.data.uid).toBe(first.uid);
    const third = await refresh(t, second.body.data.refresh_token);
    expect(third.body.state).toBe(200);
    expect((await call(t, 'GET', '/user/context', { token: third.body.data.access_token })).body.state).toBe(
      200,
    );

    // The first refresh token again: reuse. The whole family ends, including tokens issued since.
    const reuse = await refresh(t, first.refresh_token);
    expect(reuse.status).toBe(401);
    expect(reuse.body.state).toBe(6020201);
    expect((await call(t, 'GET', '/user/context', { token: third.body.data.access_token })).body.state).toBe(
      6020201,
    );
    expect((await call(t, 'GET', '/user/context', { token: first.access_token })).body.state).toBe(6020201);
    expect((await refresh(t, third.body.data.refresh_token)).body.state).toBe(6020201);
    // Another login of the same user is untouched.
    const other = await loginToken(t, 'tok_user', 'Secret#2026abc');
    expect((await call(t, 'GET', '/user/context', { token: other.access_token })).body.state).toBe(200);
  });

  it('answers 6020201 for tampered and unknown tokens', async () => {
    const tok = await loginToken(t, 'tok_user', 'Secret#2026abc');
    const flip = (s: string) => s.slice(0, -1) + (s.endsWith('A') ? 'B' : 'A');
    expect((await call(t, 'GET', '/user/context', { token: flip(tok.access_token) })).body.state).toBe(
      6020201,
    );
    expect((await refresh(t, flip(tok.refresh_token))).body.state).toBe(6020201);
    expect((await refresh(t, 'not-a-token')).body.state).toBe(6020201);
    // The genuine ones still work: a failed guess does not burn them.
    expect((await refresh(t, tok.refresh_token)).body.state).toBe(200);
  });

  it('answers 6020301 for an expired access token and an expired refresh token', async () => {
    const tok = await loginToken(t, 'tok_user', 'Secret#2026abc');
    await db(t)
      .updateTable('platform.session')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(tok.access_token))
      .execute();
    // Direct SQL bypasses the app: drop the cached session as an invalidation would.
    dropCachedSessions(db(t));
    const r = await call(t, 'GET', '/user/context', { token: tok.access_token });
    expect(r.status).toBe(401);
    expect(r.body.state).toBe(6020301);
    // The client then refreshes: allowed while the refresh token lives.
    const renewed = await refresh(t, tok.refresh_token);
    expect(renewed.body.state).toBe(200);
    await db(t)
      .updateTable('platform.refresh_token')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(renewed.body.data.refresh_token))
      .execute();
    expect((await refresh(t, renewed.body.data.refresh_token)).body.state).toBe(6020301);
  });

  it('issues access tokens with the configured lifetime', async () => {
    const r = await login(t, 'tok_user', 'Secret#2026abc');
    expect(r.body.data.expires_in).toBe(1800);
    const row = await db(t)
      .selectFrom('platform.session')
      .select(['created_at', 'expires_at'])
      .where('token_hash', '=', hashToken(r.body.data.access_token))
      .executeTakeFirstOrThrow();
    expect(new Date(row.expires_at).getTime() - new Date(row.created_at).getTime()).toBe(1800 * 1000);
  });

  it('kicks out the older session when the security setting allows one session only (6020102)', async () => {
    await db(t)
      .insertInto('platform.user_security')
      .values({ id: 'single', name: 'single session', single_session: true, is_use: 'Y', is_default: 'N' })
      .execute();
    await makeAccount(t, { account: 'tok_single', securityId: 'single' });
    const a = await loginToken(t, 'tok_single', 'Secret#2026abc');
    expect((await call(t, 'GET', '/user/context', { token: a.access_token })).body.state).toBe(200);
    const b = await loginToken(t, 'tok_single', 'Secret#2026abc');
    const kicked = await call(t, 'GET', '/user/context', { token: a.access_token });
    expect(kicked.status).toBe(401);
    expect(kicked.body.state).toBe(6020102);
    expect((await refresh(t, a.refresh_token)).body.state).toBe(6020102);
    expect((await call(t, 'GET', '/user/context', { token: b.access_token })).body.state).toBe(200);
    // Refreshing the surviving login is not a new login: it does not kick anything.
    const b2 = await refresh(t, b.refresh_token);
    expect((await call(t, 'GET', '/user/context', { token: b.access_token })).body.state).toBe(200);
    expect((await call(t, 'GET', '/user/context', { token: b2.body.data.access_token })).body.state).toBe(
      200,
    );
  });

  it('allows several sessions by default', async () => {
    const a = await loginToken(t, 'tok_user', 'Secret#2026abc');
    await loginToken(t, 'tok_user', 'Secret#2026abc');
    expect((await call(t, 'GET', '/user/context', { token: a.access_token })).body.state).toBe(200);
  });

  it('logs out the whole login: the refresh token stops too', async () => {
    const a = await loginToken(t, 'tok_user', 'Secret#2026abc');
    expect((await call(t, 'POST', '/user/logout', { token: a.access_token })).body.data).toBe(true);
    expect((await call(t, 'GET', '/user/context', { token: a.access_token })).body.state).toBe(6020201);
    expect((await refresh(t, a.refresh_token)).body.state).toBe(6020201);
  });

  it('switches the tenant only to one the account belongs to (else 6010105)', async () => {
    const other = await makeTenant(t, `tok_${kind}`);
    const tok = await loginToken(t, 'tok_user', 'Secret#2026abc');
    const denied = await call(t, 'POST', '/user/switchTenant', {
      token: tok.access_token,
      body: { tenantId: other },
    });
    expect(denied.status).toBe(403);
    expect(denied.body.state).toBe(6010105);
    expect(
      (
        await call(t, 'POST', '/user/switchTenant', {
          token: tok.access_token,
          body: { tenantId: 'no-such-tenant' },
        })
      ).body.state,
    ).toBe(6010105);

    const user = await db(t)
      .selectFrom('platform.account')
      .select('id')
      .where('account', '=', 'tok_user')
      .executeTakeFirstOrThrow();
    await db(t)
      .insertInto('platform.tenant_member')
      .values({ tenant_id: other, account_id: user.id })
      .execute();
    const ok = await call(t, 'POST', '/user/switchTenant', {
      token: tok.access_token,
      body: { tenantId: other },
    });
    expect(ok.body.state).toBe(200);
    expect(ok.body.data.tenantId).toBe(other);
    expect(ok.body.data.tenants.map((x: { id: string }) => x.id).sort()).toEqual([demo, other].sort());
    // The refreshed token keeps the chosen tenant.
    const renewed = await refresh(t, tok.refresh_token);
    const ctx = await call(t, 'GET', '/user/context', { token: renewed.body.data.access_token });
    expect(ctx.body.data.tenantId).toBe(other);

    // The super user may enter any tenant.
    const admin = await loginAsAdmin(t);
    expect(
      (await call(t, 'POST', '/user/switchTenant', { token: admin, body: { tenantId: other } })).body.data
        .tenantId,
    ).toBe(other);
  });

  it('refuses a request whose X-Tenant-Id names a tenant the session is not in (6010105)', async () => {
    const stranger = await makeTenant(t, `tok_x_${kind}`);
    const tok = await loginToken(t, 'tok_user', 'Secret#2026abc');
    const r = await call(t, 'POST', '/employee/query', {
      token: tok.access_token,
      body: {},
      headers: { 'x-tenant-id': stranger },
    });
    expect(r.status).toBe(403);
    expect(r.body.state).toBe(6010105);
    const ctx = await call(t, 'GET', '/user/context', { token: tok.access_token });
    const ok = await call(t, 'POST', '/employee/query', {
      token: tok.access_token,
      body: {},
      headers: { 'x-tenant-id': ctx.body.data.tenantId },
    });
    expect(ok.body.state).toBe(200);
  });

  it('answers the context with tenants, flags and the masked mobile', async () => {
    const tok = await loginToken(t, 'tok_user', 'Secret#2026abc');
    const d = (await call(t, 'GET', '/user/context', { token: tok.access_token })).body.data;
    expect(d).toMatchObject({
      user: { account: 'tok_user', isSuper: 'N' },
      switchAccount: null,
      regOpen: false,
      mustChangePassword: false,
    });
    expect(d.mobile).toMatch(/^137\*{4}\d{4}$/);
    expect(d.tenants.length).toBeGreaterThanOrEqual(1);
    expect(d.employee).toMatchObject({ name: 'User tok_user' });
  });

  it('serves the public flags and the password policy', async () => {
    expect((await call(t, 'GET', '/user/open')).body.data).toBe(false);
    expect((await call(t, 'GET', '/user/open/tenant')).body.data).toBe(false);
    expect((await call(t, 'GET', '/user/passwordPolicy')).body.data).toEqual({
      complexity: '1,3',
      minLength: 8,
      maxLength: 64,
    });
    const admin = await loginAsAdmin(t);
    expect((await call(t, 'POST', '/user/getSsoLogoutInfo', { token: admin })).body.data).toEqual({
      logoutUrl: '',
    });
  });

  it('verifies the token, and the password of the unlock screen', async () => {
    const tok = await loginToken(t, 'tok_user', 'Secret#2026abc');
    expect((await call(t, 'POST', '/authentication/verify', { token: tok.access_token })).body.data).toBe(
      true,
    );
    expect(
      (await call(t, 'POST', '/authentication/verify', { token: tok.access_token, body: {} })).body.data,
    ).toBe(true);
    expect(
      (
        await call(t, 'POST', '/authentication/verify', {
          token: tok.access_token,
          body: { password: 'Secret#2026abc' },
        })
      ).body.data,
    ).toBe(true);
    const wrong = await call(t, 'POST', '/authentication/verify?lang=en', {
      token: tok.access_token,
      body: { password: 'nope-nope' },
    });
    expect(wrong.body).toMatchObject({ state: 6020101, message: 'Wrong password. Please try again' });
    expect((await call(t, 'POST', '/authentication/verify')).body.state).toBe(6020201);
  });

  it('ends the locked session after too many wrong unlock passwords', async () => {
    await makeAccount(t, { account: 'tok_unlock' });
    const tok = await loginToken(t, 'tok_unlock', 'Secret#2026abc');
    const states: number[] = [];
    for (let i = 0; i < 6; i++) {
      states.push(
        (
          await call(t, 'POST', '/authentication/verify', {
            token: tok.access_token,
            body: { password: `wrong-${i}` },
          })
        ).body.state,
      );
    }
    expect(states).toEqual([6020101, 6020101, 6020101, 6020101, 6020101, 6020201]);
    expect((await call(t, 'GET', '/user/context', { token: tok.access_token })).body.state).toBe(6020201);
  });

  it('lets a signed-in user authorize a registered client; the code is single use', async () => {
    const { createHash } = await import('node:crypto');
    await db(t)
      .insertInto('platform.oauth_client')
      .values({
        client_id: 'partner-app',
        name: 'Partner',
        secret_hash: createHash('sha256').update('partner-secret').digest('hex'),
        redirect_uri: 'https://partner.example/callback',
      })
      .execute();
    const tok = await loginToken(t, 'tok_user', 'Secret#2026abc');
    expect(
      (await call(t, 'POST', '/authorize/apply', { body: { client_id: 'partner-app' } })).body.state,
    ).toBe(6020201);
    expect(
      (
        await call(t, 'POST', '/authorize/apply', {
          token: tok.access_token,
          body: { client_id: 'nobody-app' },
        })
      ).body.state,
    ).toBe(6010101);

    const issued = await call(t, 'POST', '/authorize/apply', {
      token: tok.access_token,
      body: { client_id: 'partner-app', login_state: 'xyz' },
    });
    expect(issued.body.state).toBe(200);
    const { code, redirectUrl } = issued.body.data;
    expect(redirectUrl).toBe(`https://partner.example/callback?code=${code}&state=xyz`);

    const exchange = (body: Record<string, string>) =>
      call(t, 'POST', '/authentication/apply', { body: { grant_type: 'authorization_code', code, ...body } });
    expect((await exchange({ client_id: 'partner-app', client_secret: 'wrong' })).body.state).toBe(6010101);
    expect((await exchange({ client_id: 'merger-filing-web' })).body.state).toBe(6020201);
    const ok = await exchange({ client_id: 'partner-app', client_secret: 'partner-secret' });
    expect(ok.body.state).toBe(200);
    expect(ok.body.data.uid).toBe(tok.uid);
    expect((await exchange({ client_id: 'partner-app', client_secret: 'partner-secret' })).body.state).toBe(
      6020201,
    );

    // applyByApp: the first-party client without a redirect address.
    const byApp = await call(t, 'POST', '/authorize/applyByApp', {
      token: tok.access_token,
      body: { client_id: 'merger-filing-web' },
    });
    expect(byApp.body.data.redirectUrl).toBe('');
    const viaApp = await call(t, 'POST', '/authentication/apply', {
      body: { grant_type: 'authorization_code', client_id: 'merger-filing-web', code: byApp.body.data.code },
    });
    expect(viaApp.body.data.uid).toBe(tok.uid);
  });

  it('answers 6020201 for an unknown code when no external OAuth server is configured', async () => {
    const r = await call(t, 'POST', '/authentication/apply', {
      body: { grant_type: 'authorization_code', client_id: 'x', code: 'made-up' },
    });
    expect(r.body.state).toBe(6020201);
  });
});
