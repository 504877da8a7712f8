/**
 * The check every non-public operation passes before its handler runs (and before its request is
 * validated, so a caller without the right learns nothing from validation errors):
 *
 * 1. the tenant header may only confirm the session's tenant, never choose one (6010105); a personal
 *    operation (the caller's own report of an unnotified deal, their mobile) refuses an acting session;
 * 2. while the password must be changed (admin reset, restore default, expiry), only the change itself,
 *    the context and logout are allowed (6010104, cause.reason 'passwordChange');
 * 3. the access level: `super` for the super user only (6010106), `tenant` needs a current tenant (6010105);
 * 4. the permission (schemas/api/README.md 'Permissions'): reserved levels pass, any other name must be
 *    held in the session's tenant and subsystem (6010104, cause.reason 'permission').
 *
 * A denial writes nothing: it changes no row (the authorization matrix test counts them).
 */
import type { Operation } from '../../schemas/catalogue.ts';
import { RESERVED_PERMISSIONS, type ReservedPermission } from '../../schemas/catalogue-types.ts';
import { holds, sessionFacts } from '../auth/permissions.ts';
import type { AuthContext } from '../auth/session.ts';
import type { Db } from '../db/database.ts';
import { Code } from './codes.ts';
import { ApiError } from './envelope.ts';

/** What a session whose password must be changed may still call. */
export const ALLOWED_BEFORE_PASSWORD_CHANGE: ReadonlySet<string> = new Set([
  'user.change.passwd',
  'user.register.change.passwd',
  'user.context',
  'fldUser.context',
  'user.logout',
]);

export function isReserved(permission: string): permission is ReservedPermission {
  return (RESERVED_PERMISSIONS as readonly string[]).includes(permission);
}

export async function authorize(
  db: Db,
  op: Pick<Operation, 'id' | 'access' | 'permission' | 'personal'>,
  auth: AuthContext,
  tenantHeader: string | undefined,
): Promise<void> {
  if (tenantHeader && tenantHeader !== auth.tenantId) throw new ApiError(Code.TENANT_DENIED);
  // What belongs to the person (a report of an unnotified deal and its reporter) is not the actor's.
  if (op.personal && auth.actor)
    throw new ApiError(Code.NO_PERMISSION, 'permission.acting.personal', {}, { reason: 'personal' });
  // Someone acting as the account is not its owner: the owner changes the password at their next sign-in.
  if (!auth.actor && !ALLOWED_BEFORE_PASSWORD_CHANGE.has(op.id)) {
    if ((await sessionFacts(db, auth)).mustChangePassword) {
      throw new ApiError(
        Code.NO_PERMISSION,
        'permission.passwordChangeFirst',
        {},
        { reason: 'passwordChange' },
      );
    }
  }
  switch (op.access) {
    case 'super':
      if (!auth.isSuper) throw new ApiError(Code.SUPER_ONLY);
      break;
    case 'tenant':
      if (!auth.tenantId) throw new ApiError(Code.TENANT_DENIED);
      break;
  }
  if (isReserved(op.permission)) return;
  if (!(await holds(db, auth, op.permission))) throw permissionDenied(op.permission);
}

/** 6010104 naming the missing permission (handlers use it for checks that depend on the request). */
export function permissionDenied(permission: string): ApiError {
  return new ApiError(
    Code.NO_PERMISSION,
    'permission.denied',
    { permission },
    { reason: 'permission', permission },
  );
}

/** Throws 6010104 unless the session holds the permission. */
export async function requirePermission(db: Db, auth: AuthContext, permission: string): Promise<void> {
  if (!(await holds(db, auth, permission))) throw permissionDenied(permission);
}
