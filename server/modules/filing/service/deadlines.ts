/**
 * What happens when a period ends with nobody acting (run by the scheduled jobs, as the system):
 *   Phase I / Phase II due date passed with no decision → DEEMED_CLEARED (the parties may implement);
 *   a supplement's due date passed → the request lapses and is flagged for the lead (who confirms
 *     DEEMED_NOT_FILED, or for a 补正 order during review may stop the clock);
 *   a public notice's 10 days are over → the notice closes; a scheduled notice whose day has come goes live.
 * Every step re-reads and locks the row, so running it twice, or from two instances, does it once.
 */
import { SYSTEM_ACTOR } from '../actor.ts';
import { hasPassed } from '../calendar.ts';
import type { FilingContext } from './context.ts';
import { generateAndServe } from './documents.ts';
import { closeNotice } from './decision-transitions.ts';
import { moveCase } from './transition-runner.ts';
import { inUnit, recordTransition } from './unit.ts';
import { chinaDate } from '../dates.ts';

export interface DeadlineOutcome {
  clockId: string;
  caseId: string;
  kind: string;
  outcome: 'deemedCleared' | 'supplementLapsed' | 'noticeClosed' | 'flaggedForLead' | 'skipped';
}

/** Handles one clock if its due date has passed; otherwise does nothing. */
export async function processClock(ctx: FilingContext, clockId: string): Promise<DeadlineOutcome | null> {
  return inUnit(ctx, async (u) => {
    const clock = await u.trx
      .selectFrom('filing.clock')
      .selectAll()
      .where('id', '=', clockId)
      .forUpdate()
      .executeTakeFirst();
    if (!clock || clock.state !== 'RUNNING' || !hasPassed(clock.due_on, u.today)) return null;
    const c = await u.trx
      .selectFrom('filing.case')
      .select(['id', 'state'])
      .where('id', '=', clock.case_id)
      .forUpdate()
      .executeTakeFirstOrThrow();
    const base = { clockId, caseId: c.id, kind: clock.kind };

    if (clock.kind === 'PHASE_I' || clock.kind === 'PHASE_II') {
      if (c.state !== clock.kind) {
        // e.g. a withdrawal request is pending: the lead must act; flag it once.
        if (!clock.lapse_flagged_at)
          await u.trx
            .updateTable('filing.clock')
            .set({ lapse_flagged_at: u.at })
            .where('id', '=', clockId)
            .execute();
        return { ...base, outcome: 'flaggedForLead' };
      }
      await u.trx
        .updateTable('filing.clock')
        .set({ state: 'LAPSED', ended_on: u.today })
        .where('id', '=', clockId)
        .execute();
      const notice = await u.trx
        .selectFrom('filing.publication')
        .select('id')
        .where('case_id', '=', c.id)
        .where('kind', '=', 'NOTICE')
        .where('notice_state', '<>', 'CLOSED')
        .executeTakeFirst();
      if (notice) await closeNotice(u, notice.id);
      const documentId = await generateAndServe(u, c.id, 'DEEMED_CLEARED_NOTICE', SYSTEM_ACTOR, {
        dueOn: clock.due_on,
      });
      await moveCase(u, c.id, 'DEEMED_CLEARED', { decision: 'DEEMED_CLEARED', decided_on: u.today });
      await recordTransition(u, {
        caseId: c.id,
        action: 'deemCleared',
        from: c.state,
        to: 'DEEMED_CLEARED',
        actor: SYSTEM_ACTOR,
        documentIds: [documentId],
        detail: { clockId, dueOn: clock.due_on },
      });
      return { ...base, outcome: 'deemedCleared' };
    }

    if (clock.kind === 'SUPPLEMENT') {
      await u.trx
        .updateTable('filing.clock')
        .set({ state: 'LAPSED', ended_on: u.today, lapse_flagged_at: u.at })
        .where('id', '=', clockId)
        .execute();
      if (clock.ref_id)
        await u.trx
          .updateTable('filing.supplement')
          .set({ state: 'LAPSED' })
          .where('id', '=', clock.ref_id)
          .where('state', '=', 'OPEN')
          .execute();
      await u.audit({
        action: 'supplement.lapsed',
        caseId: c.id,
        objectType: 'supplement',
        objectId: clock.ref_id,
        detail: { dueOn: clock.due_on },
      });
      u.events.push({ type: 'supplement.lapsed', caseId: c.id, supplementId: clock.ref_id ?? '' });
      return { ...base, outcome: 'supplementLapsed' };
    }

    if (clock.kind === 'NOTICE' && clock.ref_id) {
      await closeNotice(u, clock.ref_id);
      await u.audit({
        action: 'notice.closed',
        caseId: c.id,
        objectType: 'publication',
        objectId: clock.ref_id,
        detail: { dueOn: clock.due_on },
      });
      return { ...base, outcome: 'noticeClosed' };
    }
    return { ...base, outcome: 'skipped' };
  });
}

/** The sweep: every running clock past its due date (one indexed query), then notices due to go live. */
export async function processDueClocks(ctx: FilingContext): Promise<DeadlineOutcome[]> {
  const today = chinaDate(ctx.now());
  const due = await ctx.db
    .selectFrom('filing.clock')
    .select('id')
    .where('state', '=', 'RUNNING')
    .where('due_on', '<', today)
    .orderBy('due_on')
    .limit(500)
    .execute();
  const outcomes: DeadlineOutcome[] = [];
  for (const { id } of due) {
    const r = await processClock(ctx, id);
    if (r) outcomes.push(r);
  }
  // Notices without a case here (the public dataset) have no clock: close them by their end date.
  await ctx.db
    .updateTable('filing.publication')
    .set({ notice_state: 'CLOSED' })
    .where('kind', '=', 'NOTICE')
    .where('notice_state', '=', 'LIVE')
    .where('case_id', 'is', null)
    .where('live_until', '<', today)
    .execute();
  await ctx.db
    .updateTable('filing.publication')
    .set({ notice_state: 'LIVE' })
    .where('kind', '=', 'NOTICE')
    .where('notice_state', '=', 'SCHEDULED')
    .where('live_from', '<=', today)
    .where('hidden_at', 'is', null)
    .execute();
  return outcomes;
}
