/**
 * A tenant's "space" is its own PostgreSQL schema built from the tenant template. The lists of migrations
 * belong to the areas that own the tables; server/modules/spaces.ts passes them in (the database layer
 * knows no area).
 */
import { sql } from 'kysely';
import type { Db } from './database.ts';
import { migrateSchema, quoteIdent, assertSchemaName } from './migrate.ts';
import type { Migration } from './migrate.ts';

export const PLATFORM_SCHEMA = 'platform';

/** Schema name for a tenant code: lower-case, safe, prefixed so it never collides with ours. */
export function tenantSchemaName(code: string): string {
  return assertSchemaName(`t_${code.toLowerCase().replace(/[^a-z0-9_]/g, '_')}`.slice(0, 63));
}

export async function createTenantSpace(
  db: Db,
  tenantId: string,
  tenantMigrations: Migration[],
): Promise<string> {
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
