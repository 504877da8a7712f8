/** Session, tenant and permission checks on every non-public operation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropCachedSessions } from '../../server/auth/session-cache.ts';
import { hashToken } from '../../server/auth/tokens.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { dbKindsOf } from './databases.ts';

describe.each(dbKindsOf(import.meta.url))('security on %s', (kind) => {
  let t: TestServer;
  let token: string;
  const db = () => t.server.database.db;

  beforeAll(async () => {
    t = await startTestServer(kind);
    token = await loginAsAdmin(t);
  });
  afterAll(async () => t?.close());

  it('answers 6020201 without a token and with a tampered one', async () => {
    expect((await call(t, 'GET', '/user/context')).body.state).toBe(6020201);
    const tampered = token.slice(0, -2) + (token.endsWith('AA') ? 'BB' : 'AA');
    const r = await call(t, 'GET', '/user/context', { token: tampered });
    expect(r.status).toBe(401);
    expect(r.body.state).toBe(6020201);
  });

  it('answers 6020301 once the access token has expired', async () => {
    const own = await loginAsAdmin(t);
    await db()
      .updateTable('platform.session')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('token_hash', '=', hashToken(own))
      .execute();
    // Direct SQL bypasses the app: drop the cached session as an invalidation would.
    dropCachedSessions(db());
    const r = await call(t, 'GET', '/user/context', { token: own });
    expect(r.status).toBe(401);
    expect(r.body.state).toBe(6020301);
  });

  it('answers 6020102 when the session was ended by a login elsewhere', async () => {
    const own = await loginAsAdmin(t);
    await db()
      .updateTable('platform.session')
      .set({ revoked_at: new Date(), revoked_reason: 'other-client' })
      .where('token_hash', '=', hashToken(own))
      .execute();
    // Direct SQL bypasses the app: drop the cached session as an invalidation would.
    dropCachedSessions(db());
    expect((await call(t, 'GET', '/user/context', { token: own })).body.state).toBe(6020102);
  });

  it('never lets a tenant header choose a tenant the session is not in', async () => {
    const r = await call(t, 'POST', '/employee/query', {
      token,
      body: {},
      headers: { 'x-tenant-id': 'another-tenant' },
    });
    expect(r.status).toBe(403);
    expect(r.body.state).toBe(6010105);
    const ctx = await call(t, 'GET', '/user/context', { token });
    const ok = await call(t, 'POST', '/employee/query', {
      token,
      body: {},
      headers: { 'x-tenant-id': ctx.body.data.tenantId },
    });
    expect(ok.body.state).toBe(200);
  });

  it('refuses tenant operations to a session without a tenant', async () => {
    const own = await loginAsAdmin(t);
    await db()
      .updateTable('platform.session')
      .set({ tenant_id: null })
      .where('token_hash', '=', hashToken(own))
      .execute();
    // Direct SQL bypasses the app: drop the cached session as an invalidation would.
    dropCachedSessions(db());
    const r = await call(t, 'POST', '/employee/query', { token: own, body: {} });
    expect(r.body.state).toBe(6010105);
  });

  it('refuses super-user operations to an ordinary account', async () => {
    const { hashPassword } = await import('../../server/auth/passwords.ts');
    await db()
      .insertInto('platform.account')
      .values({
        id: 'plain-user',
        account: 'plain',
        fullname: 'Plain',
        password_hash: await hashPassword('Plain#2026pw'),
      })
      .execute();
    const login = await call(t, 'POST', '/authentication/apply', {
      body: { grant_type: 'password_credentials', username: 'plain', password: 'Plain#2026pw' },
    });
    const plain = login.body.data.access_token as string;
    const r = await call(t, 'POST', '/auth/sub/system/save', { token: plain, body: {} });
    expect(r.status).toBe(403);
    expect(r.body.state).toBe(6010106);
    const tenantOp = await call(t, 'POST', '/employee/query', { token: plain, body: {} });
    expect(tenantOp.body.state).toBe(6010105);
    const menu = await call(t, 'GET', '/auth/resources/getMenuData', { token: plain });
    expect(menu.body.data).toEqual([]);
  });
});
