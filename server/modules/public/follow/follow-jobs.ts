/**
 * Following inside a running server: the alert sweep (sweep.ts) as a job on the server's queue
 * (server/jobs/queue.ts), queued after every filing event that may change what the register shows and
 * every SWEEP_CRON as a safety net (publishing a clearance batch or a decision announces no event yet);
 * the daily clean-up of unconfirmed requests; and the one-click unsubscribe body of RFC 8058.
 *
 * Events arrive after the filing transaction commits. Sweeps queued within SWEEP_SLOT_SECONDS are one
 * job (pg-boss singleton slot; one queued while a sweep runs goes to the next slot), so a burst of
 * transitions costs one sweep, and none is lost. The sweep itself never mails a change twice.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { errorCodes } from 'fastify';
import { SERVICE_PREFIX } from '../../../../schemas/catalogue-types.ts';
import type { ServerConfig } from '../../../config.ts';
import type { Db } from '../../../db/database.ts';
import type { JobQueue } from '../../../jobs/queue.ts';
import type { FilingEvent } from '../../filing/service/context.ts';
import { pruneSubscriptions } from './subscriptions.ts';
import { sweepFollows } from './sweep.ts';

export const FOLLOW_SWEEP_QUEUE = 'public-follow-sweep';
export const FOLLOW_PRUNE_QUEUE = 'public-follow-prune';
export const SWEEP_CRON = '*/2 * * * *';
export const PRUNE_CRON = '17 3 * * *';
export const SWEEP_SLOT_SECONDS = 5;

/** The path of the unsubscribe call (schemas/api/public-follow.yaml), which takes RFC 8058's POST. */
const UNSUBSCRIBE_PATH = '/publicity/follow/unsubscribe';
/** RFC 8058: the body a mail program POSTs for one-click unsubscription. */
const ONE_CLICK = 'List-Unsubscribe=One-Click';

/**
 * Mail programs unsubscribe with a form POST (`List-Unsubscribe=One-Click`, RFC 8058 §3.1) to the
 * address of the List-Unsubscribe header, which carries the token. That body is taken on the
 * unsubscribe route only (as an empty body: the token is in the address); every other route still
 * refuses form bodies as unsupported.
 */
function acceptOneClick(app: FastifyInstance, apiBase: string): void {
  const routes = new Set([
    `${apiBase}${UNSUBSCRIBE_PATH}`,
    `${apiBase}${SERVICE_PREFIX.business}${UNSUBSCRIBE_PATH}`,
  ]);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 },
    (req: FastifyRequest, body: string | Buffer, done: (err: Error | null, body?: unknown) => void) => {
      if (!routes.has(req.routeOptions.url ?? '') || String(body).trim() !== ONE_CLICK)
        return done(new errorCodes.FST_ERR_CTP_INVALID_MEDIA_TYPE('application/x-www-form-urlencoded'));
      done(null, {});
    },
  );
}

/** Whether a filing event may change what the register shows (a notice going live, a decision, progress). */
const mayChangeRegister = (e: FilingEvent): boolean =>
  e.type === 'case.transition' || String(e.type).startsWith('publication.');

/** Binds following to a server: its one-click body, its jobs (workers if `jobs` runs them), its listener. */
export function startFollowAlerts(
  app: FastifyInstance,
  db: Db,
  config: ServerConfig,
  jobs: JobQueue,
  pollingIntervalSeconds?: number,
): { listener: (e: FilingEvent) => void; settled: () => Promise<void> } {
  const deps = { db, config, jobs, log: app.log, pollingIntervalSeconds };
  acceptOneClick(app, config.apiBase);
  const queues = deps.jobs.queues(FOLLOW_SWEEP_QUEUE, FOLLOW_PRUNE_QUEUE);
  queues.catch((err: Error) => deps.log.warn(`follow alert jobs: ${err.message}`));
  const sweepDeps = { db: deps.db, config: deps.config, log: deps.log };
  const workers = (async () => {
    const boss = await queues;
    if (!deps.jobs.workers) return;
    const polling = { pollingIntervalSeconds: deps.pollingIntervalSeconds ?? 2 };
    await boss.work(FOLLOW_SWEEP_QUEUE, polling, async () => {
      const r = await sweepFollows(sweepDeps);
      if (r.sent) deps.log.info?.(`follow alerts: ${r.sent} sent, ${r.deferred} deferred`);
      return r;
    });
    await boss.work(FOLLOW_PRUNE_QUEUE, polling, async () => pruneSubscriptions(deps.db));
    await boss.schedule(FOLLOW_SWEEP_QUEUE, SWEEP_CRON, {}, { tz: 'Asia/Shanghai' });
    await boss.schedule(FOLLOW_PRUNE_QUEUE, PRUNE_CRON, {}, { tz: 'Asia/Shanghai' });
    // Catch up at start with whatever became public while no instance was running.
    await boss.send(FOLLOW_SWEEP_QUEUE, {}, { singletonKey: 'startup', singletonSeconds: 30 });
  })();
  workers.catch((err: Error) => deps.log.warn(`follow alert workers: ${err.message}`));

  const pending = new Set<Promise<unknown>>();
  const settled = async () => {
    while (pending.size) await Promise.allSettled([...pending]);
  };
  app.addHook('onClose', settled);
  return {
    listener: (e) => {
      if (!mayChangeRegister(e)) return;
      const queued = queues
        .then((boss) =>
          boss.send(
            FOLLOW_SWEEP_QUEUE,
            {},
            { singletonKey: 'event', singletonSeconds: SWEEP_SLOT_SECONDS, singletonNextSlot: true },
          ),
        )
        .catch((err: Error) => deps.log.warn(`follow alert sweep not queued: ${err.message}`))
        .finally(() => pending.delete(queued));
      pending.add(queued);
    },
    settled,
  };
}
