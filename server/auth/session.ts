/**
 * Sessions: a password login creates one; every non-public request resolves its bearer token to the
 * session's account and current tenant. The tenant of a request always comes from here.
 */
import type { Db } from '../db/database.ts';
import { Code } from '../http/codes.ts';
import { ApiError } from '../http/envelope.ts';
import { hashToken, newId, newToken } from './tokens.ts';

export interface AuthContext {
  sessionId: string;
  accountId: string;
  account: string;
  fullname: string;
  isSuper: boolean;
  tenantId: string | null;
  tenantSchema: string | null;
  isTenantAdmin: boolean;
  systemId: string | null;
}

export interface IssuedToken {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  create_at: number;
  uid: string;
}

/** The tenant a fresh session starts in: the main membership, else the first one. */
async function defaultTenant(db: Db, accountId: string): Promise<string | null> {
  const row = await db
    .selectFrom('platform.tenant_member as m')
    .innerJoin('platform.tenant as t', 't.id', 'm.tenant_id')
    .select('m.tenant_id')
    .where('m.account_id', '=', accountId)
    .where('t.status', '=', 'ENABLED')
    .where('t.schema_status', '=', 'CREATED')
    .orderBy('m.is_main', 'desc')
    .orderBy('t.created_at')
    .executeTakeFirst();
  return row?.tenant_id ?? null;
}

export async function createSession(
  db: Db,
  accountId: string,
  ttlSeconds: number,
  meta: { ip?: string; client?: string },
): Promise<IssuedToken> {
  const token = newToken();
  const refresh = newToken();
  const now = new Date();
  const tenantId = await defaultTenant(db, accountId);
  const system = await db.selectFrom('platform.subsystem').select('id').orderBy('is_default', 'desc').orderBy('sn').executeTakeFirst();
  await db
    .insertInto('platform.session')
    .values({
      id: newId(),
      account_id: accountId,
      token_hash: hashToken(token),
      tenant_id: tenantId,
      system_id: system?.id ?? null,
      ip: meta.ip ?? null,
      client: meta.client ?? null,
      created_at: now,
      expires_at: new Date(now.getTime() + ttlSeconds * 1000),
    })
    .execute();
  return { access_token: token, refresh_token: refresh, expires_in: ttlSeconds, create_at: now.getTime(), uid: accountId };
}

/** Resolves a bearer token; throws the spec's token codes. */
export async function resolveSession(db: Db, token: string | undefined): Promise<AuthContext> {
  if (!token) throw new ApiError(Code.ILLEGAL_TOKEN);
  const row = await db
    .selectFrom('platform.session as s')
    .innerJoin('platform.account as a', 'a.id', 's.account_id')
    .leftJoin('platform.tenant as t', (j) => j.onRef('t.id', '=', 's.tenant_id').on('t.status', '=', 'ENABLED').on('t.schema_status', '=', 'CREATED'))
    .leftJoin('platform.tenant_member as m', (j) => j.onRef('m.tenant_id', '=', 's.tenant_id').onRef('m.account_id', '=', 's.account_id'))
    .select([
      's.id as sessionId',
      's.expires_at',
      's.revoked_at',
      's.revoked_reason',
      's.system_id',
      'a.id as accountId',
      'a.account',
      'a.fullname',
      'a.is_super',
      'a.status',
      't.id as tenantId',
      't.schema_name',
      'm.is_admin',
      'm.account_id as memberId',
    ])
    .where('s.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) throw new ApiError(Code.ILLEGAL_TOKEN);
  if (row.revoked_at) throw new ApiError(row.revoked_reason === 'other-client' ? Code.OTHER_CLIENT : Code.ILLEGAL_TOKEN);
  if (new Date(row.expires_at).getTime() <= Date.now()) throw new ApiError(Code.TOKEN_EXPIRED);
  if (row.status !== 'actived') throw new ApiError(Code.ILLEGAL_TOKEN);
  // A tenant counts only while the account is still a member (or is the super user).
  const inTenant = row.tenantId !== null && (row.memberId !== null || row.is_super);
  return {
    sessionId: row.sessionId,
    accountId: row.accountId,
    account: row.account,
    fullname: row.fullname,
    isSuper: row.is_super,
    tenantId: inTenant ? row.tenantId : null,
    tenantSchema: inTenant ? row.schema_name : null,
    isTenantAdmin: inTenant && (row.is_super || row.is_admin === true),
    systemId: row.system_id,
  };
}

export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  await db.updateTable('platform.session').set({ revoked_at: new Date(), revoked_reason: reason }).where('id', '=', sessionId).execute();
}
