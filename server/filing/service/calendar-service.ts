/** The holiday calendar an administrator maintains (permission calendar:manage), and loading it for counting. */
import { HolidayCalendar, type CalendarDay, type CalendarDayKind } from '../calendar.ts';
import { isPlainDate, type PlainDate } from '../dates.ts';
import type { Db } from '../../db/database.ts';
import { FilingError, requirePermission, type Actor } from '../actor.ts';
import { appendAudit } from '../audit.ts';
import type { FilingContext } from './context.ts';

export async function loadCalendar(db: Db): Promise<HolidayCalendar> {
  const rows = await db.selectFrom('filing.calendar_day').select(['day', 'kind']).execute();
  return new HolidayCalendar(rows);
}

/** The years the holiday table holds any day of: outside them only weekends are known rest days. */
export async function coveredYears(db: Db): Promise<Set<number>> {
  const rows = await db.selectFrom('filing.calendar_day').select('day').execute();
  return new Set(rows.map((r) => Number(String(r.day).slice(0, 4))));
}

/**
 * The years of running or stopped clocks' due dates that the holiday table does not cover (a due date
 * there may fall on a public holiday nobody has entered yet), and how many cases those clocks belong to.
 * Null when every such date is covered. One case's clocks (the case view) or many (the dashboard).
 */
export function calendarGap(
  clocks: { case_id: string; state: string; due_on: unknown }[],
  covered: ReadonlySet<number>,
): { years: string; cases: number } | null {
  const years = new Set<number>();
  const cases = new Set<string>();
  for (const c of clocks)
    if ((c.state === 'RUNNING' || c.state === 'STOPPED') && c.due_on) {
      const year = Number(String(c.due_on).slice(0, 4));
      if (covered.has(year)) continue;
      years.add(year);
      cases.add(c.case_id);
    }
  return years.size ? { years: [...years].sort().join('、'), cases: cases.size } : null;
}

export async function listCalendarDays(
  ctx: FilingContext,
  query: { year?: number } = {},
): Promise<(CalendarDay & { source: string | null })[]> {
  let q = ctx.db.selectFrom('filing.calendar_day').select(['day', 'kind', 'name', 'source']).orderBy('day');
  if (query.year) q = q.where('day', '>=', `${query.year}-01-01`).where('day', '<=', `${query.year}-12-31`);
  return q.execute();
}

export async function addCalendarDay(
  ctx: FilingContext,
  actor: Actor,
  input: { day: PlainDate; kind: CalendarDayKind; name: string; source?: string },
): Promise<void> {
  requirePermission(actor, 'calendar:manage');
  if (!isPlainDate(input.day)) throw new FilingError('invalidDate', { field: 'day' });
  if (input.kind !== 'HOLIDAY' && input.kind !== 'WORKDAY')
    throw new FilingError('invalidValue', { field: 'kind' });
  const name = (input.name ?? '').trim();
  if (!name || name.length > 50) throw new FilingError('required', { field: 'name' });
  await ctx.db.transaction().execute(async (trx) => {
    const exists = await trx
      .selectFrom('filing.calendar_day')
      .select('day')
      .where('day', '=', input.day)
      .executeTakeFirst();
    if (exists) throw new FilingError('calendarDayExists', { day: input.day });
    await trx
      .insertInto('filing.calendar_day')
      .values({
        day: input.day,
        kind: input.kind,
        name,
        source: input.source ?? null,
        created_by: actor.accountId,
      })
      .execute();
    await appendAudit(
      trx,
      {
        action: 'calendar.add',
        actorAccountId: actor.accountId,
        actorTenantId: actor.tenantId,
        objectType: 'calendar_day',
        objectId: input.day,
        detail: { kind: input.kind, name },
      },
      ctx.now(),
    );
  });
}

/**
 * Removes a day. Running clocks keep the due dates they have: a change of the calendar applies to dates
 * computed after it (the sweep never recomputes a due date already notified to the parties).
 */
export async function removeCalendarDay(ctx: FilingContext, actor: Actor, day: PlainDate): Promise<void> {
  requirePermission(actor, 'calendar:manage');
  if (!isPlainDate(day)) throw new FilingError('invalidDate', { field: 'day' });
  await ctx.db.transaction().execute(async (trx) => {
    const gone = await trx.deleteFrom('filing.calendar_day').where('day', '=', day).executeTakeFirst();
    if (Number(gone.numDeletedRows) === 0) throw new FilingError('notFound', { what: 'calendarDay' }, 404);
    await appendAudit(
      trx,
      {
        action: 'calendar.remove',
        actorAccountId: actor.accountId,
        actorTenantId: actor.tenantId,
        objectType: 'calendar_day',
        objectId: day,
      },
      ctx.now(),
    );
  });
}
