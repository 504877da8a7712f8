/**
 * The object-level rule for accounts (server/README.md 'Permissions'): a caller may change, reset, disable,
 * remove or act as another account of its tenant only when that account holds nothing the caller lacks.
 * So the super user is protected from everyone else, a tenant administrator from its members, and a
 * member from a colleague whose roles grant less than theirs: holding employee:resetPassword or
 * employee:write never lets someone take over a more powerful account (reset its password, change the
 * mobile its SMS resets go to, or act as it).
 *
 * Permissions are compared across every subsystem of the tenant (a role may grant in several), within
 * what the tenant's kind allows.
 */
import type { Db } from '../db/database.ts';
import { Code } from '../http/codes.ts';
import { ApiError } from '../http/envelope.ts';
import type { AuthContext } from './auth-context.ts';
import { grantedResources, permissionScope } from './permissions.ts';

export interface AccountRank {
  isSuper: boolean;
  isTenantAdmin: boolean;
  /** The tenant permissions its roles grant (not needed for the super user and administrators). */
  permissions: ReadonlySet<string>;
}

type TenantRef = Pick<AuthContext, 'tenantId' | 'tenantSchema' | 'tenantKind'>;

/** What an account holds in a tenant: its admin flags and the permissions of its roles there. */
export async function rankIn(db: Db, accountId: string, tenant: TenantRef): Promise<AccountRank> {
  const row = await db
    .selectFrom('platform.account as a')
    .leftJoin('platform.tenant_member as m', (j) =>
      j.onRef('m.account_id', '=', 'a.id').on('m.tenant_id', '=', tenant.tenantId ?? ''),
    )
    .select(['a.is_super', 'm.is_admin'])
    .where('a.id', '=', accountId)
    .executeTakeFirst();
  const isSuper = row?.is_super === true;
  const isTenantAdmin = row?.is_admin === true;
  if (isSuper || isTenantAdmin || !tenant.tenantSchema)
    return { isSuper, isTenantAdmin, permissions: new Set() };
  const scope = permissionScope(tenant.tenantKind);
  const granted = await grantedResources(
    db,
    { accountId, tenantSchema: tenant.tenantSchema, systemId: null },
    true,
  );
  return { isSuper, isTenantAdmin, permissions: new Set(granted.permissions.filter((p) => scope.has(p))) };
}

/** Whether `caller` holds everything `target` holds (see the file comment). */
export function covers(caller: AccountRank, target: AccountRank): boolean {
  if (caller.isSuper) return true;
  if (target.isSuper) return false;
  if (caller.isTenantAdmin) return true;
  if (target.isTenantAdmin) return false;
  for (const p of target.permissions) if (!caller.permissions.has(p)) return false;
  return true;
}

/** The session's own rank (its admin flags from the session, its permissions from its roles). */
export async function sessionRank(db: Db, auth: AuthContext): Promise<AccountRank> {
  if (auth.isSuper || auth.isTenantAdmin)
    return { isSuper: auth.isSuper, isTenantAdmin: auth.isTenantAdmin, permissions: new Set() };
  return rankIn(db, auth.accountId, auth);
}

/**
 * Throws 6010104 (people.employee.outranked) unless the session may manage `targetAccountId` in its
 * tenant. One's own account always passes (what one may change of it is the caller's business).
 */
export async function requireOutranks(
  db: Db,
  auth: AuthContext,
  targetAccountId: string,
  name?: string,
): Promise<void> {
  if (targetAccountId === auth.accountId || auth.isSuper) return;
  const [caller, target] = await Promise.all([sessionRank(db, auth), rankIn(db, targetAccountId, auth)]);
  if (!covers(caller, target))
    throw new ApiError(
      Code.NO_PERMISSION,
      'people.employee.outranked',
      { name: name ?? '' },
      { reason: 'outranked' },
    );
}
