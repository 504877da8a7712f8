/**
 * Sessions. A login opens a session family; every access token is one session row of a family, and each
 * family has single-use refresh tokens that rotate on every refresh. Presenting a refresh token twice
 * revokes the whole family (all sessions descending from that login). Every non-public request resolves
 * its bearer token to the session's account and current tenant: the tenant of a request always comes
 * from here, never from a header.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { Code } from '../http/codes.ts';
import { ApiError } from '../http/envelope.ts';
import { settingFor } from './security-settings.ts';
import { hashToken, newId, newToken } from './tokens.ts';

/** The account acting as the session's account (authentication/switch). */
export interface ActorInfo {
  accountId: string;
  account: string;
  fullname: string;
  isSuper: boolean;
  /** The actor's own session family, restored by switch/exit. */
  familyId: string | null;
}

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
  /** The login this session descends from. */
  familyId?: string | null;
  /** Set while an administrator acts as this account; the session then resolves to the target account. */
  actor?: ActorInfo | null;
}

export interface IssuedToken {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  create_at: number;
  uid: string;
}

/** Refresh tokens live this long unless the caller says otherwise (config REFRESH_TOKEN_TTL). */
export const DEFAULT_REFRESH_TTL = 7 * 24 * 3600;

export interface SessionOptions {
  ip?: string;
  client?: string;
  /** How the login was made: password_credentials, sms, cas, oauth, authorization_code, switch… */
  grantType?: string;
  refreshTtl?: number;
  /** Continue an existing family (refresh, switch exit) instead of opening a new one. */
  familyId?: string;
  /** Tenant of the new session; undefined picks the account's default tenant. */
  tenantId?: string | null;
  systemId?: string | null;
  /** Opening an acting family: the administrator and their own family. */
  actingBy?: string;
  originFamilyId?: string | null;
}

/** The tenant a fresh session starts in: the main membership, else the first one. */
export async function defaultTenant(db: Db, accountId: string): Promise<string | null> {
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

/**
 * Issues an access token and a refresh token. A new (non-acting) family of an account whose security
 * setting allows one session only ends the account's other families with reason 'other-client'.
 */
export async function issueSession(
  db: Db,
  accountId: string,
  ttlSeconds: number,
  opts: SessionOptions = {},
): Promise<IssuedToken> {
  return (await issueSessionInFamily(db, accountId, ttlSeconds, opts)).token;
}

/** issueSession, also telling the family the session belongs to. */
export async function issueSessionInFamily(
  db: Db,
  accountId: string,
  ttlSeconds: number,
  opts: SessionOptions = {},
): Promise<{ token: IssuedToken; familyId: string }> {
  const token = newToken();
  const refresh = newToken();
  const now = new Date();
  const tenantId = opts.tenantId !== undefined ? opts.tenantId : await defaultTenant(db, accountId);
  const systemId =
    opts.systemId !== undefined
      ? opts.systemId
      : ((
          await db
            .selectFrom('platform.subsystem')
            .select('id')
            .orderBy('is_default', 'desc')
            .orderBy('sn')
            .executeTakeFirst()
        )?.id ?? null);
  const singleSession = !opts.familyId && !opts.actingBy && (await settingFor(db, accountId)).singleSession;
  const familyId = opts.familyId ?? newId();
  await db.transaction().execute(async (tx) => {
    if (!opts.familyId) {
      if (singleSession) {
        const others = await tx
          .selectFrom('platform.session_family')
          .select('id')
          .where('account_id', '=', accountId)
          .where('acting_by', 'is', null)
          .where('revoked_at', 'is', null)
          .execute();
        for (const o of others) await revokeFamily(tx, o.id, 'other-client');
        // Sessions made before families existed.
        await tx
          .updateTable('platform.session')
          .set({ revoked_at: now, revoked_reason: 'other-client' })
          .where('account_id', '=', accountId)
          .where('family_id', 'is', null)
          .where('revoked_at', 'is', null)
          .execute();
      }
      await tx
        .insertInto('platform.session_family')
        .values({
          id: familyId,
          account_id: accountId,
          acting_by: opts.actingBy ?? null,
          origin_family_id: opts.originFamilyId ?? null,
          grant_type: opts.grantType ?? null,
          client: opts.client?.slice(0, 500) ?? null,
          ip: opts.ip ?? null,
          created_at: now,
        })
        .execute();
    }
    const sessionId = newId();
    await tx
      .insertInto('platform.session')
      .values({
        id: sessionId,
        account_id: accountId,
        token_hash: hashToken(token),
        tenant_id: tenantId,
        system_id: systemId,
        ip: opts.ip ?? null,
        client: opts.client?.slice(0, 500) ?? null,
        created_at: now,
        expires_at: new Date(now.getTime() + ttlSeconds * 1000),
        family_id: familyId,
      })
      .execute();
    await tx
      .insertInto('platform.refresh_token')
      .values({
        token_hash: hashToken(refresh),
        family_id: familyId,
        session_id: sessionId,
        account_id: accountId,
        created_at: now,
        expires_at: new Date(now.getTime() + (opts.refreshTtl ?? DEFAULT_REFRESH_TTL) * 1000),
      })
      .execute();
  });
  return {
    token: {
      access_token: token,
      refresh_token: refresh,
      expires_in: ttlSeconds,
      create_at: now.getTime(),
      uid: accountId,
    },
    familyId,
  };
}

/** Kept for callers written before families: a plain login session. */
export function createSession(
  db: Db,
  accountId: string,
  ttlSeconds: number,
  meta: { ip?: string; client?: string },
): Promise<IssuedToken> {
  return issueSession(db, accountId, ttlSeconds, meta);
}

/**
 * Exchanges a refresh token for a new token pair in the same family (same tenant and subsystem).
 * Unknown → 6020201; used before → the family is revoked, 6020201; family ended by a login elsewhere →
 * 6020102; expired → 6020301.
 */
export async function refreshSession(
  db: Db,
  refreshToken: string,
  ttlSeconds: number,
  opts: { refreshTtl?: number; ip?: string; client?: string },
): Promise<IssuedToken> {
  const hash = hashToken(refreshToken);
  const row = await db
    .selectFrom('platform.refresh_token as r')
    .innerJoin('platform.session_family as f', 'f.id', 'r.family_id')
    .innerJoin('platform.account as a', 'a.id', 'r.account_id')
    .leftJoin('platform.session as s', 's.id', 'r.session_id')
    .select([
      'r.family_id',
      'r.account_id',
      'r.expires_at',
      'r.used_at',
      'f.revoked_at',
      'f.revoked_reason',
      'a.status',
      's.tenant_id',
      's.system_id',
    ])
    .where('r.token_hash', '=', hash)
    .executeTakeFirst();
  if (!row) throw new ApiError(Code.ILLEGAL_TOKEN);
  if (row.revoked_at)
    throw new ApiError(row.revoked_reason === 'other-client' ? Code.OTHER_CLIENT : Code.ILLEGAL_TOKEN);
  if (row.used_at) {
    await revokeFamily(db, row.family_id, 'refresh-reuse');
    throw new ApiError(Code.ILLEGAL_TOKEN, 'auth.token.reused');
  }
  if (new Date(row.expires_at).getTime() <= Date.now()) throw new ApiError(Code.TOKEN_EXPIRED);
  if (row.status !== 'actived') throw new ApiError(Code.ILLEGAL_TOKEN);
  const claimed = await db
    .updateTable('platform.refresh_token')
    .set({ used_at: new Date() })
    .where('token_hash', '=', hash)
    .where('used_at', 'is', null)
    .returning('token_hash')
    .executeTakeFirst();
  if (!claimed) {
    // Another request used it a moment ago: the same reuse, seen from the other side.
    await revokeFamily(db, row.family_id, 'refresh-reuse');
    throw new ApiError(Code.ILLEGAL_TOKEN, 'auth.token.reused');
  }
  return issueSession(db, row.account_id, ttlSeconds, {
    ...opts,
    familyId: row.family_id,
    // The session the token was issued with carries the current tenant (switchTenant updates it).
    tenantId: row.tenant_id ?? undefined,
    systemId: row.system_id ?? undefined,
  });
}

/** Resolves a bearer token; throws the spec's token codes. */
export async function resolveSession(db: Db, token: string | undefined): Promise<AuthContext> {
  if (!token) throw new ApiError(Code.ILLEGAL_TOKEN);
  const row = await db
    .selectFrom('platform.session as s')
    .innerJoin('platform.account as a', 'a.id', 's.account_id')
    .leftJoin('platform.tenant as t', (j) =>
      j
        .onRef('t.id', '=', 's.tenant_id')
        .on('t.status', '=', 'ENABLED')
        .on('t.schema_status', '=', 'CREATED'),
    )
    .leftJoin('platform.tenant_member as m', (j) =>
      j.onRef('m.tenant_id', '=', 's.tenant_id').onRef('m.account_id', '=', 's.account_id'),
    )
    .leftJoin('platform.session_family as f', 'f.id', 's.family_id')
    .leftJoin('platform.account as actor', 'actor.id', 'f.acting_by')
    .select([
      's.id as sessionId',
      's.expires_at',
      's.revoked_at',
      's.revoked_reason',
      's.system_id',
      's.family_id',
      'a.id as accountId',
      'a.account',
      'a.fullname',
      'a.is_super',
      'a.status',
      't.id as tenantId',
      't.schema_name',
      'm.is_admin',
      'm.account_id as memberId',
      'f.revoked_at as familyRevokedAt',
      'f.revoked_reason as familyRevokedReason',
      'f.origin_family_id',
      'actor.id as actorId',
      'actor.account as actorAccount',
      'actor.fullname as actorFullname',
      'actor.is_super as actorIsSuper',
      'actor.status as actorStatus',
    ])
    .where('s.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) throw new ApiError(Code.ILLEGAL_TOKEN);
  const revokedReason = row.revoked_at
    ? row.revoked_reason
    : row.familyRevokedAt
      ? row.familyRevokedReason
      : null;
  if (row.revoked_at || row.familyRevokedAt)
    throw new ApiError(revokedReason === 'other-client' ? Code.OTHER_CLIENT : Code.ILLEGAL_TOKEN);
  if (new Date(row.expires_at).getTime() <= Date.now()) throw new ApiError(Code.TOKEN_EXPIRED);
  if (row.status !== 'actived') throw new ApiError(Code.ILLEGAL_TOKEN);
  if (row.actorId && row.actorStatus !== 'actived') throw new ApiError(Code.ILLEGAL_TOKEN);
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
    familyId: row.family_id,
    actor: row.actorId
      ? {
          accountId: row.actorId,
          account: row.actorAccount!,
          fullname: row.actorFullname!,
          isSuper: row.actorIsSuper === true,
          familyId: row.origin_family_id,
        }
      : null,
  };
}

/** Ends one session; with a family, the whole login (its refresh tokens stop working too). */
export async function revokeSession(db: Db, sessionId: string, reason: string): Promise<void> {
  const s = await db
    .selectFrom('platform.session')
    .select('family_id')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  if (s?.family_id) return revokeFamily(db, s.family_id, reason);
  await db
    .updateTable('platform.session')
    .set({ revoked_at: new Date(), revoked_reason: reason })
    .where('id', '=', sessionId)
    .execute();
}

/** Ends every session of a family. */
export async function revokeFamily(db: Db, familyId: string, reason: string): Promise<void> {
  const now = new Date();
  await db
    .updateTable('platform.session_family')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('platform.session')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('family_id', '=', familyId)
    .where('revoked_at', 'is', null)
    .execute();
}

/**
 * Ends all sessions of an account — its own logins and those where it acts as someone else, and the
 * sessions of others acting as it. Call after a password change, an account disable or a removal.
 */
export async function revokeAccountSessions(db: Db, accountId: string, reason: string): Promise<void> {
  const now = new Date();
  await db
    .updateTable('platform.session_family')
    .set({ revoked_at: now, revoked_reason: reason })
    .where((eb) => eb.or([eb('account_id', '=', accountId), eb('acting_by', '=', accountId)]))
    .where('revoked_at', 'is', null)
    .execute();
  await db
    .updateTable('platform.session')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('revoked_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb('account_id', '=', accountId),
        eb(
          'family_id',
          'in',
          eb.selectFrom('platform.session_family').select('id').where('acting_by', '=', accountId),
        ),
      ]),
    )
    .execute();
}

/** Makes another tenant the current one of a session (checks are the caller's). */
export async function setSessionTenant(db: Db, sessionId: string, tenantId: string): Promise<void> {
  await db.updateTable('platform.session').set({ tenant_id: tenantId }).where('id', '=', sessionId).execute();
}

/** Expired rows nobody can use any more: sessions, families and refresh tokens a week past their end. */
export async function pruneSessions(db: Db): Promise<void> {
  const weekAgo = new Date(Date.now() - 7 * 24 * 3600 * 1000);
  await db.deleteFrom('platform.refresh_token').where('expires_at', '<', weekAgo).execute();
  await db.deleteFrom('platform.session').where('expires_at', '<', weekAgo).execute();
  await db
    .deleteFrom('platform.session_family')
    .where('created_at', '<', weekAgo)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('platform.session as s')
            .select(sql.lit(1).as('one'))
            .whereRef('s.family_id', '=', 'platform.session_family.id'),
        ),
      ),
    )
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('platform.refresh_token as r')
            .select(sql.lit(1).as('one'))
            .whereRef('r.family_id', '=', 'platform.session_family.id'),
        ),
      ),
    )
    .execute();
}
