/**
 * Bulk inserts for seeding: rows travel as one JSON parameter per chunk and PostgreSQL spreads them with
 * jsonb_populate_recordset — one statement per few thousand rows, the same on PGlite and PostgreSQL.
 * Every column a row leaves out is NULL, so rows carry their own defaults.
 */
import { sql } from 'kysely';
import type { Db } from '../../db/database.ts';

const TABLE = /^[a-z_]+\.[a-z_]+$/;

export async function bulkInsert(
  db: Db,
  table: string,
  rows: Record<string, unknown>[],
  chunk = 2000,
): Promise<void> {
  if (!TABLE.test(table)) throw new Error(`bad table name ${table}`);
  const [schema, name] = table.split('.');
  const target = `"${schema}"."${name}"`;
  for (let i = 0; i < rows.length; i += chunk) {
    const part = rows.slice(i, i + chunk);
    const columns = [...new Set(part.flatMap((r) => Object.keys(r)))];
    const list = columns.map((c) => `"${c}"`).join(', ');
    await sql`insert into ${sql.raw(target)} (${sql.raw(list)})
      select ${sql.raw(list)} from jsonb_populate_recordset(null::${sql.raw(target)}, ${JSON.stringify(part)}::jsonb)`.execute(
      db,
    );
  }
}
