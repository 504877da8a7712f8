/**
 * The tenant's storage quota, read where uploads are taken. The tenant's own figure is set by the tenants
 * area (server/modules/tenants/quotas.ts); without one the installation's default (FILE_TENANT_QUOTA_MB).
 */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';

const MB = 1024 * 1024;

/** The tenant's storage quota in bytes: its own figure, else the installation's default. */
export async function storageQuotaBytes(db: Db, tenantId: string, fallbackBytes: number): Promise<number> {
  const { rows } = await sql<{ max_storage_mb: number | null }>`
    select max_storage_mb from platform.tenant where id = ${tenantId}`.execute(db);
  const mb = rows[0]?.max_storage_mb;
  return mb ? mb * MB : fallbackBytes;
}
