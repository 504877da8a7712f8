/**
 * Deadlines run as jobs on the server's queue (server/jobs/queue.ts). Each clock gets a job at the start
 * of the day after its due date (China time), enqueued in the same transaction that sets the date; a cron
 * sweep every 5 minutes, and one at start, catches anything else (a moved date, a missed job). The clock
 * rows are the truth; the jobs only decide when to look, and looking twice does nothing twice.
 */
import type { Db } from '../../../db/database.ts';
import { kyselyExecutor, type JobLogger, type JobQueue } from '../../../jobs/queue.ts';
import { addDays, chinaMidnight, type PlainDate } from '../dates.ts';
import type { DeadlineScheduler, FilingContext } from '../service/context.ts';
import { processClock, processDueClocks } from '../service/deadlines.ts';

export const DEADLINE_QUEUE = 'filing-deadline';
export const SWEEP_QUEUE = 'filing-sweep';
export const SWEEP_CRON = '*/5 * * * *';

export interface FilingJobs extends JobQueue {
  scheduler: DeadlineScheduler;
  /** Binds the context the workers run with (created after the scheduler it contains). */
  run(ctx: FilingContext): Promise<void>;
}

export function filingJobs(
  queue: JobQueue,
  opts: { pollingIntervalSeconds?: number; logger?: JobLogger } = {},
): FilingJobs {
  const logger = opts.logger ?? { warn: (m: string) => console.warn(m) };
  const ready = () => queue.queues(DEADLINE_QUEUE, SWEEP_QUEUE);
  const scheduler: DeadlineScheduler = {
    async scheduleClock(trx: Db, clockId: string, dueOn: PlainDate) {
      const boss = await ready();
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
    ...queue,
    scheduler,
    async run(ctx: FilingContext) {
      const boss = await ready();
      if (!queue.workers) return;
      const polling = { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 2 };
      await boss.work<{ clockId: string }>(DEADLINE_QUEUE, polling, async (jobs) => {
        for (const job of jobs) await processClock(ctx, job.data.clockId);
      });
      await boss.work(SWEEP_QUEUE, polling, async () => {
        const done = await processDueClocks(ctx);
        if (done.length)
          logger.info?.(`filing deadlines: ${done.map((d) => `${d.kind}:${d.outcome}`).join(', ')}`);
      });
      await boss.schedule(SWEEP_QUEUE, SWEEP_CRON, {}, { tz: 'Asia/Shanghai' });
      // Catch up at start with whatever fell due while no instance was running.
      await boss.send(SWEEP_QUEUE, {}, { singletonKey: 'startup', singletonSeconds: 30 });
    },
  };
}
