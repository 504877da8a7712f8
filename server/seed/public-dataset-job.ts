/**
 * First start of the demo: its public dataset (thousands of published clearances) is added by a job on
 * the server's queue rather than before the server answers.
 */
import type { Db } from '../db/database.ts';
import type { JobLogger, JobQueue } from '../jobs/queue.ts';
import { chinaDate } from '../modules/filing/dates.ts';
import { isPublicDatasetPending, seedPendingPublicDataset } from './filing/public.ts';

export const SEED_PUBLIC_QUEUE = 'filing-seed-public';

export async function runPublicDatasetJob(
  queue: JobQueue,
  db: Db,
  opts: { now: () => Date; pollingIntervalSeconds?: number; logger?: JobLogger },
): Promise<void> {
  if (!queue.workers) return;
  const boss = await queue.queues(SEED_PUBLIC_QUEUE);
  await boss.work(
    SEED_PUBLIC_QUEUE,
    { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 },
    async () => {
      const t0 = performance.now();
      const done = await seedPendingPublicDataset(db, chinaDate(opts.now()));
      if (done)
        opts.logger?.info?.(
          `filing demo: public dataset added (${done.clearances} clearances in ${done.batches} batches, ${done.notices} notices, ${done.decisions} decisions) in ${Math.round(performance.now() - t0)} ms`,
        );
    },
  );
  if (await isPublicDatasetPending(db))
    await boss.send(SEED_PUBLIC_QUEUE, {}, { singletonKey: 'first-start' });
}
