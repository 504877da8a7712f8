/**
 * The filing domain inside a running server: the job system, and the service context the HTTP layer
 * uses (`server.filing.ctx`). Started after migrations, stopped before the database closes.
 */
import type { OpenDatabase } from '../db/database.ts';
import { filingContext, type FilingContext, type FilingEvent } from './service/context.ts';
import { startFilingJobs, type FilingJobs } from './jobs/deadline-jobs.ts';
import type { FileStorage } from '../files/storage/index.ts';
import { FileStoreDocuments } from './documents/file-store.ts';

export interface FilingRuntime {
  ctx: FilingContext;
  jobs: FilingJobs;
  /** Listeners for domain events (alerts, the event bus); called after each commit. */
  onEvent(listener: (e: FilingEvent) => void): void;
  stop(): Promise<void>;
}

export async function startFiling(
  database: OpenDatabase,
  opts: {
    databaseUrl?: string;
    workers?: boolean;
    pollingIntervalSeconds?: number;
    logger?: { warn(m: string): void; info?(m: string): void };
    /** Start the deadline jobs after returning (npm start: the first page does not wait on them). */
    background?: boolean;
    /** In the background: start the jobs once this settles (the server listening). */
    startAfter?: Promise<unknown>;
    /** The server's file store: filing documents are its attachments (documents/file-store.ts). */
    storage: FileStorage;
  },
): Promise<FilingRuntime> {
  const jobs = await startFilingJobs(database.db, {
    kind: database.kind,
    databaseUrl: opts.databaseUrl,
    workers: opts.workers ?? process.env.FILING_WORKERS !== 'false',
    pollingIntervalSeconds: opts.pollingIntervalSeconds,
    logger: opts.logger,
    background: opts.background,
    startAfter: opts.startAfter,
  });
  const listeners: ((e: FilingEvent) => void)[] = [];
  const ctx = filingContext(database.db, {
    store: new FileStoreDocuments(database.db, opts.storage),
    scheduler: jobs.scheduler,
    emit: (events) => {
      for (const e of events) for (const l of listeners) l(e);
    },
  });
  const running = jobs.run(ctx);
  if (opts.background)
    running.catch((err: Error) => (opts.logger ?? console).warn(`filing jobs: ${err.message}`));
  else await running;
  return { ctx, jobs, onEvent: (l) => void listeners.push(l), stop: () => jobs.stop() };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The filing service context (server/filing/README.md). */
    filing: FilingContext;
  }
}
