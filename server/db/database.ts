/**
 * Opens the database: a PostgreSQL server when DATABASE_URL is set, otherwise embedded PGlite in a
 * data directory. Both speak the same SQL, so everything above this file is unaware of which one runs.
 */
import { mkdirSync } from 'node:fs';
import { Kysely, PostgresDialect, sql } from 'kysely';
import type Pg from 'pg';
import { lazyRequire } from '../lazy-require.ts';
import { PGliteDialect } from './pglite-dialect.ts';
import { copyTemplate, templateFor } from './pglite-template.ts';
import type { Database } from './tables.ts';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** postgres://… — when set, a PostgreSQL server is used. */
  databaseUrl?: string;
  /** Directory for embedded PGlite data; 'memory://' keeps it in memory (benchmarks only). */
  dataDir?: string;
  poolSize?: number;
  /** A PGlite data template (pglite-template.ts) that a fresh data directory starts from. */
  pgliteTemplate?: string;
}

export interface OpenDatabase {
  db: Db;
  kind: 'postgres' | 'pglite';
  close(): Promise<void>;
}

/** The PostgreSQL driver, loaded only when a server is used (not on the embedded database). */
export const pgDriver = lazyRequire<typeof Pg>('pg');
let parsersSet = false;

function postgresDriver(): typeof Pg {
  const pg = pgDriver();
  if (!parsersSet) {
    parsersSet = true;
    // Postgres bigint (int8) and numeric come back as strings by default; counts and ids we keep as numbers.
    pg.types.setTypeParser(20, (v) => Number(v));
    // A `date` is a calendar day, not an instant: keep 'YYYY-MM-DD' rather than a Date at local midnight.
    pg.types.setTypeParser(1082, (v) => v);
  }
  return pg;
}

export async function openDatabase(opts: DatabaseOptions): Promise<OpenDatabase> {
  if (opts.databaseUrl) {
    const pool = new (postgresDriver().Pool)({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
    });
    // An idle connection the server ends (restart, admin kill) must not crash the process: the pool
    // drops it and opens a new one on the next query.
    pool.on('error', (err) => console.warn(`database: idle connection closed (${err.message})`));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    await sql`select 1`.execute(db);
    return { db, kind: 'postgres', close: () => db.destroy() };
  }
  const dataDir = opts.dataDir ?? './data';
  if (!dataDir.startsWith('memory://')) mkdirSync(dataDir, { recursive: true });
  const template = templateFor(dataDir, opts.pgliteTemplate);
  if (template) copyTemplate(template, dataDir);
  const { PGlite } = await import('@electric-sql/pglite');
  const client = await PGlite.create(dataDir, {
    parsers: { 20: (v: string) => Number(v), 1082: (v: string) => v },
  });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(client) });
  return { db, kind: 'pglite', close: () => db.destroy() };
}

/**
 * Runs `fn` in a transaction, or inside the one `db` already is (the first start runs migrations, menus
 * and the seed as one transaction: see start.ts).
 */
export function inTransaction<T>(db: Db, fn: (tx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? fn(db) : db.transaction().execute(fn);
}
