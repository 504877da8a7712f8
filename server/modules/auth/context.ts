/** The current-user info (user/context, fldUser/context, user/switchTenant). */
import { accountById } from '../../auth/accounts.ts';
import { settingFor } from '../../auth/security-settings.ts';
import type { AuthContext } from '../../auth/session.ts';
import { maskMobile } from '../../auth/tokens.ts';
import type { ServerConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';

export async function buildUserContext(
  db: Db,
  config: ServerConfig,
  auth: AuthContext,
): Promise<Record<string, unknown>> {
  const memberships = await db
    .selectFrom('platform.tenant_member as m')
    .innerJoin('platform.tenant as t', 't.id', 'm.tenant_id')
    .select(['t.id', 't.name', 'm.is_main'])
    .where('m.account_id', '=', auth.accountId)
    .where('t.status', '=', 'ENABLED')
    .where('t.schema_status', '=', 'CREATED')
    .orderBy('m.is_main', 'desc')
    .orderBy('t.name')
    .execute();
  // The super user may switch to any tenant with a space.
  const others = auth.isSuper
    ? await db
        .selectFrom('platform.tenant')
        .select(['id', 'name'])
        .where('status', '=', 'ENABLED')
        .where('schema_status', '=', 'CREATED')
        .where('id', 'not in', memberships.length ? memberships.map((m) => m.id) : [''])
        .orderBy('name')
        .execute()
    : [];
  const main = memberships.find((t) => t.is_main) ?? memberships[0] ?? null;
  const employee = auth.tenantSchema
    ? await db
        .withSchema(auth.tenantSchema)
        .selectFrom('employee')
        .select(['id', 'photo', 'name', 'status'])
        .where('account', '=', auth.account)
        .executeTakeFirst()
    : undefined;
  const account = await accountById(db, auth.accountId);
  const setting = await settingFor(db, auth.accountId);
  const changedAt = account?.password_changed_at ? new Date(account.password_changed_at).getTime() : 0;
  const expired =
    setting.validDays > 0 && changedAt > 0 && Date.now() - changedAt > setting.validDays * 86_400_000;
  const tenants = [...memberships, ...others].map((t) => ({ id: t.id, name: t.name }));
  return {
    employee: employee ?? null,
    user: {
      id: auth.accountId,
      fullname: auth.fullname,
      account: auth.account,
      isSuper: auth.isSuper ? 'Y' : 'N',
    },
    mainTenant: main ? { id: main.id, name: main.name } : null,
    tenants,
    tenantId: auth.tenantId,
    tenantName: tenants.find((t) => t.id === auth.tenantId)?.name ?? null,
    isTenantAdmin: auth.isTenantAdmin,
    switchAccount: auth.actor?.account ?? null,
    regOpen: config.regOpen,
    // Ours, beyond the spec's fields: the masked mobile (change-mobile dialog) and whether the password
    // must be changed now (admin reset, restore default, or older than the setting's validDays).
    mobile: maskMobile(account?.mobile),
    mustChangePassword: Boolean(account?.must_change_password) || expired,
  };
}
