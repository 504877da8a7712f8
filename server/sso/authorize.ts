/**
 * Our own OAuth-style authorization: a signed-in user obtains a one-time code for a registered client
 * (platform.oauth_client); the client exchanges it at authentication/apply with grant_type
 * authorization_code for a session of that user. Codes: 256 random bits, stored hashed, 2 minutes, single use.
 */
import type { Db } from '../db/database.ts';
import { Code } from '../http/codes.ts';
import { ApiError } from '../http/envelope.ts';
import { hashToken, newToken, sameSecret } from '../auth/tokens.ts';

export const AUTH_CODE_TTL_SECONDS = 120;

export async function issueAuthCode(
  db: Db,
  opts: {
    clientId: string;
    accountId: string;
    tenantId: string | null;
    state?: string;
    withRedirect: boolean;
  },
): Promise<{ code: string; redirectUrl: string }> {
  const client = await db
    .selectFrom('platform.oauth_client')
    .select(['client_id', 'redirect_uri'])
    .where('client_id', '=', opts.clientId)
    .executeTakeFirst();
  if (!client)
    throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.oauth.unknownClient', { client: opts.clientId });
  const code = newToken();
  const now = new Date();
  await db
    .insertInto('platform.auth_code')
    .values({
      code_hash: hashToken(code),
      client_id: client.client_id,
      account_id: opts.accountId,
      tenant_id: opts.tenantId,
      state: opts.state ?? null,
      created_at: now,
      expires_at: new Date(now.getTime() + AUTH_CODE_TTL_SECONDS * 1000),
    })
    .execute();
  let redirectUrl = '';
  if (opts.withRedirect && client.redirect_uri) {
    const url = new URL(client.redirect_uri);
    url.searchParams.set('code', code);
    if (opts.state) url.searchParams.set('state', opts.state);
    redirectUrl = url.toString();
  }
  return { code, redirectUrl };
}

/** True when the code is one of ours (then the exchange below decides). */
export async function isOwnAuthCode(db: Db, code: string): Promise<boolean> {
  const row = await db
    .selectFrom('platform.auth_code')
    .select('code_hash')
    .where('code_hash', '=', hashToken(code))
    .executeTakeFirst();
  return Boolean(row);
}

/** Consumes a code for its client; answers the account (and tenant) it was issued for. */
export async function consumeAuthCode(
  db: Db,
  opts: { code: string; clientId?: string; clientSecret?: string },
): Promise<{ accountId: string; tenantId: string | null }> {
  const hash = hashToken(opts.code);
  const row = await db
    .selectFrom('platform.auth_code as c')
    .innerJoin('platform.oauth_client as o', 'o.client_id', 'c.client_id')
    .select(['c.client_id', 'c.account_id', 'c.tenant_id', 'c.expires_at', 'c.used_at', 'o.secret_hash'])
    .where('c.code_hash', '=', hash)
    .executeTakeFirst();
  const invalid = () => new ApiError(Code.ILLEGAL_TOKEN, 'auth.oauth.codeInvalid');
  if (!row || row.used_at || row.client_id !== opts.clientId) throw invalid();
  if (row.secret_hash && !(opts.clientSecret && sameSecret(hashToken(opts.clientSecret), row.secret_hash))) {
    throw new ApiError(Code.ILLEGAL_REQUEST, 'auth.oauth.clientSecret');
  }
  if (new Date(row.expires_at).getTime() <= Date.now()) throw invalid();
  const used = await db
    .updateTable('platform.auth_code')
    .set({ used_at: new Date() })
    .where('code_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('code_hash')
    .executeTakeFirst();
  if (!used) throw invalid();
  return { accountId: row.account_id, tenantId: row.tenant_id };
}

export async function pruneAuthCodes(db: Db): Promise<void> {
  await db
    .deleteFrom('platform.auth_code')
    .where('expires_at', '<', new Date(Date.now() - 3600 * 1000))
    .execute();
}
