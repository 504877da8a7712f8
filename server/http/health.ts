/**
 * Health addresses for a load balancer (issue 28), outside the API catalogue and without a session:
 * - GET /health: the process answers (200), nothing else asked.
 * - GET /ready: this instance should get traffic — the database answers within READY_TIMEOUT_MS, the
 *   job queue runs (where this process runs one) and the instance is not shutting down. 503 otherwise,
 *   with which check failed, so a balancer drains an instance that is stopping before it stops.
 * Neither says more than the checks' names and results.
 */
import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/database.ts';

export const READY_TIMEOUT_MS = 2_000;

export interface ReadinessSources {
  db: Db;
  /** The job queue's state, when the process has one. */
  jobQueue?(): 'starting' | 'running' | 'stopped' | 'failed';
}

async function databaseAnswers(db: Db): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      sql`select 1`.execute(db).then(() => true),
      new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), READY_TIMEOUT_MS))),
    ]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

export function installHealthRoutes(app: FastifyInstance, sources: ReadinessSources): void {
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  const noStore = { 'cache-control': 'no-store' };
  app.get('/health', async (_req, reply) => reply.headers(noStore).send({ status: 'ok' }));
  app.get('/ready', async (_req, reply) => {
    const queue = sources.jobQueue?.();
    const checks = {
      database: await databaseAnswers(sources.db),
      // A queue still starting (in the background after listening) does not hold traffic back.
      jobQueue: queue === undefined || queue === 'running' || queue === 'starting',
      accepting: !closing,
    };
    const ready = Object.values(checks).every(Boolean);
    return reply
      .code(ready ? 200 : 503)
      .headers(noStore)
      .send({ status: ready ? 'ready' : 'not ready', checks });
  });
}
