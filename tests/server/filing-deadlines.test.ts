/**
 * Deadlines run as PostgreSQL-backed jobs that survive a restart: a case is accepted while no worker
 * runs (its deadline job is stored with the transaction), the server stops, a new one starts with
 * workers, and the stored job moves the case to DEEMED_CLEARED and closes its notice. Both databases.
 */
import { createTenantSpace } from '../../server/modules/spaces.ts';
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { startTestServer } from '../support/server.ts';
import { prepareServer } from '../../server/start.ts';
import { dbKindsOf } from './databases.ts';
import { fillFiling, makeWorld, testContext, TestClock } from './filing-support.ts';
import * as T from '../../server/modules/filing/service/transitions.ts';
import { DEADLINE_QUEUE } from '../../server/modules/filing/jobs/deadline-jobs.ts';
import type { Db } from '../../server/db/database.ts';

async function waitFor<T>(
  what: string,
  probe: () => Promise<T | undefined | null | false>,
  timeoutMs = 60_000,
): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const v = await probe();
    if (v) return v;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const caseState = (db: Db, id: string) =>
  db
    .selectFrom('filing.case')
    .select(['state', 'decision', 'decided_on'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe.each(dbKindsOf(import.meta.url))('deadline jobs on %s', (kind) => {
  it('fires a stored deadline job after a restart: Phase I expired → DEEMED_CLEARED', async () => {
    const t = await startTestServer(kind, { seedDemo: false }, { filingWorkers: false });
    let second: Awaited<ReturnType<typeof prepareServer>> | undefined;
    try {
      const db = t.server.database.db;
      const w = await makeWorld(db);
      // The notice the job generates is a file of the authority's space (the running server's store).
      await createTenantSpace(db, w.authority);
      // Accepted on Mon 2 Mar 2026: Phase I ends Wed 1 Apr, the notice Thu 12 Mar — both long past now.
      const ctx = testContext(db, new TestClock('2026-03-02'), t.server.filing.jobs.scheduler);
      const { caseId } = await fillFiling(ctx, w.filer, { procedure: 'SIMPLIFIED' });
      await T.submit(ctx, w.filer, caseId);
      const accepted = await T.accept(ctx, w.lead, caseId, { reason: '申报文件、资料完备，予以立案。' });
      expect(accepted.phaseIDueOn).toBe('2026-04-01');
      const clock = await db
        .selectFrom('filing.clock')
        .select('id')
        .where('case_id', '=', caseId)
        .where('kind', '=', 'PHASE_I')
        .executeTakeFirstOrThrow();
      // The job was stored in the same transaction, to start at 00:00 China time after the last day.
      const stored = await sql<{ state: string; start_after: Date }>`
        select state, start_after from pgboss.job where name = ${DEADLINE_QUEUE} and data->>'clockId' = ${clock.id}`.execute(
        db,
      );
      expect(stored.rows).toHaveLength(1);
      expect(stored.rows[0].state).toBe('created');
      expect(new Date(stored.rows[0].start_after).toISOString()).toBe('2026-04-01T16:00:00.000Z');
      expect((await caseState(db, caseId)).state).toBe('PHASE_I'); // no worker ran

      await t.server.close();
      second = await prepareServer(t.config, { filingWorkers: true, filingPollSeconds: 0.5 });
      const db2 = second.database.db;
      const done = await waitFor('the deadline job', async () => {
        const c = await caseState(db2, caseId);
        return c.state === 'DEEMED_CLEARED' ? c : null;
      });
      expect(done.decision).toBe('DEEMED_CLEARED');
      const job = await waitFor('the job to complete', async () => {
        const r = await sql<{
          state: string;
        }>`select state from pgboss.job where name = ${DEADLINE_QUEUE} and data->>'clockId' = ${clock.id}`.execute(
          db2,
        );
        return r.rows[0]?.state === 'completed' ? r.rows[0] : null;
      });
      expect(job.state).toBe('completed');
      const transition = await db2
        .selectFrom('filing.transition')
        .selectAll()
        .where('case_id', '=', caseId)
        .where('action', '=', 'deemCleared')
        .executeTakeFirstOrThrow();
      expect(transition).toMatchObject({
        from_state: 'PHASE_I',
        to_state: 'DEEMED_CLEARED',
        by_system: true,
        actor_account_id: null,
      });
      const notice = await db2
        .selectFrom('filing.publication')
        .select('notice_state')
        .where('case_id', '=', caseId)
        .executeTakeFirstOrThrow();
      expect(notice.notice_state).toBe('CLOSED');
      const served = await db2
        .selectFrom('filing.document')
        .select('kind')
        .where('case_id', '=', caseId)
        .where('kind', '=', 'DEEMED_CLEARED_NOTICE')
        .execute();
      expect(served).toHaveLength(1);
    } finally {
      await second?.close();
      await t.close();
    }
  });
});
