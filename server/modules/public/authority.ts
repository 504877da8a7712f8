/**
 * news:manage and clue:triage count only in the authority's tenant (like review:*): every tenant admin
 * holds every tenant permission of their own tenant, so an enterprise's admin must not publish the
 * authority's news or read reports about other undertakings.
 */
import type { Db } from '../../db/database.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import type { AuthContext } from '../../auth/auth-context.ts';

export async function requireAuthority(db: Db, auth: AuthContext | null, permission: string): Promise<void> {
  const tenantId = auth?.tenantId;
  const tenant = tenantId
    ? await db.selectFrom('platform.tenant').select('kind').where('id', '=', tenantId).executeTakeFirst()
    : undefined;
  if (tenant?.kind !== 'authority')
    throw new ApiError(Code.NO_PERMISSION, 'permission.denied', { permission });
}

/** The authority's tenant (the oldest, should there be several), whose space keeps public attachments. */
export async function authorityTenantId(db: Db): Promise<string | null> {
  const row = await db
    .selectFrom('platform.tenant')
    .select('id')
    .where('kind', '=', 'authority')
    .orderBy('created_at')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}
