/**
 * The platform side of an employee: the tenant membership of their account and its sessions.
 *
 * An account works in a tenant only while it is a member (server/auth/session.ts), so the membership
 * follows the employee's status: an active employee is a member (tenant admin as the employee's is_admin
 * flag says); any other status (disabled, locked, …) or removal ends the membership and the account's
 * sessions in this tenant — only in this tenant: an account may belong to other tenants too, and what
 * happens here must not reach them. Activating an employee (also one waiting from the enterprise
 * registration) makes the account a member again.
 */
import { requireOutranks } from '../../auth/account-guard.ts';
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { AuthContext } from '../../auth/session.ts';
import { denied, invalid } from '../people/common.ts';
import type { Language } from '../../http/i18n.ts';
import { assertRoomForMembers } from '../tenants/quotas.ts';

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
  await assertRoomForMembers(tx, tenantId, [accountId]);
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

/** Ends the membership and the account's sessions in this tenant (reason recorded on the sessions). */
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
  await revokeTenantSessions(tx, accountId, tenantId, reason);
}

/**
 * Ends the logins of an account that are in a tenant: its own, and those where it acts as someone else
 * there. Its logins in other tenants go on.
 */
export async function revokeTenantSessions(
  tx: Db,
  accountId: string,
  tenantId: string,
  reason: string,
): Promise<void> {
  const now = new Date();
  const families = (
    await tx
      .selectFrom('platform.session as s')
      .innerJoin('platform.session_family as f', 'f.id', 's.family_id')
      .select('f.id')
      .distinct()
      .where('s.tenant_id', '=', tenantId)
      .where('s.revoked_at', 'is', null)
      .where('s.expires_at', '>', now)
      .where((eb) => eb.or([eb('s.account_id', '=', accountId), eb('f.acting_by', '=', accountId)]))
      .execute()
  ).map((f) => f.id);
  if (families.length > 0) {
    await tx
      .updateTable('platform.session_family')
      .set({ revoked_at: now, revoked_reason: reason })
      .where('id', 'in', families)
      .where('revoked_at', 'is', null)
      .execute();
  }
  await tx
    .updateTable('platform.session')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('revoked_at', 'is', null)
    .where((eb) =>
      eb.or([
        eb.and([eb('account_id', '=', accountId), eb('tenant_id', '=', tenantId)]),
        ...(families.length > 0 ? [eb('family_id', 'in', families)] : []),
      ]),
    )
    .execute();
}

/**
 * Whether an account belongs to a tenant other than `tenantId`: a membership there, or an employee record
 * in its space (a disabled employee, or one waiting for activation, is not a member but still its).
 */
export async function belongsElsewhere(tx: Db, accountId: string, tenantId: string): Promise<boolean> {
  const member = await tx
    .selectFrom('platform.tenant_member')
    .select('tenant_id')
    .where('account_id', '=', accountId)
    .where('tenant_id', '<>', tenantId)
    .executeTakeFirst();
  if (member) return true;
  const spaces = await tx
    .selectFrom('platform.tenant')
    .select('schema_name')
    .where('id', '<>', tenantId)
    .where('schema_status', '=', 'CREATED')
    .execute();
  for (let i = 0; i < spaces.length; i += 200) {
    const part = spaces.slice(i, i + 200);
    const found = await sql<{ one: number }>`${sql.join(
      part.map(
        (p) => sql`select 1 as one from ${sql.id(p.schema_name, 'employee')} where account_id = ${accountId}`,
      ),
      sql` union all `,
    )} limit 1`.execute(tx);
    if (found.rows.length > 0) return true;
  }
  return false;
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
  // Nor an account holding what the caller lacks (an administrator, a colleague with more rights).
  for (const e of employees) if (e.account_id) await requireOutranks(db, auth, e.account_id, e.name);
}
