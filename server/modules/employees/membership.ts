/**
 * The platform side of an employee: the tenant membership of their account and its sessions.
 *
 * An account works in a tenant only while it is a member (server/auth/session.ts), so the membership
 * follows the employee's status: an active employee is a member (tenant admin as the employee's is_admin
 * flag says); any other status (disabled, locked, …) or removal ends the membership and every session
 * of the account. Activating an employee (also one waiting from the enterprise registration) makes the
 * account a member again.
 */
import { revokeAccountSessions } from '../../auth/session.ts';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../auth/session.ts';
import { denied, invalid } from '../people/common.ts';
import type { Language } from '../../http/i18n.ts';

export async function joinTenant(
  tx: Db,
  tenantId: string,
  accountId: string,
  isAdmin: boolean,
): Promise<void> {
  const existing = await tx
    .selectFrom('platform.tenant_member')
    .select('is_admin')
    .where('tenant_id', '=', tenantId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (existing) {
    if (existing.is_admin !== isAdmin) {
      await tx
        .updateTable('platform.tenant_member')
        .set({ is_admin: isAdmin })
        .where('tenant_id', '=', tenantId)
        .where('account_id', '=', accountId)
        .execute();
    }
    return;
  }
  const main = await tx
    .selectFrom('platform.tenant_member')
    .select('tenant_id')
    .where('account_id', '=', accountId)
    .where('is_main', '=', true)
    .executeTakeFirst();
  await tx
    .insertInto('platform.tenant_member')
    .values({ tenant_id: tenantId, account_id: accountId, is_admin: isAdmin, is_main: !main })
    .execute();
}

/** Ends the membership and every session of the account (reason recorded on the sessions). */
export async function leaveTenant(
  tx: Db,
  tenantId: string,
  accountId: string,
  reason: string,
): Promise<void> {
  await tx
    .deleteFrom('platform.tenant_member')
    .where('tenant_id', '=', tenantId)
    .where('account_id', '=', accountId)
    .execute();
  await revokeAccountSessions(tx, accountId, reason);
}

/** The membership for a status: member while actived, else none (and no sessions). */
export async function syncMembership(
  tx: Db,
  tenantId: string,
  accountId: string | null,
  status: string,
  isAdmin: boolean,
  reason: string,
): Promise<void> {
  if (!accountId) return;
  if (status === 'actived') await joinTenant(tx, tenantId, accountId, isAdmin);
  else await leaveTenant(tx, tenantId, accountId, reason);
}

/**
 * Guards of every write on existing employees: only the super user touches a super user's employee,
 * and nobody locks themselves out (disable, remove, or drop their own admin flag).
 */
export async function superAccounts(db: Db, accountIds: (string | null)[]): Promise<Set<string>> {
  const ids = accountIds.filter((a): a is string => Boolean(a));
  if (ids.length === 0) return new Set();
  const rows = await db
    .selectFrom('platform.account')
    .select('id')
    .where('id', 'in', ids)
    .where('is_super', '=', true)
    .execute();
  return new Set(rows.map((r) => r.id));
}

export async function assertMayChange(
  db: Db,
  auth: AuthContext,
  lang: Language,
  employees: { account_id: string | null; name: string }[],
  opts: { lockout?: string } = {},
): Promise<void> {
  if (opts.lockout && employees.some((e) => e.account_id === auth.accountId)) {
    throw invalid(lang, opts.lockout);
  }
  if (auth.isSuper) return;
  const supers = await superAccounts(
    db,
    employees.map((e) => e.account_id),
  );
  const hit = employees.find((e) => e.account_id && supers.has(e.account_id));
  if (hit) throw denied('people.employee.superProtected', { name: hit.name });
}
