/** Third-party sign-in against small CAS and OAuth servers of the test's own on 127.0.0.1. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseServiceResponse } from '../../server/sso/cas.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { fakeServer, makeAccount, type FakeServer } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

const SERVICE = 'https://filing.example.cn/login?mode=portal';

const casSuccess = (user: string) => `<?xml version="1.0"?>
<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationSuccess>
    <cas:user>${user}</cas:user>
    <cas:attributes><cas:email>x@example.cn</cas:email></cas:attributes>
  </cas:authenticationSuccess>
</cas:serviceResponse>`;

const casFailure = (ticket: string) => `<cas:serviceResponse xmlns:cas="http://www.yale.edu/tp/cas">
  <cas:authenticationFailure code="INVALID_TICKET">Ticket ${ticket} not recognized</cas:authenticationFailure>
</cas:serviceResponse>`;

describe('CAS answers', () => {
  it('reads the user of a success and nothing of a failure', () => {
    expect(parseServiceResponse(casSuccess('zhang.san'))).toBe('zhang.san');
    expect(parseServiceResponse(casSuccess('a&amp;b'))).toBe('a&b');
    expect(parseServiceResponse(casSuccess('<![CDATA[cdata_user]]>'))).toBe('cdata_user');
    expect(parseServiceResponse(casFailure('ST-1'))).toBeNull();
    expect(parseServiceResponse('<html>oops</html>')).toBeNull();
  });
});

describe.each(dbKindsOf(import.meta.url))('third-party sign-in on %s', (kind) => {
  let t: TestServer;
  let cas: FakeServer;
  let oauth: FakeServer;

  beforeAll(async () => {
    // CAS 2.0: /cas/serviceValidate?ticket=…&service=…; tickets are single use.
    const tickets = new Map([
      ['ST-1-good', 'cas_user'],
      ['ST-2-stranger', 'nobody_here'],
      ['ST-3-again', 'cas_user'],
    ]);
    cas = await fakeServer((req, res) => {
      const ticket = req.url.searchParams.get('ticket') ?? '';
      const user =
        req.url.pathname === '/cas/serviceValidate' && req.url.searchParams.get('service') === SERVICE
          ? tickets.get(ticket)
          : undefined;
      tickets.delete(ticket);
      res
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(user ? casSuccess(user) : casFailure(ticket));
    });
    // OAuth 2.0: /oauth/token (form, client_secret_post) and /oauth/userinfo (bearer).
    const codes = new Map([['code-good', 'oauth_user']]);
    const accessTokens = new Map<string, string>();
    oauth = await fakeServer((req, res) => {
      const json = (status: number, body: unknown) =>
        res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
      if (req.url.pathname === '/oauth/token' && req.method === 'POST') {
        const form = new URLSearchParams(req.body);
        const user = codes.get(form.get('code') ?? '');
        if (
          form.get('grant_type') !== 'authorization_code' ||
          form.get('client_id') !== 'filing' ||
          form.get('client_secret') !== 's3cret' ||
          !user
        ) {
          return json(400, { error: 'invalid_grant' });
        }
        codes.delete(form.get('code')!);
        const at = `at-${user}-${Math.random().toString(36).slice(2)}`;
        accessTokens.set(at, user);
        return json(200, { access_token: at, token_type: 'Bearer', expires_in: 300 });
      }
      if (req.url.pathname === '/oauth/userinfo') {
        const user = accessTokens.get((req.headers.authorization ?? '').replace(/^Bearer /, ''));
        return user
          ? json(200, { data: { username: user, name: 'OAuth User' } })
          : json(401, { error: 'invalid_token' });
      }
      return json(404, {});
    });
    t = await startTestServer(kind, {
      rateLimitPerMinute: 10_000,
      casUrl: `${cas.url}/cas`,
      casService: SERVICE,
      oauthTokenUrl: `${oauth.url}/oauth/token`,
      oauthUserinfoUrl: `${oauth.url}/oauth/userinfo`,
      oauthClientId: 'filing',
      oauthClientSecret: 's3cret',
      oauthUsernameField: 'data.username',
    });
    await makeAccount(t, { account: 'cas_user' });
    await makeAccount(t, { account: 'oauth_user' });
  });
  afterAll(async () => {
    await t?.close();
    await cas?.close();
    await oauth?.close();
  });

  it('signs in with a CAS ticket validated for our own service', async () => {
    const r = await call(t, 'POST', '/fldUser/login/token/apply', { body: { ticket: 'ST-1-good' } });
    expect(r.body.state).toBe(200);
    const ctx = await call(t, 'GET', '/user/context', { token: r.body.data.access_token });
    expect(ctx.body.data.user.account).toBe('cas_user');
    const asked = new URL(cas.requests.at(-1)!.url, cas.url);
    expect(asked.pathname).toBe('/cas/serviceValidate');
    expect(asked.searchParams.get('service')).toBe(SERVICE);
    // Tickets are single use at the CAS server.
    const again = await call(t, 'POST', '/fldUser/login/token/apply', { body: { ticket: 'ST-1-good' } });
    expect(again.body).toMatchObject({ state: 6020101, message: '登录票据无效或已过期，请重新登录' });
    // The old clients' field name.
    expect(
      (await call(t, 'POST', '/fldUser/login/token/apply', { body: { token: 'ST-3-again' } })).body.state,
    ).toBe(200);
  });

  it('refuses a CAS user without an account here', async () => {
    const r = await call(t, 'POST', '/fldUser/login/token/apply', { body: { ticket: 'ST-2-stranger' } });
    expect(r.body).toMatchObject({ state: 6020101, message: '系统中没有与“nobody_here”对应的账号' });
  });

  it('gives the CAS logout address', async () => {
    const admin = await loginAsAdmin(t);
    const r = await call(t, 'POST', '/user/getSsoLogoutInfo', { token: admin });
    expect(r.body.data.logoutUrl).toBe(`${cas.url}/cas/logout?service=${encodeURIComponent(SERVICE)}`);
  });

  it('signs in with an authorization code of the external OAuth server (newwebxt)', async () => {
    const r = await call(t, 'POST', '/authentication/apply', {
      body: {
        grant_type: 'authorization_code',
        client_id: 'merger-filing-web',
        code: 'code-good',
        state: 'st',
      },
    });
    expect(r.body.state).toBe(200);
    const ctx = await call(t, 'GET', '/user/context', { token: r.body.data.access_token });
    expect(ctx.body.data.user.account).toBe('oauth_user');
    const tokenCall = oauth.requests.find((q) => q.url === '/oauth/token')!;
    expect(new URLSearchParams(tokenCall.body).get('client_secret')).toBe('s3cret');
    const reused = await call(t, 'POST', '/authentication/apply', {
      body: { grant_type: 'authorization_code', client_id: 'merger-filing-web', code: 'code-good' },
    });
    expect(reused.body).toMatchObject({ state: 6020101, message: '授权码无效或已过期，请重新授权' });
  });
});

describe('third-party sign-in without configuration', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer('pglite');
  });
  afterAll(async () => t?.close());

  it('says that CAS is not configured', async () => {
    const r = await call(t, 'POST', '/fldUser/login/token/apply', { body: { ticket: 'ST-1' } });
    expect(r.body).toMatchObject({ state: 501, message: '未配置单点登录（CAS）服务' });
    expect(
      (
        await call(t, 'POST', '/authentication/apply', {
          body: { grant_type: 'authorization_code', client_id: 'x', code: 'c' },
        })
      ).body.state,
    ).toBe(6020201);
  });

  it('answers 503 when the identity server cannot be reached', async () => {
    Object.assign(t.config, { casUrl: 'http://127.0.0.1:9/cas', casService: SERVICE });
    const r = await call(t, 'POST', '/fldUser/login/token/apply', { body: { ticket: 'ST-x' } });
    expect(r.status).toBe(503);
    expect(r.body).toMatchObject({ state: 503, message: '认证服务暂时无法访问，请稍后再试' });
  });
});
