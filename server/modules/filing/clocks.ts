/**
 * The statutory clocks of a case as rows of filing.clock: Phase I (30 days from acceptance), Phase II (90
 * days + extensions ≤ 60 in total), supplement due dates, the 10-day public notice. Each keeps its nominal
 * and its rolled due date (民法典 arts 201/203); a stop and restart moves both by the days stopped.
 */
import type { Db } from '../../db/database.ts';
import { newId } from '../../auth/tokens.ts';
import { periodEnd, type HolidayCalendar } from './calendar.ts';
import { daysBetween, type PlainDate } from './dates.ts';
import type { ClockKind } from './tables.ts';
import type { DeadlineScheduler } from './service/context.ts';

export const PHASE_I_DAYS = 30;
export const PHASE_II_DAYS = 90;
export const PHASE_II_MAX_EXTENSION = 60;
export const NOTICE_DAYS = 10;
/** The longest a review can run: 30 + 90 + 60. */
export const MAX_REVIEW_DAYS = PHASE_I_DAYS + PHASE_II_DAYS + PHASE_II_MAX_EXTENSION;

export interface ClockRow {
  id: string;
  case_id: string;
  kind: ClockKind;
  ref_id: string | null;
  started_on: PlainDate;
  length_days: number;
  extension_days: number;
  stopped_days: number;
  nominal_due_on: PlainDate;
  due_on: PlainDate;
  state: string;
  stopped_on: PlainDate | null;
}

/** Due dates of a clock from its start, length, extensions and days stopped. */
export function clockDue(
  calendar: HolidayCalendar,
  clock: Pick<ClockRow, 'started_on' | 'length_days' | 'extension_days' | 'stopped_days'>,
) {
  return periodEnd(calendar, clock.started_on, clock.length_days + clock.extension_days + clock.stopped_days);
}

export interface ClockDeps {
  trx: Db;
  calendar: HolidayCalendar;
  scheduler: DeadlineScheduler;
}

export async function startClock(
  deps: ClockDeps,
  input: { caseId: string; kind: ClockKind; startedOn: PlainDate; lengthDays: number; refId?: string },
): Promise<ClockRow> {
  const end = periodEnd(deps.calendar, input.startedOn, input.lengthDays);
  const row: ClockRow = {
    id: newId(),
    case_id: input.caseId,
    kind: input.kind,
    ref_id: input.refId ?? null,
    started_on: input.startedOn,
    length_days: input.lengthDays,
    extension_days: 0,
    stopped_days: 0,
    nominal_due_on: end.nominal,
    due_on: end.due,
    state: 'RUNNING',
    stopped_on: null,
  };
  await deps.trx
    .insertInto('filing.clock')
    .values({ ...row, state: 'RUNNING' })
    .execute();
  await deps.scheduler.scheduleClock(deps.trx, row.id, row.due_on);
  return row;
}

/** The running (or stopped) clock of a kind on a case, locked for update. */
export async function currentClock(trx: Db, caseId: string, kind: ClockKind): Promise<ClockRow | undefined> {
  return trx
    .selectFrom('filing.clock')
    .selectAll()
    .where('case_id', '=', caseId)
    .where('kind', '=', kind)
    .where('state', 'in', ['RUNNING', 'STOPPED'])
    .orderBy('created_at', 'desc')
    .forUpdate()
    .executeTakeFirst() as Promise<ClockRow | undefined>;
}

export async function endClock(
  trx: Db,
  clockId: string,
  state: 'DONE' | 'LAPSED' | 'CANCELLED',
  on: PlainDate,
) {
  await trx.updateTable('filing.clock').set({ state, ended_on: on }).where('id', '=', clockId).execute();
}

export async function stopClockRow(trx: Db, clock: ClockRow, on: PlainDate): Promise<void> {
  await trx
    .updateTable('filing.clock')
    .set({ state: 'STOPPED', stopped_on: on })
    .where('id', '=', clock.id)
    .execute();
}

/** Restarts a stopped clock: the due dates move by the whole days it stood still. */
export async function restartClockRow(deps: ClockDeps, clock: ClockRow, on: PlainDate): Promise<ClockRow> {
  const stopped = Math.max(0, daysBetween(clock.stopped_on ?? on, on));
  const next = { ...clock, stopped_days: clock.stopped_days + stopped, stopped_on: null, state: 'RUNNING' };
  const end = clockDue(deps.calendar, next);
  next.nominal_due_on = end.nominal;
  next.due_on = end.due;
  await deps.trx
    .updateTable('filing.clock')
    .set({
      state: 'RUNNING',
      stopped_on: null,
      stopped_days: next.stopped_days,
      nominal_due_on: end.nominal,
      due_on: end.due,
    })
    .where('id', '=', clock.id)
    .execute();
  await deps.scheduler.scheduleClock(deps.trx, clock.id, end.due);
  return next;
}

export async function extendClockRow(deps: ClockDeps, clock: ClockRow, days: number): Promise<ClockRow> {
  const next = { ...clock, extension_days: clock.extension_days + days };
  const end = clockDue(deps.calendar, next);
  next.nominal_due_on = end.nominal;
  next.due_on = end.due;
  await deps.trx
    .updateTable('filing.clock')
    .set({ extension_days: next.extension_days, nominal_due_on: end.nominal, due_on: end.due })
    .where('id', '=', clock.id)
    .execute();
  await deps.scheduler.scheduleClock(deps.trx, clock.id, end.due);
  return next;
}

/** A supplement or concern period set by date: its nominal end is the date given, rolled if a rest day. */
export function lengthTo(startedOn: PlainDate, due: PlainDate): number {
  return daysBetween(startedOn, due);
}
