/**
 * Signs the filing demo's accounts in (password grant with the seeded demo password), once per account
 * and server: the filing server tests act as several of them in turn.
 */
import { expect } from 'vitest';
import { call, type TestServer } from './server.ts';

/** `server` is read at the first sign-in (the test's server starts in beforeAll). */
export function demoTokens(server: () => TestServer): (account: string) => Promise<string> {
  const tokens = new Map<string, string>();
  return async (account) => {
    const known = tokens.get(account);
    if (known) return known;
    const t = server();
    const res = await call(t, 'POST', '/authentication/apply', {
      body: {
        grant_type: 'password_credentials',
        username: account,
        password: t.server.seed.filing!.password,
      },
    });
    expect(res.body.state, account).toBe(200);
    const token = res.body.data.access_token as string;
    tokens.set(account, token);
    return token;
  };
}
