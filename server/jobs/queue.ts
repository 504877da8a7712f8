/**
 * The server's job queue: PostgreSQL-backed jobs (pg-boss 10, which supports Node 20) that survive restarts
 * and that several instances share. Each area declares its own queues and workers on it (the filing
 * deadlines, message alerts, the demo's first-start data); this file knows none of them.
 *
 * On embedded PGlite pg-boss runs through the app's own Kysely connection (one connection, serialised
 * by the dialect's mutex); on PostgreSQL it has a small pool of its own.
 */
import type PgBoss from 'pg-boss';
import { CompiledQuery } from 'kysely';
import type { Db } from '../db/database.ts';

export const JOB_SCHEMA = 'pgboss';

export interface JobLogger {
  warn(msg: string): void;
  info?(msg: string): void;
}

/** Retries of every queue: five, thirty seconds apart and backing off. */
const RETRIES = { retryLimit: 5, retryDelay: 30, retryBackoff: true };

/** pg-boss's database interface over a Kysely executor (the app's connection or a transaction). */
export function kyselyExecutor(db: Db, holdForRollback: boolean): PgBoss.Db {
  return {
    executeSql: async (text: string, values: unknown[] = []) => {
      if (!holdForRollback)
        return { rows: (await db.executeQuery(CompiledQuery.raw(text, values))).rows as unknown[] };
      // One connection: a failed multi-statement block must not leave it inside an aborted transaction.
      return db.connection().execute(async (conn) => {
        try {
          return { rows: (await conn.executeQuery(CompiledQuery.raw(text, values))).rows as unknown[] };
        } catch (err) {
          if (values.length === 0) await conn.executeQuery(CompiledQuery.raw('rollback')).catch(() => {});
          throw err;
        }
      });
    },
  } as PgBoss.Db;
}

export interface JobQueueOptions {
  kind: 'postgres' | 'pglite';
  databaseUrl?: string;
  /** Run the workers (false: only enqueue, e.g. a second process or a test of persistence). */
  workers: boolean;
  logger?: JobLogger;
  /** Start the job queue in the background instead of before returning (the server's start). */
  background?: boolean;
  /**
   * In the background: start once this settles (the server listening), so loading pg-boss and its
   * first queries do not compete with the server's start.
   */
  startAfter?: Promise<unknown>;
}

export interface JobQueue {
  /** Whether this process runs workers (each area's job kinds follow it). */
  readonly workers: boolean;
  /** The started queue (rejects when it was stopped before it started). */
  boss(): Promise<PgBoss>;
  /** The started queue with these queues created (with the default retries) where missing. */
  queues(...names: string[]): Promise<PgBoss>;
  stop(): Promise<void>;
  /** Where the queue is: starting (maybe in the background), running, stopped, or failed to start. */
  state(): 'starting' | 'running' | 'stopped' | 'failed';
}

export async function startJobQueue(db: Db, opts: JobQueueOptions): Promise<JobQueue> {
  const logger = opts.logger ?? { warn: (m: string) => console.warn(m) };
  const base = {
    schema: JOB_SCHEMA,
    supervise: opts.workers,
    schedule: opts.workers,
    migrate: true,
    ...RETRIES,
  };
  // pg-boss (and pg with it) is loaded here, inside what may run in the background: not before the
  // server's first answer.
  // stop() before the queue has started: it never starts.
  let stopped = false;
  let cancelStart = () => {};
  const mayStart = opts.startAfter
    ? Promise.race([opts.startAfter, new Promise<void>((resolve) => (cancelStart = resolve))])
    : undefined;
  const started = (async () => {
    if (mayStart) await mayStart;
    if (stopped) throw new Error('stopped before it started');
    const { default: Boss } = await import('pg-boss');
    const boss =
      opts.kind === 'postgres'
        ? new Boss({
            ...base,
            connectionString: opts.databaseUrl,
            max: 3,
            application_name: 'merger-filing-jobs',
          })
        : new Boss({ ...base, db: kyselyExecutor(db, true) });
    boss.on('error', (err: Error) => logger.warn(`jobs: ${err.message}`));
    await boss.start();
    return boss;
  })();
  // In the background (opts.background): the server answers meanwhile; whatever schedules waits.
  if (!opts.background) await started;
  else started.catch((err: Error) => stopped || logger.warn(`jobs did not start: ${err.message}`));

  // Each queue is looked up (and made when missing) once per process, one at a time: pg-boss makes a
  // queue's table and partition under locks, and two made at once on PostgreSQL deadlock each other.
  const created = new Map<string, Promise<void>>();
  let making: Promise<unknown> = Promise.resolve();
  const create = (boss: PgBoss, name: string) => {
    const made = making.then(async () => {
      if (!(await boss.getQueue(name))) await boss.createQueue(name, { name, ...RETRIES });
    });
    making = made.catch(() => {});
    created.set(name, made);
    made.catch(() => created.delete(name));
    return made;
  };

  let state: 'starting' | 'running' | 'stopped' | 'failed' = 'starting';
  started.then(
    () => state === 'starting' && (state = 'running'),
    () => state === 'starting' && (state = stopped ? 'stopped' : 'failed'),
  );
  return {
    workers: opts.workers,
    boss: () => started,
    state: () => state,
    async queues(...names: string[]) {
      const boss = await started;
      for (const name of names) await (created.get(name) ?? create(boss, name));
      return boss;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      state = 'stopped';
      cancelStart();
      const boss = await started.catch(() => undefined);
      await boss?.stop({ graceful: true, wait: true, timeout: 5000, close: true });
    },
  };
}
