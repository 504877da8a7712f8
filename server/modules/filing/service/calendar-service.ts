/** The holiday calendar an administrator maintains (permission calendar:manage), and loading it for counting. */
import type { CalendarDay, CalendarDayKind } from '../calendar.ts';
import { isPlainDate, type PlainDate } from '../dates.ts';
import { FilingError, requirePermission, type Actor } from '../actor.ts';
import { Code } from '../../../http/codes.ts';
import { MAX_NAME, parseCalendarImport } from '../calendar-import.ts';
import type { FilingContext } from './context.ts';
import { recomputeDueDates } from './calendar-recompute.ts';
import { inUnit } from './unit.ts';

export { coveredYears, loadCalendar } from './calendar-table.ts';

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

/** What a change of the calendar answers: how many cases had a due date moved (calendar-recompute.ts). */
export interface CalendarChangeResult {
  recomputedCases: number;
}

function checkedName(value: unknown): string {
  const name = typeof value === 'string' ? value.trim() : '';
  if (!name || name.length > MAX_NAME) throw new FilingError('required', { field: 'name' });
  return name;
}

export async function addCalendarDay(
  ctx: FilingContext,
  actor: Actor,
  input: { day: PlainDate; kind: CalendarDayKind; name: string; source?: string },
): Promise<CalendarChangeResult> {
  requirePermission(actor, 'calendar:manage');
  if (!isPlainDate(input.day)) throw new FilingError('invalidDate', { field: 'day' });
  if (input.kind !== 'HOLIDAY' && input.kind !== 'WORKDAY')
    throw new FilingError('invalidValue', { field: 'kind' });
  const name = checkedName(input.name);
  return inUnit(ctx, async (u) => {
    const exists = await u.trx
      .selectFrom('filing.calendar_day')
      .select('day')
      .where('day', '=', input.day)
      .executeTakeFirst();
    if (exists) throw new FilingError('calendarDayExists', { day: input.day });
    await u.trx
      .insertInto('filing.calendar_day')
      .values({
        day: input.day,
        kind: input.kind,
        name,
        source: input.source ?? null,
        created_by: actor.accountId,
      })
      .execute();
    const recomputedCases = await recomputeDueDates(u, actor, [input.day]);
    await u.audit({
      action: 'calendar.add',
      actorAccountId: actor.accountId,
      actorTenantId: actor.tenantId,
      objectType: 'calendar_day',
      objectId: input.day,
      detail: { added: [{ day: input.day, kind: input.kind, name }], recomputedCases },
    });
    return { recomputedCases };
  });
}

/**
 * Removes a day. Running clocks whose due date the day had moved are recounted (calendar-recompute.ts),
 * each case noting it in its history.
 */
export async function removeCalendarDay(
  ctx: FilingContext,
  actor: Actor,
  day: PlainDate,
): Promise<CalendarChangeResult> {
  requirePermission(actor, 'calendar:manage');
  if (!isPlainDate(day)) throw new FilingError('invalidDate', { field: 'day' });
  return inUnit(ctx, async (u) => {
    const gone = await u.trx
      .deleteFrom('filing.calendar_day')
      .where('day', '=', day)
      .returning(['day', 'kind', 'name'])
      .execute();
    if (gone.length === 0) throw new FilingError('notFound', { what: 'calendarDay' }, 404);
    const recomputedCases = await recomputeDueDates(u, actor, [day]);
    await u.audit({
      action: 'calendar.remove',
      actorAccountId: actor.accountId,
      actorTenantId: actor.tenantId,
      objectType: 'calendar_day',
      objectId: day,
      detail: { removed: gone, recomputedCases },
    });
    return { recomputedCases };
  });
}

/**
 * Replaces a year's entries by a pasted list (calendar-import.ts). Every line is judged first; any bad
 * line refuses the whole import, naming the lines, with nothing changed. Otherwise, in one transaction,
 * the year's entries are deleted, the new ones stored, the due dates they move recounted, and one audit
 * entry names the days added and removed.
 */
export async function importCalendarYear(
  ctx: FilingContext,
  actor: Actor,
  input: { year?: unknown; text?: unknown; source?: unknown },
): Promise<CalendarChangeResult & { holidays: number; workdays: number }> {
  requirePermission(actor, 'calendar:manage');
  const year = Number(input.year);
  if (!Number.isInteger(year) || year < 2000 || year > 2100)
    throw new FilingError('outOfRange', { field: 'year', min: 2000, max: 2100 });
  if (typeof input.text !== 'string') throw new FilingError('required', { field: 'text' });
  const source = typeof input.source === 'string' && input.source.trim() ? input.source.trim() : null;
  const parsed = parseCalendarImport(input.text, year);
  if (!parsed.ok) {
    const first = parsed.problems[0];
    throw new FilingError(
      'calendarImportInvalid',
      { lines: parsed.problems.map((p) => p.line).join(', '), line: first.line, problem: first.problem },
      Code.ILLEGAL_REQUEST,
      parsed.problems,
    );
  }
  if (!parsed.days.length) throw new FilingError('calendarImportEmpty', { year });
  return inUnit(ctx, async (u) => {
    const before = await u.trx
      .deleteFrom('filing.calendar_day')
      .where('day', '>=', `${year}-01-01`)
      .where('day', '<=', `${year}-12-31`)
      .returning(['day', 'kind', 'name'])
      .execute();
    await u.trx
      .insertInto('filing.calendar_day')
      .values(
        parsed.days.map((d) => ({
          day: d.day,
          kind: d.kind,
          name: d.name,
          source,
          created_by: actor.accountId,
        })),
      )
      .execute();
    // A day counts as changed when it is new, gone, or its kind flipped; a renamed day moves no date.
    const was = new Map(before.map((d) => [String(d.day), d]));
    const now = new Map(parsed.days.map((d) => [d.day, d]));
    const added = parsed.days.filter((d) => was.get(d.day)?.kind !== d.kind);
    const removed = before.filter((d) => now.get(String(d.day))?.kind !== d.kind);
    const renamed = parsed.days.filter((d) => {
      const old = was.get(d.day);
      return old && old.kind === d.kind && old.name !== d.name;
    });
    const changed = [...new Set([...added.map((d) => d.day), ...removed.map((d) => String(d.day))])];
    const recomputedCases = await recomputeDueDates(u, actor, changed);
    const holidays = parsed.days.filter((d) => d.kind === 'HOLIDAY').length;
    const workdays = parsed.days.length - holidays;
    await u.audit({
      action: 'calendar.import',
      actorAccountId: actor.accountId,
      actorTenantId: actor.tenantId,
      objectType: 'calendar_year',
      objectId: String(year),
      detail: {
        added: added
          .map((d) => ({ day: d.day, kind: d.kind, name: d.name }))
          .sort((a, b) => a.day.localeCompare(b.day)),
        removed,
        renamed: renamed.map((d) => ({ day: d.day, name: d.name, was: was.get(d.day)!.name })),
        holidays,
        workdays,
        recomputedCases,
      },
    });
    return { holidays, workdays, recomputedCases };
  });
}
