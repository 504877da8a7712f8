/**
 * Applies migrations to one schema, each exactly once, recorded in <schema>.schema_migration.
 * A transaction-scoped advisory lock per schema lets several server instances start together safely.
 */
import { sql } from 'kysely';
import { inTransaction, type Db } from './database.ts';

export interface Migration {
  name: string;
  /** SQL for the given (already quoted) schema identifier. */
  sql: (schema: string) => string;
}

const SCHEMA_NAME = /^[a-z][a-z0-9_]{0,62}$/;

export function assertSchemaName(name: string): string {
  if (!SCHEMA_NAME.test(name)) throw new Error(`invalid schema name: ${name}`);
  return name;
}

export function quoteIdent(name: string): string {
  return `"${assertSchemaName(name)}"`;
}

/** Returns the names of the migrations it applied. */
export async function migrateSchema(db: Db, schema: string, migrations: Migration[]): Promise<string[]> {
  const q = quoteIdent(schema);
  const table = `${schema}.schema_migration`;
  const exists = await sql<{ t: string | null }>`select to_regclass(${table})::text as t`.execute(db);
  if (!exists.rows[0].t) {
    await sql.raw(`create schema if not exists ${q}`).execute(db);
    await sql
      .raw(
        `create table if not exists ${q}.schema_migration (name text primary key, applied_at timestamptz not null default now())`,
      )
      .execute(db);
  }
  // One read of what is applied; only a missing migration takes the lock (another instance may be
  // applying it right now, so it is checked again under the lock).
  const seen = new Set(
    (await sql<{ name: string }>`select name from ${sql.raw(q)}.schema_migration`.execute(db)).rows.map(
      (r) => r.name,
    ),
  );
  const applied: string[] = [];
  for (const m of migrations) {
    if (seen.has(m.name)) continue;
    const done = await inTransaction(db, async (tx) => {
      await sql`select pg_advisory_xact_lock(hashtext(${'migrate:' + schema}))`.execute(tx);
      const again = await sql<{
        n: number;
      }>`select count(*)::int as n from ${sql.raw(q)}.schema_migration where name = ${m.name}`.execute(tx);
      if (again.rows[0].n > 0) return false;
      await sql.raw(m.sql(q)).execute(tx);
      await sql`insert into ${sql.raw(q)}.schema_migration (name) values (${m.name})`.execute(tx);
      return true;
    });
    if (done) applied.push(m.name);
  }
  return applied;
}
