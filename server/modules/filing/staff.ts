/**
 * The authority's staff a case can be assigned to (主办人): the active employees with an account in the
 * caller's authority tenant. The assignment itself checks again that the account is authority staff.
 */
import { sql } from 'kysely';
import { requirePermission } from './actor.ts';
import { authOf, type HandlerContext } from '../../http/handler.ts';
import { actorOf } from './actor-of.ts';

export async function authorityStaff(ctx: HandlerContext) {
  const actor = await actorOf(ctx);
  requirePermission(actor, 'review:assign');
  const schema = authOf(ctx).tenantSchema!;
  const t = (table: string) => sql.id(schema, table);
  const rows = await sql<{ account_id: string; name: string; org_name: string | null }>`
    select e.account_id, e.name, o.name as org_name
      from ${t('employee')} e
      left join ${t('org')} o on o.id = e.org_id
     where e.status = 'actived' and e.account_id is not null
     order by o.name nulls last, e.name`.execute(ctx.db);
  return {
    rows: rows.rows.map((r) => ({ accountId: r.account_id, name: r.name, orgName: r.org_name })),
  };
}
