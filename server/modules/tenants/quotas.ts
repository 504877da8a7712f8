/**
 * Per-tenant quotas: how many member accounts a tenant may hold and how much attachment storage it may
 * use. A tenant without its own figure has no account limit and the installation's storage quota
 * (FILE_TENANT_QUOTA_MB). Adding members locks the tenant row first, so two requests adding the last
 * free places at once cannot both pass.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import './tables.ts';

/**
 * Refuses (changing nothing) when `accountIds` would take the tenant past its account quota. Accounts
 * already members do not count again. Call inside the transaction that adds them.
 */
export async function assertRoomForMembers(tx: Db, tenantId: string, accountIds: string[]): Promise<void> {
  const tenant = await sql<{ max_accounts: number | null; name: string }>`
    select max_accounts, name from platform.tenant where id = ${tenantId} for update`.execute(tx);
  const max = tenant.rows[0]?.max_accounts;
  if (!max || accountIds.length === 0) return;
  const row = await tx
    .selectFrom('platform.tenant_member')
    .select([
      (e) => e.fn.countAll<number>().as('members'),
      (e) => e.fn.count<number>('account_id').filterWhere('account_id', 'in', accountIds).as('already'),
    ])
    .where('tenant_id', '=', tenantId)
    .executeTakeFirstOrThrow();
  const adding = new Set(accountIds).size - Number(row.already);
  if (adding > 0 && Number(row.members) + adding > max)
    throw new ApiError(Code.ILLEGAL_REQUEST, 'tenant.quota.accounts', {
      name: tenant.rows[0].name,
      max,
      members: Number(row.members),
    });
}
