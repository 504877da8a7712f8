/**
 * The object-level rule for roles and grants (server/README.md 'Permissions'): someone who is not an
 * administrator gives out only rights they hold themselves. A member with role:write cannot add a
 * resource carrying employee:actAs to a role, and a member with role:grant cannot give a role granting
 * more than their own, to anyone (themselves included) — otherwise either right would be every right.
 * Taking rights away is not limited. Rights that do not count in the tenant's kind cannot be given at all.
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { Code } from '../http/codes.ts';
import { ApiError } from '../http/envelope.ts';
import type { AuthContext } from './auth-context.ts';
import { sessionRank } from './account-guard.ts';
import { permissionScope, permissionVocabulary } from './permissions.ts';

/** The declared permissions the given resources carry. */
async function permissionsOfResources(db: Db, resourceIds: readonly string[]): Promise<Set<string>> {
  if (resourceIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('platform.resource')
    .select('permissions')
    .where('id', 'in', [...resourceIds])
    .execute();
  const vocabulary = permissionVocabulary();
  return new Set(rows.flatMap((r) => r.permissions ?? []).filter((p) => vocabulary.has(p)));
}

/** The declared permissions the given roles of the session's tenant grant (every subsystem). */
async function permissionsOfRoles(db: Db, schema: string, roleIds: readonly string[]): Promise<Set<string>> {
  if (roleIds.length === 0) return new Set();
  const rows = await sql<{ id: string }>`
    select distinct rr.resource_id as id from ${sql.id(schema, 'role_resource')} rr
     where rr.role_id in (${sql.join([...roleIds])})`.execute(db);
  return permissionsOfResources(
    db,
    rows.rows.map((r) => r.id),
  );
}

async function requireMayGive(db: Db, auth: AuthContext, given: Set<string>): Promise<void> {
  if (auth.isSuper) return;
  const scope = permissionScope(auth.tenantKind);
  const foreign = [...given].find((p) => !scope.has(p));
  if (foreign)
    throw new ApiError(
      Code.NO_PERMISSION,
      'permission.grant.wrongKind',
      { permission: foreign },
      { reason: 'wrongKind', permission: foreign },
    );
  if (auth.isTenantAdmin) return;
  const mine = await sessionRank(db, auth);
  const beyond = [...given].find((p) => !mine.permissions.has(p));
  if (beyond)
    throw new ApiError(
      Code.NO_PERMISSION,
      'permission.grant.beyondOwn',
      { permission: beyond },
      { reason: 'beyondOwn', permission: beyond },
    );
}

/** Throws 6010104 unless the session may give the rights of these roles (grant them to a party). */
export async function requireMayGiveRoles(
  db: Db,
  auth: AuthContext,
  roleIds: readonly string[],
): Promise<void> {
  if (auth.isSuper || !auth.tenantSchema) return;
  await requireMayGive(db, auth, await permissionsOfRoles(db, auth.tenantSchema, roleIds));
}

/** Throws 6010104 unless the session may add these resources to a role. */
export async function requireMayGiveResources(
  db: Db,
  auth: AuthContext,
  resourceIds: readonly string[],
): Promise<void> {
  if (auth.isSuper) return;
  await requireMayGive(db, auth, await permissionsOfResources(db, resourceIds));
}
