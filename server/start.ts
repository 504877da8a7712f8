/** Opens the database, migrates, seeds on first start and builds the app: shared by main and tests. */
import type { FastifyInstance } from 'fastify';
import { buildApp, type BuildOptions } from './app.ts';
import type { ServerConfig } from './config.ts';
import { sql } from 'kysely';
import { openDatabase, type Db, type OpenDatabase } from './db/database.ts';
import { migrateAll } from './modules/spaces.ts';
import { syncBuiltInMenus } from './seed/menu-sync.ts';
import { seedIfEmpty, type SeedResult } from './seed/seed.ts';
import { startFiling, type FilingRuntime } from './modules/filing/runtime.ts';
import { storageFor } from './files/context.ts';
import { filingNoticeListener } from './modules/alerts/filing-notices.ts';
import { startFollowAlerts } from './modules/public/follow/follow-jobs.ts';
import { smsGatewayFor } from './sms/gateway.ts';
import { mailAdapterFor } from './mail/gateway.ts';
import { messageAlertJobs } from './modules/alerts/alert-jobs.ts';
import { startJobQueue } from './jobs/queue.ts';
import { runPublicDatasetJob } from './seed/public-dataset-job.ts';

export interface StartedServer {
  app: FastifyInstance;
  database: OpenDatabase;
  seed: SeedResult;
  /** The filing domain: its service context and deadline jobs. */
  filing: FilingRuntime;
  /** Resolves when the notices of the filing events so far are stored (their SMS / e-mail queued). */
  noticesSettled(): Promise<void>;
  close(): Promise<void>;
}

/** How long after the server starts listening the background jobs start. */
const JOBS_AFTER_LISTEN_MS = 1_000;

/** START_TIMING=1: each start phase's duration on stderr, to see where a cold start goes. */
function startTimer(): Timed {
  if (!process.env.START_TIMING) return (_phase, work) => work;
  return async (phase, work) => {
    const t0 = performance.now();
    const result = await work;
    console.error(`start: ${phase} ${(performance.now() - t0).toFixed(0)} ms`);
    return result;
  };
}

export async function prepareServer(config: ServerConfig, opts: BuildOptions = {}): Promise<StartedServer> {
  const timed = startTimer();
  const database = await timed(
    'open database',
    openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      pgliteTemplate: config.pgliteTemplate,
    }),
  );
  const seed = await timed('prepare data', prepareData(database.db, config, opts, timed));
  // Background jobs (npm start) start once the server listens: loading pg-boss and its first queries
  // would otherwise compete with building the app for the one thread and the one PGlite connection.
  let markListening = () => {};
  const listening = new Promise<void>((resolve) => (markListening = resolve));
  const queue = await timed(
    'job queue',
    startJobQueue(database.db, {
      kind: database.kind,
      databaseUrl: config.databaseUrl,
      workers: opts.filingWorkers ?? process.env.FILING_WORKERS !== 'false',
      background: opts.backgroundJobs,
      startAfter: opts.backgroundJobs ? listening : undefined,
    }),
  );
  const filing = await timed(
    'filing jobs',
    startFiling(database, {
      queue,
      pollingIntervalSeconds: opts.filingPollSeconds,
      background: opts.backgroundJobs,
      storage: storageFor(config),
    }),
  );
  const publicDataset = runPublicDatasetJob(queue, database.db, {
    now: () => filing.ctx.now(),
    pollingIntervalSeconds: opts.filingPollSeconds,
  });
  if (opts.backgroundJobs)
    publicDataset.catch((err: Error) => console.warn(`demo public dataset job: ${err.message}`));
  else await publicDataset;
  const { app } = await timed('build app', buildApp(database.db, config, { ...opts, jobQueue: queue }));
  // A moment after listening: the first pages and sign-ins are served before the queue's own start-up
  // queries (on a fresh data directory, pg-boss creates its schema) take the database for a while.
  app.addHook('onListen', async () => void setTimeout(markListening, JOBS_AFTER_LISTEN_MS).unref());
  app.decorate('filing', filing.ctx);
  // Message alerts (SMS, e-mail) run as jobs on the same queue, outside the send request.
  const mail = mailAdapterFor(config, database.db);
  const alerts = messageAlertJobs(
    filing.jobs,
    {
      db: database.db,
      sms: smsGatewayFor(config, database.db, app.log),
      mail,
      log: app.log,
    },
    { pollingIntervalSeconds: opts.filingPollSeconds, pageSize: opts.alertPageSize },
  );
  // Served documents become messages in the member tenants (after each commit); their SMS and e-mail
  // alerts are queued with the message and sent by the alert jobs.
  const notices = filingNoticeListener({ db: database.db, events: app.events, alerts, log: app.log });
  filing.onEvent(notices.listener);
  // Alerts of followed cases and searches of the public register: a sweep job after each such event.
  filing.onEvent(startFollowAlerts(app, database.db, config, filing.jobs, opts.filingPollSeconds).listener);
  app.decorate('messageAlerts', alerts);
  const alertWorkers = alerts.start();
  if (opts.backgroundJobs)
    alertWorkers.catch((err: Error) => app.log.warn(`message alert jobs: ${err.message}`));
  else await timed('alert jobs', alertWorkers);
  let closing: Promise<void> | undefined;
  return {
    app,
    database,
    seed,
    filing,
    noticesSettled: notices.settled,
    // Idempotent: a test may stop a server and later clean up after it.
    close: () =>
      (closing ??= (async () => {
        await notices.settled();
        await app.close();
        await filing.stop();
        await queue.stop();
        await mail.close?.();
        await database.close();
      })()),
  };
}

type Timed = <T>(phase: string, work: Promise<T>) => Promise<T>;

/**
 * Brings the database to this build: migrations, the built-in menus and, on the first start, the seed.
 * The first start does all of it in one transaction: all or nothing, and one commit. (Instances
 * starting together on one PostgreSQL queue on the lock; the later ones find it done.) Tests also call
 * this alone to make the template databases their servers start from (tests/support/db-templates.ts).
 */
export async function prepareData(
  db: Db,
  config: Pick<ServerConfig, 'adminPassword' | 'seedDemo' | 'seedFilingDemo'>,
  opts: Pick<BuildOptions, 'logger'> = {},
  timed: Timed = (_phase, work) => work,
): Promise<SeedResult> {
  const prepare = async (tx: Db) => {
    await timed('migrations', migrateAll(tx));
    const menus = await timed('built-in menus', syncBuiltInMenus(tx));
    if (menus.edited.length && opts.logger)
      console.log(
        `menu: kept ${menus.edited.length} built-in entries an administrator edited (${menus.edited.join(', ')})`,
      );
    if (menus.granted && opts.logger)
      console.log(`menu: ${menus.granted} role grants added for new rights split out of older ones`);
    return timed(
      'seed',
      seedIfEmpty(tx, {
        adminPassword: config.adminPassword,
        demo: config.seedDemo,
        filingDemo: config.seedFilingDemo,
        demoPassword: process.env.DEMO_PASSWORD || undefined,
      }),
    );
  };
  if (!(await isFirstStart(db))) return prepare(db);
  return db.transaction().execute(async (tx) => {
    await sql`select pg_advisory_xact_lock(hashtext('merger-filing:first-start'))`.execute(tx);
    return prepare(tx);
  });
}

/** No platform schema yet: a fresh data directory or an empty database. */
async function isFirstStart(db: Db): Promise<boolean> {
  const r = await sql<{
    t: string | null;
  }>`select to_regclass('platform.schema_migration')::text as t`.execute(db);
  return !r.rows[0].t;
}
