/**
 * A tenant's "space" is its own PostgreSQL schema built from the tenant template.
 */
import { sql } from 'kysely';
import type { Db } from './database.ts';
import { migrateSchema, quoteIdent, assertSchemaName } from './migrate.ts';
import { tenantMigrations } from './migrations/tenant.ts';
import { platformMigrations } from './migrations/platform.ts';
import { FILING_SCHEMA, filingMigrations } from '../filing/migrations.ts';

export const PLATFORM_SCHEMA = 'platform';

/** Schema name for a tenant code: lower-case, safe, prefixed so it never collides with ours. */
export function tenantSchemaName(code: string): string {
  return assertSchemaName(`t_${code.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`.slice(0, 63));
}

export async function createTenantSpace(db: Db, tenantId: string): Promise<string> {
  const t = await db
    .selectFrom('platform.tenant')
    .select(['schema_name'])
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow();
  await migrateSchema(db, t.schema_name, tenantMigrations);
  await db
    .updateTable('platform.tenant')
    .set({ schema_status: 'CREATED' })
    .where('id', '=', tenantId)
    .execute();
  return t.schema_name;
}

export async function dropTenantSpace(db: Db, tenantId: string): Promise<void> {
  const t = await db
    .selectFrom('platform.tenant')
    .select(['schema_name'])
    .where('id', '=', tenantId)
    .executeTakeFirstOrThrow();
  await sql.raw(`drop schema if exists ${quoteIdent(t.schema_name)} cascade`).execute(db);
  await db
    .updateTable('platform.tenant')
    .set({ schema_status: 'DROPPED' })
    .where('id', '=', tenantId)
    .execute();
}

/** At start: the platform schema, the shared filing schema, then every tenant space that exists. */
export async function migrateAll(
  db: Db,
): Promise<{ platform: string[]; filing: string[]; tenants: Record<string, string[]> }> {
  const platform = await migrateSchema(db, PLATFORM_SCHEMA, platformMigrations);
  const filing = await migrateSchema(db, FILING_SCHEMA, filingMigrations);
  const tenants: Record<string, string[]> = {};
  const rows = await db
    .selectFrom('platform.tenant')
    .select(['schema_name'])
    .where('schema_status', '=', 'CREATED')
    .execute();
  for (const r of rows) tenants[r.schema_name] = await migrateSchema(db, r.schema_name, tenantMigrations);
  return { platform, filing, tenants };
}
