/**
 * A Kysely dialect over embedded PGlite. PGlite is a single connection, so the driver hands out one
 * connection at a time (a small FIFO mutex); transactions then run on that one connection.
 * Written here because the published kysely-pglite packages either pin older PGlite majors or pull
 * in a whole CLI toolchain.
 */
import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

class Mutex {
  private tail: Promise<void> = Promise.resolve();
  lock(): Promise<() => void> {
    let release!: () => void;
    const next = new Promise<void>((r) => (release = r));
    const ready = this.tail.then(() => release);
    this.tail = this.tail.then(() => next);
    return ready;
  }
}

function flattenResults<R>(results: { rows: unknown[]; affectedRows?: number }[]): {
  rows: R[];
  affectedRows?: number;
} {
  if (results.length <= 1) return (results[0] as { rows: R[]; affectedRows?: number }) ?? { rows: [] };
  return { rows: results.flatMap((r) => r.rows) as R[], affectedRows: results.at(-1)?.affectedRows };
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly pg: PGlite) {}
  async executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    // Parameterless SQL (migrations, job-queue blocks) may hold several statements: only the simple
    // protocol takes those. Rows of every statement are kept, in order (a RETURNING before a COMMIT).
    const res =
      compiled.parameters.length === 0
        ? flattenResults<R>(await this.pg.exec(compiled.sql))
        : await this.pg.query<R>(compiled.sql, [...compiled.parameters]);
    const affected = res.affectedRows;
    return {
      rows: res.rows as R[],
      ...(affected !== undefined ? { numAffectedRows: BigInt(affected) } : {}),
    };
  }
  // eslint-disable-next-line require-yield
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('PGlite does not stream query results');
  }
}

class PGliteDriver implements Driver {
  private readonly mutex = new Mutex();
  private readonly releases = new WeakMap<DatabaseConnection, () => void>();
  private readonly conn: PGliteConnection;
  constructor(private readonly pg: PGlite) {
    this.conn = new PGliteConnection(pg);
  }
  async init(): Promise<void> {
    await this.pg.waitReady;
  }
  async acquireConnection(): Promise<DatabaseConnection> {
    const release = await this.mutex.lock();
    // Each acquisition gets its own wrapper object so release maps stay one-to-one.
    const conn = Object.create(this.conn) as PGliteConnection;
    this.releases.set(conn, release);
    return conn;
  }
  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const iso = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await conn.executeQuery(CompiledQuery.raw(`begin${iso}`));
  }
  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  async releaseConnection(conn: DatabaseConnection): Promise<void> {
    this.releases.get(conn)?.();
    this.releases.delete(conn);
  }
  async destroy(): Promise<void> {
    await this.pg.close();
  }
}

export class PGliteDialect implements Dialect {
  constructor(private readonly pg: PGlite) {}
  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pg);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
}
