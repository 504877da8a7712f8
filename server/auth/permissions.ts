/**
 * What a session may do. The vocabulary is declared in the catalogue (`permissions:` of schemas/api/*.yaml);
 * a menu resource carries the permissions of its page or button; roles grant resources; an employee holds
 * the roles granted to them, to their organisations and to their positions. So a member's permissions in
 * the session's tenant and subsystem are the permissions of every resource of that subsystem granted by an
 * enabled role they hold. A tenant admin holds every tenant permission of its tenant's kind; the super user
 * holds every one. A permission declared for some kinds of tenant only (`kinds:`, e.g. review:* for the
 * authority) counts in no other kind of tenant, whoever holds a resource carrying it: tenantPermissions(kind)
 * is the one rule the server check, the user context, the menus and the role editor all derive from.
 *
 * The facts of a session key (account, tenant, subsystem, admin flags) are cached per database: the
 * permissions, the granted resources and whether the password must be changed first. invalidatePermissions
 * drops them (all, one tenant's, one account's); the route layer calls it after every write, and a short
 * time-to-live bounds what another server instance may still hold until the change reaches it.
 */
import { sql } from 'kysely';
import { loadPermissions } from '../../schemas/catalogue.ts';
import type { PermissionDef, TenantKind } from '../../schemas/catalogue-types.ts';
import type { Db } from '../db/database.ts';
import type { AuthContext } from './session.ts';
import { settingFor } from './security-settings.ts';
import { dropCachedSessions } from './session-cache.ts';
import './permission-tables.ts';

/** How long cached facts are trusted without an invalidation (other server instances, direct SQL). */
export const PERMISSION_CACHE_TTL_MS = 30_000;
/** Entries kept per database before the oldest go. */
const CACHE_LIMIT = 20_000;

export interface SessionFacts {
  /** Every permission the session holds (for the super user and tenant admins, the whole scope). */
  permissions: ReadonlySet<string>;
  /** Resources granted through roles in the session's subsystem (the super user: 'all'). */
  resources: ReadonlySet<string> | 'all';
  /** An administrator reset the password, or it is older than the security setting allows. */
  mustChangePassword: boolean;
  loadedAt: number;
}

let vocabulary: Map<string, PermissionDef & { area: string }> | undefined;

/** The declared permissions (schemas/api/*.yaml `permissions:`), read once. */
export function permissionVocabulary(): Map<string, PermissionDef & { area: string }> {
  vocabulary ??= loadPermissions();
  return vocabulary;
}

const kindScopes = new Map<TenantKind | null, ReadonlySet<string>>();

/**
 * The tenant permissions that count in a tenant of `kind` (what its administrator holds); without a kind,
 * those every kind of tenant may hold.
 */
export function tenantPermissions(kind: TenantKind | null = null): string[] {
  return [...permissionScope(kind)].sort();
}

/** tenantPermissions as a set, computed once per kind. */
export function permissionScope(kind: TenantKind | null): ReadonlySet<string> {
  let scope = kindScopes.get(kind);
  if (!scope) {
    scope = new Set(
      [...permissionVocabulary()]
        .filter(([, def]) => def.scope === 'tenant')
        .filter(([, def]) => !def.kinds || (kind !== null && def.kinds.includes(kind)))
        .map(([name]) => name),
    );
    kindScopes.set(kind, scope);
  }
  return scope;
}

/** Whether every permission of a resource (a menu entry, a button) counts in a tenant of `kind`. */
export function fitsTenantKind(permissions: readonly string[] | null, kind: TenantKind | null): boolean {
  const scope = permissionScope(kind);
  return (permissions ?? []).every((p) => scope.has(p) || !permissionVocabulary().has(p));
}

export function allPermissions(): string[] {
  return [...permissionVocabulary().keys()].sort();
}

interface CacheEntry {
  accountId: string;
  tenantId: string | null;
  facts: Promise<SessionFacts>;
  at: number;
}

const caches = new WeakMap<Db, Map<string, CacheEntry>>();
const broadcasts = new WeakMap<Db, (scope: InvalidationScope) => void>();

function cacheOf(db: Db): Map<string, CacheEntry> {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  return cache;
}

export interface InvalidationScope {
  tenantId?: string | null;
  accountId?: string | null;
}

/** Drops cached facts in this process only (what a cross-process message calls). */
export function invalidateLocalPermissions(db: Db, scope: InvalidationScope = {}): void {
  // What changes permissions (memberships, admin flags, account status, tenants) changes sessions too.
  dropCachedSessions(db, scope);
  const cache = caches.get(db);
  if (!cache) return;
  if (!scope.tenantId && !scope.accountId) return cache.clear();
  for (const [key, entry] of cache) {
    if (scope.tenantId && entry.tenantId === scope.tenantId) cache.delete(key);
    else if (scope.accountId && entry.accountId === scope.accountId) cache.delete(key);
  }
}

/**
 * Call after anything that changes who holds what: roles, grants, role resources, memberships of
 * organisations, positions or the tenant, menu resources, passwords. No scope: everything.
 */
export function invalidatePermissions(db: Db, scope: InvalidationScope = {}): void {
  invalidateLocalPermissions(db, scope);
  broadcasts.get(db)?.(scope);
}

/** Lets an event bus carry invalidations to the other server instances (it calls invalidateLocalPermissions there). */
export function setPermissionBroadcast(db: Db, send: (scope: InvalidationScope) => void): void {
  broadcasts.set(db, send);
}

function keyOf(auth: AuthContext): string {
  return [
    auth.accountId,
    auth.tenantId ?? '',
    auth.systemId ?? '',
    auth.isSuper ? 'S' : '',
    auth.isTenantAdmin ? 'A' : '',
    auth.tenantKind ?? '',
  ].join('|');
}

/** The cached facts of a session (loaded on first use and after an invalidation). */
export function sessionFacts(db: Db, auth: AuthContext): Promise<SessionFacts> {
  const cache = cacheOf(db);
  const key = keyOf(auth);
  const now = Date.now();
  const hit = cache.get(key);
  if (hit && now - hit.at < PERMISSION_CACHE_TTL_MS) return hit.facts;
  if (cache.size >= CACHE_LIMIT) cache.delete(cache.keys().next().value!);
  const facts = loadFacts(db, auth);
  const entry = { accountId: auth.accountId, tenantId: auth.tenantId, facts, at: now };
  cache.set(key, entry);
  // A failed load is not remembered.
  facts.catch(() => {
    if (cache.get(key) === entry) cache.delete(key);
  });
  return facts;
}

async function loadFacts(db: Db, auth: AuthContext): Promise<SessionFacts> {
  const [mustChangePassword, granted] = await Promise.all([
    passwordChangeDue(db, auth.accountId),
    auth.isSuper ? Promise.resolve(null) : grantedResources(db, auth),
  ]);
  let permissions: Set<string>;
  if (auth.isSuper) permissions = new Set(allPermissions());
  else if (auth.isTenantAdmin) permissions = new Set(permissionScope(auth.tenantKind));
  else {
    const tenantScope = permissionScope(auth.tenantKind);
    permissions = new Set(granted!.permissions.filter((p) => tenantScope.has(p)));
  }
  return {
    permissions,
    resources: auth.isSuper ? 'all' : granted!.resources,
    mustChangePassword,
    loadedAt: Date.now(),
  };
}

/** Whether the account must change its password before anything else (admin reset, or expired). */
export async function passwordChangeDue(db: Db, accountId: string): Promise<boolean> {
  const account = await db
    .selectFrom('platform.account')
    .select(['must_change_password', 'password_changed_at'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  if (!account) return false;
  if (account.must_change_password) return true;
  const setting = await settingFor(db, accountId);
  const changedAt = account.password_changed_at ? new Date(account.password_changed_at).getTime() : 0;
  return setting.validDays > 0 && changedAt > 0 && Date.now() - changedAt > setting.validDays * 86_400_000;
}

/**
 * The resources of the session's subsystem granted through the enabled roles the account's employee
 * holds in the session's tenant — directly, or through its organisations and positions — and the
 * permissions they carry.
 */
export async function grantedResources(
  db: Db,
  auth: Pick<AuthContext, 'accountId' | 'tenantSchema' | 'systemId'>,
  /** Every subsystem's resources instead of the session's (the subsystem lists). */
  anySystem = false,
): Promise<{ resources: Set<string>; permissions: string[] }> {
  if (!auth.tenantSchema || (!auth.systemId && !anySystem)) return { resources: new Set(), permissions: [] };
  const t = (table: string) => sql.id(auth.tenantSchema!, table);
  const rows = await sql<{ id: string; permissions: string[] | null }>`
    with me as (
      select id from ${t('employee')} where account_id = ${auth.accountId} and status = 'actived'
    ),
    roles as (
      select g.role_id from ${t('role_grant')} g, me
       where (g.party_type = 'employee' and g.party_id = me.id)
          or (g.party_type = 'org' and g.party_id in
                (select eo.org_id from ${t('employee_org')} eo where eo.employee_id = me.id))
          or (g.party_type = 'position' and g.party_id in
                (select ep.position_id from ${t('employee_position')} ep where ep.employee_id = me.id))
    )
    select distinct res.id, res.permissions
      from roles
      join ${t('role')} r on r.id = roles.role_id and r.enabled
      join ${t('role_resource')} rr on rr.role_id = r.id
      join platform.resource res on res.id = rr.resource_id
       and (${anySystem} or res.system_id = ${auth.systemId ?? ''})
  `.execute(db);
  const permissions = new Set<string>();
  for (const r of rows.rows) for (const p of r.permissions ?? []) permissions.add(p);
  return { resources: new Set(rows.rows.map((r) => r.id)), permissions: [...permissions] };
}

/** Whether the session holds a permission (reserved levels: public, user and member always hold). */
export async function holds(db: Db, auth: AuthContext | null, permission: string): Promise<boolean> {
  if (permission === 'public') return true;
  if (!auth) return false;
  if (permission === 'user') return true;
  if (permission === 'member') return auth.isSuper || auth.tenantId !== null;
  if (auth.isSuper) return true;
  if (!auth.tenantId) return false;
  return (await sessionFacts(db, auth)).permissions.has(permission);
}
