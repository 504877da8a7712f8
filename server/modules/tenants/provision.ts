/**
 * What approval gives a tenant: its administrator account (from the registration), its membership as
 * the tenant's admin, its data space and the admin's employee record in that space. Each step looks
 * before it writes, so running it again after a crash half-way (or twice at once, by the unique keys)
 * finishes the work and changes nothing already done.
 */
import type { Db } from '../../db/database.ts';
import { createTenantSpace } from '../spaces.ts';
import { newId } from '../../auth/tokens.ts';
import { isUniqueViolation } from '../../auth/accounts.ts';
import './tables.ts';

export async function provisionTenant(db: Db, tenantId: string): Promise<void> {
  const tenant = await db
    .selectFrom('platform.tenant')
    .select([
      'id',
      'account',
      'contact_name',
      'mobile',
      'email',
      'schema_name',
      'admin_password_hash',
      'admin_account_id',
    ])
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const accountId = await ensureAdminAccount(db, tenant);
  if (accountId) {
    await db
      .insertInto('platform.tenant_member')
      .values({ tenant_id: tenant.id, account_id: accountId, is_admin: true, is_main: true })
      .onConflict((oc) => oc.columns(['tenant_id', 'account_id']).doUpdateSet({ is_admin: true }))
      .execute();
  }
  await createTenantSpace(db, tenant.id);
  if (!accountId) return;
  const account = await db
    .selectFrom('platform.account')
    .select(['id', 'account', 'fullname', 'mobile', 'email'])
    .where('id', '=', accountId)
    .executeTakeFirstOrThrow();
  await db
    .withSchema(tenant.schema_name)
    .insertInto('employee')
    .values({
      id: newId(),
      account_id: account.id,
      account: account.account,
      name: account.fullname,
      mobile: account.mobile,
      email: account.email,
      is_admin: true,
    })
    .onConflict((oc) => oc.column('account').doNothing())
    .execute();
}

/**
 * The registered administrator's account: created once from the registration (the password hash was
 * kept on the tenant row only until now), then remembered on the tenant. Null for tenants made by the
 * super user without an administrator.
 */
async function ensureAdminAccount(
  db: Db,
  tenant: {
    id: string;
    account: string | null;
    contact_name: string | null;
    mobile: string | null;
    email: string | null;
    admin_password_hash: string | null;
    admin_account_id: string | null;
  },
): Promise<string | null> {
  if (tenant.admin_account_id) return tenant.admin_account_id;
  if (!tenant.account || !tenant.admin_password_hash) return null;
  const id = newId();
  try {
    await db.transaction().execute(async (tx) => {
      await tx
        .insertInto('platform.account')
        .values({
          id,
          account: tenant.account!,
          fullname: tenant.contact_name ?? tenant.account!,
          mobile: tenant.mobile,
          email: tenant.email,
          password_hash: tenant.admin_password_hash,
          password_changed_at: new Date(),
        })
        .execute();
      await tx
        .updateTable('platform.tenant')
        .set({ admin_account_id: id, admin_password_hash: null })
        .where('id', '=', tenant.id)
        .execute();
    });
    return id;
  } catch (e) {
    // Someone else took the name between registration and approval (registration refuses names in
    // use, so this is a race): the approval stops here with a clear message, nothing half-written.
    if (isUniqueViolation(e)) throw new AccountClash(tenant.account);
    throw e;
  }
}

export class AccountClash extends Error {
  constructor(readonly account: string) {
    super(`account ${account} is taken`);
  }
}
