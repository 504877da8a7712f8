/**
 * Resolved sessions kept per database for a moment, so a request does not look its bearer token up again
 * (a six-table join) when the same token called a second ago.
 *
 * Revocation stays immediate in this process: every way a session ends here drops it (logout, revoking a
 * family or an account's sessions, switching tenant), and every successful write drops what it may have
 * changed (invalidatePermissions → dropCachedSessions: the tenant's and the caller's sessions, or all).
 * A lookup that was under way while something was dropped is not stored (generation counter), so a
 * revocation cannot be undone by a read that raced it. Expiry is checked on every hit.
 *
 * Other server instances (several processes on one PostgreSQL) learn of a revocation when their entry
 * is older than SESSION_CACHE_TTL_MS — the same bound as a change made by direct SQL — or at once if an
 * event bus carries invalidatePermissions to them (setPermissionBroadcast).
 */
import type { Db } from '../db/database.ts';
import type { AuthContext } from './auth-context.ts';

export const SESSION_CACHE_TTL_MS = 2_000;
const CACHE_LIMIT = 10_000;

interface Entry {
  /** The database the session was resolved in (one process may serve several, as tests do). */
  owner: Db;
  auth: AuthContext;
  expiresAt: number;
  at: number;
}

/**
 * One cache for the process, keyed by token hash. Drops match every database: a revocation is often
 * written through a transaction (another Kysely object than the one requests resolve with), and
 * dropping a little more than needed is harmless.
 */
const cache = { entries: new Map<string, Entry>(), generation: 0 };

/** The session of a token hash when resolved less than the TTL ago and not expired since. */
export function cachedSession(db: Db, tokenHash: string): AuthContext | undefined {
  const hit = cache.entries.get(tokenHash);
  if (!hit || hit.owner !== db) return undefined;
  const now = Date.now();
  if (now - hit.at >= SESSION_CACHE_TTL_MS || hit.expiresAt <= now) {
    cache.entries.delete(tokenHash);
    return undefined;
  }
  // A copy: callers may decorate what they get.
  return { ...hit.auth };
}

/** Marks the start of a lookup; pass the mark to rememberSession. */
export function sessionLookupMark(): number {
  return cache.generation;
}

/** Stores a resolved session unless something was dropped since its lookup began. */
export function rememberSession(
  db: Db,
  tokenHash: string,
  auth: AuthContext,
  expiresAt: number,
  mark: number,
): void {
  if (cache.generation !== mark) return;
  if (cache.entries.size >= CACHE_LIMIT) cache.entries.delete(cache.entries.keys().next().value!);
  cache.entries.set(tokenHash, { owner: db, auth: { ...auth }, expiresAt, at: Date.now() });
}

export interface SessionScope {
  tenantId?: string | null;
  accountId?: string | null;
  familyId?: string | null;
  sessionId?: string | null;
}

/**
 * Drops cached sessions in this process: those matching any given field, or all without one. `db` (the
 * database or a transaction of it) only says where the change was made: drops apply to every database.
 */
export function dropCachedSessions(_db: Db, scope: SessionScope = {}): void {
  cache.generation += 1;
  const { tenantId, accountId, familyId, sessionId } = scope;
  if (!tenantId && !accountId && !familyId && !sessionId) return cache.entries.clear();
  for (const [key, { auth }] of cache.entries) {
    if (
      (tenantId && auth.tenantId === tenantId) ||
      (accountId && (auth.accountId === accountId || auth.actor?.accountId === accountId)) ||
      (familyId && (auth.familyId === familyId || auth.actor?.familyId === familyId)) ||
      (sessionId && auth.sessionId === sessionId)
    )
      cache.entries.delete(key);
  }
}

const endAnnouncers = new Set<(scope: SessionScope) => void>();

/** Lets an event bus carry session ends to other server processes and open streams. */
export function onSessionsEnded(announce: (scope: SessionScope) => void): () => void {
  endAnnouncers.add(announce);
  return () => endAnnouncers.delete(announce);
}

/**
 * Sessions ended (logout, revocation, a newer single-session login): dropped from this process's cache
 * and announced, so other processes drop theirs and the bell streams of those sessions close at once.
 */
export function sessionsEnded(db: Db, scope: SessionScope): void {
  dropCachedSessions(db, scope);
  for (const announce of endAnnouncers) announce(scope);
}
