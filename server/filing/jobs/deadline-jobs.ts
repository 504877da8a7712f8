/**
 * Deadlines run as PostgreSQL-backed jobs (pg-boss 10, which supports Node 20): they survive restarts and
 * several instances share them. Each clock gets a job at the start of the day after its due date (China
 * time), enqueued in the same transaction that sets the date; a cron sweep every 5 minutes, and one at
 * start, catches anything else (a moved date, a missed job). The clock rows are the truth; the jobs only
 * decide when to look, and looking twice does nothing twice.
 *
 * On embedded PGlite pg-boss runs through the app's own Kysely connection (one connection, serialised
 * by the dialect's mutex); on PostgreSQL it has a small pool of its own.
 */
import type PgBoss from 'pg-boss';
import { CompiledQuery } from 'kysely';
import type { Db } from '../../db/database.ts';
import { addDays, chinaDate, chinaMidnight, type PlainDate } from '../dates.ts';
import { isPublicDatasetPending, seedPendingPublicDataset } from '../../seed/filing/public.ts';
import type { DeadlineScheduler, FilingContext } from '../service/context.ts';
import { processClock, processDueClocks } from '../service/deadlines.ts';

export const DEADLINE_QUEUE = 'filing-deadline';
export const SWEEP_QUEUE = 'filing-sweep';
export const SWEEP_CRON = '*/5 * * * *';
/** First start: the demo's public dataset is added here rather than before the server answers. */
export const SEED_PUBLIC_QUEUE = 'filing-seed-public';
export const JOB_SCHEMA = 'pgboss';

interface Logger {
  warn(msg: string): void;
  info?(msg: string): void;
}

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

export interface FilingJobsOptions {
  kind: 'postgres' | 'pglite';
  databaseUrl?: string;
  /** Run the workers (false: only enqueue, e.g. a second process or a test of persistence). */
  workers: boolean;
  pollingIntervalSeconds?: number;
  logger?: Logger;
  /** Start the job queue in the background instead of before returning (the server's start). */
  background?: boolean;
  /**
   * In the background: start once this settles (the server listening), so loading pg-boss and its
   * first queries do not compete with the server's start.
   */
  startAfter?: Promise<unknown>;
}

export interface FilingJobs {
  scheduler: DeadlineScheduler;
  /** Whether this process runs workers (other job kinds, e.g. message alerts, follow it). */
  readonly workers: boolean;
  /** The started job queue, shared with other job kinds (server/alerts/alert-jobs.ts). */
  boss(): Promise<PgBoss>;
  /** Binds the context the workers run with (created after the scheduler it contains). */
  run(ctx: FilingContext): Promise<void>;
  stop(): Promise<void>;
}

export async function startFilingJobs(db: Db, opts: FilingJobsOptions): Promise<FilingJobs> {
  const logger = opts.logger ?? { warn: (m: string) => console.warn(m) };
  const base = {
    schema: JOB_SCHEMA,
    supervise: opts.workers,
    schedule: opts.workers,
    migrate: true,
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
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
    boss.on('error', (err: Error) => logger.warn(`filing jobs: ${err.message}`));
    await boss.start();
    for (const name of [DEADLINE_QUEUE, SWEEP_QUEUE, SEED_PUBLIC_QUEUE]) {
      if (!(await boss.getQueue(name)))
        await boss.createQueue(name, { name, retryLimit: 5, retryDelay: 30, retryBackoff: true });
    }
    return boss;
  })();
  // In the background (opts.background): the server answers meanwhile; whatever schedules waits.
  if (!opts.background) await started;
  else started.catch((err: Error) => stopped || logger.warn(`filing jobs did not start: ${err.message}`));

  const scheduler: DeadlineScheduler = {
    async scheduleClock(trx: Db, clockId: string, dueOn: PlainDate) {
      const boss = await started;
      await boss.send(
        DEADLINE_QUEUE,
        { clockId, dueOn },
        {
          // The period ends at 24:00 of its last day (民法典 art 203): look at 00:00 China time after it.
          startAfter: chinaMidnight(addDays(dueOn, 1)),
          singletonKey: `${clockId}:${dueOn}`,
          db: kyselyExecutor(trx, false),
        },
      );
    },
  };

  return {
    scheduler,
    workers: opts.workers,
    boss: () => started,
    async run(ctx: FilingContext) {
      const boss = await started;
      if (!opts.workers) return;
      const polling = { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 };
      await boss.work<{ clockId: string }>(DEADLINE_QUEUE, polling, async (jobs) => {
        for (const job of jobs) await processClock(ctx, job.data.clockId);
      });
      await boss.work(SWEEP_QUEUE, polling, async () => {
        const done = await processDueClocks(ctx);
        if (done.length)
          logger.info?.(`filing deadlines: ${done.map((d) => `${d.kind}:${d.outcome}`).join(', ')}`);
      });
      await boss.work(SEED_PUBLIC_QUEUE, polling, async () => {
        const t0 = performance.now();
        const done = await seedPendingPublicDataset(db, chinaDate(ctx.now()));
        if (done)
          logger.info?.(
            `filing demo: public dataset added (${done.clearances} clearances in ${done.batches} batches, ${done.notices} notices, ${done.decisions} decisions) in ${Math.round(performance.now() - t0)} ms`,
          );
      });
      if (await isPublicDatasetPending(db))
        await boss.send(SEED_PUBLIC_QUEUE, {}, { singletonKey: 'first-start' });
      await boss.schedule(SWEEP_QUEUE, SWEEP_CRON, {}, { tz: 'Asia/Shanghai' });
      // Catch up at start with whatever fell due while no instance was running.
      await boss.send(SWEEP_QUEUE, {}, { singletonKey: 'startup', singletonSeconds: 30 });
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      cancelStart();
      const boss = await started.catch(() => undefined);
      await boss?.stop({ graceful: true, wait: true, timeout: 5000, close: true });
    },
  };
}
