/**
 * The session cache keeps revocation immediate: a token that just called (and so is cached) is refused
 * on its very next call after a logout, after its account is disabled in the tenant, after a password
 * reset of all its sessions, and a token switched to no tenant loses its tenant at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { revokeAccountSessions } from '../../server/auth/session.ts';
import { tenantSchemaName } from '../../server/db/tenant-space.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { db, demoTenantId, loginToken, makeAccount } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

describe.each(dbKindsOf(import.meta.url))('session cache on %s', (kind) => {
  let t: TestServer;
  let admin: string;
  let tenantId: string;
  let seq = 0;
  const query = (token: string) => call(t, 'POST', '/employee/query', { token, body: {} });

  /** A member of the demo tenant, signed in, whose token has just been used twice (so it is cached). */
  async function cachedMember(): Promise<{ id: string; account: string; token: string }> {
    seq += 1;
    const made = await makeAccount(t, { account: `cache${seq}${kind}`, tenantId });
    const { access_token } = await loginToken(t, made.account, made.password);
    expect((await query(access_token)).body.state).toBe(200);
    expect((await query(access_token)).body.state).toBe(200);
    return { id: made.id, account: made.account, token: access_token };
  }

  beforeAll(async () => {
    t = await startTestServer(kind);
    admin = await loginAsAdmin(t);
    tenantId = await demoTenantId(t);
  }, 120_000);
  afterAll(async () => t?.close());

  it('refuses a token at once after its logout', async () => {
    const m = await cachedMember();
    expect((await call(t, 'POST', '/user/logout', { token: m.token })).body.state).toBe(200);
    const r = await query(m.token);
    expect(r.status).toBe(401);
    expect(r.body.state).toBe(6020201);
  });

  it("refuses a token at once after an administrator disables the person's employee record", async () => {
    const m = await cachedMember();
    const { id } = await db(t)
      .withSchema(tenantSchemaName('demo'))
      .selectFrom('employee')
      .select('id')
      .where('account_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect((await call(t, 'POST', `/employee/disable?ids=${id}`, { token: admin })).body.state).toBe(200);
    expect((await query(m.token)).body.state).not.toBe(200);
  });

  it("refuses a token at once after the account's sessions are revoked outside a request", async () => {
    const m = await cachedMember();
    await revokeAccountSessions(db(t), m.id, 'password-reset');
    expect((await query(m.token)).body.state).toBe(6020201);
  });

  it('answers a cached token for as long as it is valid', async () => {
    const m = await cachedMember();
    for (let i = 0; i < 5; i++) expect((await query(m.token)).body.state).toBe(200);
  });
});
