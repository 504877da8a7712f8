/**
 * After the holiday calendar changes, the due dates it moves. A clock's due date depends on the days from
 * its nominal end to the working day it rolled to (民法典 art 203), so only running clocks whose
 * [nominal, due] span touches a changed day can move; each is recounted on the new calendar (clockDue, the
 * same count as when it started), its job rescheduled, the supplement or notice it times updated, and its
 * case gets a `calendarChange` transition (history and audit) saying which date moved from what to what.
 * Runs in the change's own transaction; periods already over are left as they ended.
 */
import type { Actor } from '../actor.ts';
import { clockDue, type ClockRow } from '../clocks.ts';
import type { PlainDate } from '../dates.ts';
import { loadCalendar } from './calendar-table.ts';
import { recordTransition, type Unit } from './unit.ts';

export interface DueDateChange {
  clockId: string;
  clockKind: string;
  before: PlainDate;
  after: PlainDate;
}

/** Recounts the due dates the changed days may move; answers how many cases had one moved. */
export async function recomputeDueDates(u: Unit, actor: Actor, changedDays: PlainDate[]): Promise<number> {
  if (!changedDays.length) return 0;
  const sorted = [...changedDays].sort();
  const first = sorted[0];
  const last = sorted[sorted.length - 1];
  const clocks = (await u.trx
    .selectFrom('filing.clock')
    .selectAll()
    .where('state', '=', 'RUNNING')
    .where('nominal_due_on', '<=', last)
    .where('due_on', '>=', first)
    .where('due_on', '>=', u.today)
    .orderBy('case_id')
    .orderBy('created_at')
    .forUpdate()
    .execute()) as unknown as ClockRow[];
  if (!clocks.length) return 0;
  // Read here, not through u.calendar(): the calendar as this transaction has just changed it.
  const calendar = await loadCalendar(u.trx);
  const byCase = new Map<string, DueDateChange[]>();
  for (const clock of clocks) {
    const end = clockDue(calendar, clock);
    if (end.due === clock.due_on) continue;
    await u.trx
      .updateTable('filing.clock')
      .set({ nominal_due_on: end.nominal, due_on: end.due })
      .where('id', '=', clock.id)
      .execute();
    await u.ctx.scheduler.scheduleClock(u.trx, clock.id, end.due);
    if (clock.kind === 'SUPPLEMENT' && clock.ref_id)
      await u.trx
        .updateTable('filing.supplement')
        .set({ due_on: end.due })
        .where('id', '=', clock.ref_id)
        .where('state', '=', 'OPEN')
        .execute();
    if (clock.kind === 'NOTICE' && clock.ref_id)
      await u.trx
        .updateTable('filing.publication')
        .set({ live_until: end.due })
        .where('id', '=', clock.ref_id)
        .execute();
    const changes = byCase.get(clock.case_id) ?? [];
    changes.push({ clockId: clock.id, clockKind: clock.kind, before: clock.due_on, after: end.due });
    byCase.set(clock.case_id, changes);
  }
  for (const [caseId, changes] of byCase) {
    const c = await u.trx
      .selectFrom('filing.case')
      .select('state')
      .where('id', '=', caseId)
      .executeTakeFirstOrThrow();
    await recordTransition(u, {
      caseId,
      action: 'calendarChange',
      from: c.state,
      to: c.state,
      actor,
      detail: { changes },
    });
  }
  return byCase.size;
}
