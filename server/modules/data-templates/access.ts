/**
 * Who reaches a template's rows: the template's own grants. A template names the tenant's roles that
 * may read its rows and those that may write them (writing includes reading); a session holds a grant
 * when its employee holds one of those roles, enabled, directly or through its organisations and
 * positions (as menu rights are granted, server/auth/permissions.ts). The tenant's administrator and the
 * super user reach every template of the tenant. The catalogue's own check (member) only asks for a
 * tenant; this is the object check of the operation.
 */
import { sql, type Kysely } from 'kysely';
import type { AuthContext } from '../../auth/session.ts';
import type { Database } from '../../db/tables.ts';
import type { DataTemplate } from './definition.ts';

export async function holdsTemplate(
  db: Kysely<Database>,
  auth: AuthContext,
  template: Pick<DataTemplate, 'readRoles' | 'writeRoles'>,
  write: boolean,
): Promise<boolean> {
  if (auth.isSuper || auth.isTenantAdmin) return true;
  if (!auth.tenantSchema) return false;
  const roles = write ? template.writeRoles : [...template.readRoles, ...template.writeRoles];
  if (roles.length === 0) return false;
  const t = (table: string) => sql.id(auth.tenantSchema!, table);
  const found = await sql<{ one: number }>`
    with me as (
      select id from ${t('employee')} where account_id = ${auth.accountId} and status = 'actived'
    )
    select 1 as one
      from ${t('role_grant')} g
      join ${t('role')} r on r.id = g.role_id and r.enabled
      cross join me
     where g.role_id in (${sql.join(roles)})
       and ((g.party_type = 'employee' and g.party_id = me.id)
         or (g.party_type = 'org' and g.party_id in
               (select eo.org_id from ${t('employee_org')} eo where eo.employee_id = me.id))
         or (g.party_type = 'position' and g.party_id in
               (select ep.position_id from ${t('employee_position')} ep where ep.employee_id = me.id)))
     limit 1
  `.execute(db);
  return found.rows.length > 0;
}
