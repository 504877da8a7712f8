/**
 * The product's schemas and the migrations of each, gathered from the areas that own the tables: the
 * platform schema, the shared filing schema and every tenant's own space (server/db/tenant-space.ts does
 * the generic work and knows no area).
 */
import type { Db } from '../db/database.ts';
import { migrateSchema } from '../db/migrate.ts';
import { PLATFORM_SCHEMA, createTenantSpace as createSpace } from '../db/tenant-space.ts';
import { FILING_SCHEMA, filingMigrations } from './filing/migrations.ts';
import { platformMigrations } from './migrations/platform.ts';
import { publicMigrations } from './public/migrations.ts';
import { tenantMigrations } from './migrations/tenant.ts';

/** The shared filing schema: the cases, then the public side's tables over them. */
export const FILING_SCHEMA_MIGRATIONS = [...filingMigrations, ...publicMigrations];

/** Builds a new tenant's space: its schema with every tenant migration. */
export function createTenantSpace(db: Db, tenantId: string): Promise<string> {
  return createSpace(db, tenantId, tenantMigrations);
}

/** At start: the platform schema, the shared filing schema, then every tenant space that exists. */
export async function migrateAll(
  db: Db,
): Promise<{ platform: string[]; filing: string[]; tenants: Record<string, string[]> }> {
  const platform = await migrateSchema(db, PLATFORM_SCHEMA, platformMigrations);
  const filing = await migrateSchema(db, FILING_SCHEMA, FILING_SCHEMA_MIGRATIONS);
  const tenants: Record<string, string[]> = {};
  const rows = await db
    .selectFrom('platform.tenant')
    .select(['schema_name'])
    .where('schema_status', '=', 'CREATED')
    .execute();
  for (const r of rows) tenants[r.schema_name] = await migrateSchema(db, r.schema_name, tenantMigrations);
  return { platform, filing, tenants };
}
