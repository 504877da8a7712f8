/**
 * The filing domain inside a running server: its deadline jobs, and the service context the HTTP layer
 * uses (`server.filing.ctx`). Started after migrations, stopped before the database closes.
 */
import type { OpenDatabase } from '../../db/database.ts';
import { filingContext, type FilingContext, type FilingEvent } from './service/context.ts';
import { filingJobs, type FilingJobs } from './jobs/deadline-jobs.ts';
import type { JobQueue } from '../../jobs/queue.ts';
import type { FileStorage } from '../../files/storage/index.ts';
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
    /** The server's job queue: the deadline jobs run on it. */
    queue: JobQueue;
    pollingIntervalSeconds?: number;
    logger?: { warn(m: string): void; info?(m: string): void };
    /** Bind the workers after returning (npm start: the first page does not wait on them). */
    background?: boolean;
    /** The server's file store: filing documents are its attachments (documents/file-store.ts). */
    storage: FileStorage;
  },
): Promise<FilingRuntime> {
  const jobs = filingJobs(opts.queue, {
    pollingIntervalSeconds: opts.pollingIntervalSeconds,
    logger: opts.logger,
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
    /** The filing service context (server/modules/filing/README.md). */
    filing: FilingContext;
  }
}
