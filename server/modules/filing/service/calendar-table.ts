/** Reading the holiday table (filing.calendar_day): kept apart from the calendar's changes, which run in a unit
 * of work (unit.ts) that itself reads the table. */
import { HolidayCalendar } from '../calendar.ts';
import type { Db } from '../../../db/database.ts';

export async function loadCalendar(db: Db): Promise<HolidayCalendar> {
  const rows = await db.selectFrom('filing.calendar_day').select(['day', 'kind']).execute();
  return new HolidayCalendar(rows);
}

/** The years the holiday table holds any day of: outside them only weekends are known rest days. */
export async function coveredYears(db: Db): Promise<Set<number>> {
  const rows = await db.selectFrom('filing.calendar_day').select('day').execute();
  return new Set(rows.map((r) => Number(String(r.day).slice(0, 4))));
}
