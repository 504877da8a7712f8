/**
 * Waiting on message alert jobs (server/modules/alerts/alert-jobs.ts) in server tests: on a condition, polled,
 * never a fixed sleep.
 */
import { sql } from 'kysely';
import { MESSAGE_ALERT_BATCH_QUEUE, MESSAGE_ALERT_QUEUE } from '../../server/modules/alerts/alert-jobs.ts';
import { JOB_SCHEMA } from '../../server/jobs/queue.ts';
import type { TestServer } from '../support/server.ts';
import { db } from './auth-support.ts';

export async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 60_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface AlertJobRow {
  id: string;
  name: string;
  state: string;
  data: Record<string, unknown>;
  output: Record<string, unknown> | null;
}

/** The alert jobs (expansion and batches) of one message, or of all messages. */
export async function alertJobs(t: TestServer, messageId?: string): Promise<AlertJobRow[]> {
  const rows = await sql<AlertJobRow>`
    select id::text, name, state::text, data, output
      from ${sql.id(JOB_SCHEMA, 'job')}
     where name in (${MESSAGE_ALERT_QUEUE}, ${MESSAGE_ALERT_BATCH_QUEUE})
       and (${messageId ?? null}::text is null or data->>'messageId' = ${messageId ?? null}::text)
  `.execute(db(t));
  return rows.rows;
}

/** Waits until every queued alert job (of the message, or of all) has finished one way or another. */
export async function alertJobsSettled(t: TestServer, messageId?: string): Promise<AlertJobRow[]> {
  return waitFor('message alert jobs to finish', async () => {
    const jobs = await alertJobs(t, messageId);
    return !jobs.some((j) => ['created', 'retry', 'active'].includes(j.state)) && jobs;
  });
}
