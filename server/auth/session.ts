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
import { recordActing } from './acting-audit.ts';
import { recordActingEnd } from '../audit/acting-log.ts';
import { settingFor } from './security-settings.ts';
import { revokeFamilyOnce } from './session-end.ts';
import {
  cachedSession,
  dropCachedSessions,
  rememberSession,
  sessionLookupMark,
  sessionsEnded,
} from './session-cache.ts';
import { hashToken, newId, newToken } from './tokens.ts';

export type { ActorInfo, AuthContext } from './auth-context.ts';
import type { AuthContext } from './auth-context.ts';

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
  /** Opening an acting family: when acting ends (no token of the family outlives it). */
  actingUntil?: Date;
  /** Absolute lifetime of the login in seconds (config.sessionMaxAge): no token of the family outlives it. */
  maxAge?: number;
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
  const end = await familyEnd(db, opts, now);
  const expiresAt = new Date(Math.min(now.getTime() + ttlSeconds * 1000, end));
  const refreshExpiresAt = new Date(
    Math.min(now.getTime() + (opts.refreshTtl ?? DEFAULT_REFRESH_TTL) * 1000, end),
  );
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
          acting_expires_at: opts.actingBy ? (opts.actingUntil ?? null) : null,
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
        expires_at: expiresAt,
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
        expires_at: refreshExpiresAt,
      })
      .execute();
  });
  // Ended by this login (single session): drop them again now that the end is committed.
  if (singleSession) sessionsEnded(db, { accountId });
  return {
    token: {
      access_token: token,
      refresh_token: refresh,
      expires_in: Math.max(0, Math.floor((expiresAt.getTime() - now.getTime()) / 1000)),
      create_at: now.getTime(),
      uid: accountId,
    },
    familyId,
  };
}

/**
 * The latest moment any token of the family may be valid (ms): its absolute lifetime from the login and,
 * while acting, the end of acting. Infinity when neither applies.
 */
async function familyEnd(db: Db, opts: SessionOptions, now: Date): Promise<number> {
  let created = now.getTime();
  let acting = opts.actingBy && opts.actingUntil ? opts.actingUntil.getTime() : Infinity;
  if (opts.familyId) {
    const family = await db
      .selectFrom('platform.session_family')
      .select(['created_at', 'acting_expires_at'])
      .where('id', '=', opts.familyId)
      .executeTakeFirst();
    if (family) {
      created = new Date(family.created_at).getTime();
      if (family.acting_expires_at) acting = new Date(family.acting_expires_at).getTime();
    }
  }
  return Math.min(opts.maxAge ? created + opts.maxAge * 1000 : Infinity, acting);
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
  opts: { refreshTtl?: number; ip?: string; client?: string; maxAge?: number },
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
      'f.created_at as family_created_at',
      'f.acting_by',
      'f.acting_expires_at',
      'a.account as account_name',
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
  // No refresh past the end of acting or the login's absolute lifetime: sign in again.
  if (row.acting_by && row.acting_expires_at && new Date(row.acting_expires_at).getTime() <= Date.now()) {
    if (await revokeFamilyOnce(db, row.family_id, 'acting-expired')) {
      const actor = await db
        .selectFrom('platform.account')
        .select(['id', 'account'])
        .where('id', '=', row.acting_by)
        .executeTakeFirst();
      await recordActing(db, {
        event: 'exit',
        actor: { accountId: row.acting_by, account: actor?.account ?? '' },
        target: { accountId: row.account_id, account: row.account_name },
        reason: 'acting-expired',
        tenantId: row.tenant_id,
        familyId: row.family_id,
        ip: opts.ip ?? null,
      });
      await recordActingEnd(db, {
        actorAccount: actor?.account ?? '',
        target: { accountId: row.account_id, account: row.account_name },
        tenantId: row.tenant_id,
        familyId: row.family_id,
        endReason: 'acting-expired',
        ip: opts.ip ?? null,
      });
    }
    throw new ApiError(Code.ILLEGAL_TOKEN, 'permission.acting.expired');
  }
  if (opts.maxAge && new Date(row.family_created_at).getTime() + opts.maxAge * 1000 <= Date.now()) {
    await revokeFamilyOnce(db, row.family_id, 'absolute-lifetime');
    throw new ApiError(Code.ILLEGAL_TOKEN, 'permission.session.lifetimeOver');
  }
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

/**
 * Resolves a bearer token; throws the spec's token codes. A token resolved a moment ago comes from the
 * session cache (session-cache.ts: dropped on every revocation and write, 2 s at most otherwise).
 */
export async function resolveSession(db: Db, token: string | undefined): Promise<AuthContext> {
  if (!token) throw new ApiError(Code.ILLEGAL_TOKEN);
  return resolveSessionHash(db, hashToken(token));
}

/**
 * Resolves the session of a signed file link, which names its session by id and never carries the
 * token (server/files/tickets.ts): the same checks and cache as the session's own token.
 */
export async function resolveSessionById(db: Db, sessionId: string): Promise<AuthContext> {
  const row = await db
    .selectFrom('platform.session')
    .select('token_hash')
    .where('id', '=', sessionId)
    .executeTakeFirst();
  if (!row) throw new ApiError(Code.ILLEGAL_TOKEN);
  return resolveSessionHash(db, row.token_hash);
}

async function resolveSessionHash(db: Db, tokenHash: string): Promise<AuthContext> {
  const cached = cachedSession(db, tokenHash);
  if (cached) return cached;
  const mark = sessionLookupMark();
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
      't.kind as tenantKind',
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
    .where('s.token_hash', '=', tokenHash)
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
  const auth: AuthContext = {
    sessionId: row.sessionId,
    accountId: row.accountId,
    account: row.account,
    fullname: row.fullname,
    isSuper: row.is_super,
    tenantId: inTenant ? row.tenantId : null,
    tenantSchema: inTenant ? row.schema_name : null,
    tenantKind: inTenant ? row.tenantKind : null,
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
  rememberSession(db, tokenHash, auth, new Date(row.expires_at).getTime(), mark);
  return auth;
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
  sessionsEnded(db, { sessionId });
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
  sessionsEnded(db, { familyId });
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
  sessionsEnded(db, { accountId });
}

/** Makes another tenant the current one of a session (checks are the caller's). */
export async function setSessionTenant(db: Db, sessionId: string, tenantId: string): Promise<void> {
  await db.updateTable('platform.session').set({ tenant_id: tenantId }).where('id', '=', sessionId).execute();
  dropCachedSessions(db, { sessionId });
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
