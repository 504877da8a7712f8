/** The current-user info (user/context, fldUser/context, user/switchTenant). */
import { accountById } from '../../auth/accounts.ts';
import { sessionFacts } from '../../auth/permissions.ts';
import type { AuthContext } from '../../auth/session.ts';
import { maskMobile } from '../../auth/tokens.ts';
import type { ServerConfig } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import type { UserContext } from '../../../schemas/generated/operations.ts';
import type { Serialisable } from '../../http/handler.ts';

type EmployeeStatus = NonNullable<NonNullable<UserContext['employee']>['status']>;
const STATUSES: readonly EmployeeStatus[] = [
  'actived',
  'inactive',
  'locked',
  'disabled',
  'expired',
  'deleted',
];

/** A stored status as the entity's enum (the employee table's check constraint allows the same values). */
function statusOf(stored: string): EmployeeStatus {
  const known = STATUSES.find((s) => s === stored);
  if (!known) throw new Error(`employee status ${stored} is not one of the catalogue's`);
  return known;
}

export async function buildUserContext(
  db: Db,
  config: ServerConfig,
  auth: AuthContext,
): Promise<Serialisable<UserContext>> {
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
  const facts = await sessionFacts(db, auth);
  const acting =
    auth.actor && auth.familyId
      ? await db
          .selectFrom('platform.session_family')
          .select('acting_expires_at')
          .where('id', '=', auth.familyId)
          .executeTakeFirst()
      : undefined;
  const tenants = [...memberships, ...others].map((t) => ({ id: t.id, name: t.name }));
  return {
    employee: employee ? { ...employee, status: statusOf(employee.status) } : null,
    user: {
      id: auth.accountId,
      fullname: auth.fullname,
      account: auth.account,
      isSuper: auth.isSuper ? ('Y' as const) : ('N' as const),
    },
    mainTenant: main ? { id: main.id, name: main.name } : null,
    tenants,
    tenantId: auth.tenantId,
    tenantName: tenants.find((t) => t.id === auth.tenantId)?.name ?? null,
    isTenantAdmin: auth.isTenantAdmin,
    switchAccount: auth.actor?.account ?? null,
    regOpen: config.regOpen,
    // Ours, beyond the spec's fields: the masked mobile (change-mobile dialog), whether the password
    // must be changed now (admin reset, restore default, or older than the setting's validDays), the
    // permissions held here (the front end hides what the user may not do) and when acting ends.
    mobile: maskMobile(account?.mobile),
    mustChangePassword: facts.mustChangePassword,
    permissions: [...facts.permissions].sort(),
    actingExpiresAt: acting?.acting_expires_at ? new Date(acting.acting_expires_at).getTime() : null,
  };
}
