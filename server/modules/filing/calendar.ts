/**
 * Counting legal periods (《民法典》 arts 201, 203): the day a period starts is not counted; a period whose
 * last day is a statutory rest day ends on the next working day. Rest days are weekends and public
 * holidays, except the weekends the State Council turns into working days (调休). The holiday table is data
 * an administrator maintains (filing.calendar_day); this module only counts.
 */
import { addDays, daysBetween, weekday, type PlainDate } from './dates.ts';

export type CalendarDayKind = 'HOLIDAY' | 'WORKDAY';

export interface CalendarDay {
  day: PlainDate;
  kind: CalendarDayKind;
  name: string;
}

export class HolidayCalendar {
  private readonly holidays = new Set<PlainDate>();
  private readonly workdays = new Set<PlainDate>();
  /** Years the table covers (at least one entry); outside them only weekends are known. */
  readonly years = new Set<number>();

  constructor(days: Iterable<Pick<CalendarDay, 'day' | 'kind'>> = []) {
    for (const d of days) {
      (d.kind === 'HOLIDAY' ? this.holidays : this.workdays).add(d.day);
      this.years.add(Number(d.day.slice(0, 4)));
    }
  }

  isRestDay(date: PlainDate): boolean {
    if (this.holidays.has(date)) return true;
    if (this.workdays.has(date)) return false;
    const w = weekday(date);
    return w === 0 || w === 6;
  }

  covers(date: PlainDate): boolean {
    return this.years.has(Number(date.slice(0, 4)));
  }

  /** The date itself when it is a working day, else the first working day after it. */
  nextWorkingDay(date: PlainDate): PlainDate {
    let d = date;
    // A run of rest days is at most a couple of weeks; the bound only guards against a broken table.
    for (let i = 0; i < 366 && this.isRestDay(d); i++) d = addDays(d, 1);
    return d;
  }
}

export interface PeriodEnd {
  /** start + days: the last day by plain counting. */
  nominal: PlainDate;
  /** The last day after rolling a rest day forward to the next working day (art 203). */
  due: PlainDate;
  /** Whether the holiday table covers the nominal end (outside it only weekends are rolled). */
  calendarCovered: boolean;
}

/** The last day of a period of `days` calendar days starting on `start` (the start day not counted). */
export function periodEnd(calendar: HolidayCalendar, start: PlainDate, days: number): PeriodEnd {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`period must be whole days: ${days}`);
  const nominal = addDays(start, days);
  return { nominal, due: calendar.nextWorkingDay(nominal), calendarCovered: calendar.covers(nominal) };
}

/** Whether a period ending on `due` has passed on `today` (the last day runs to 24:00). */
export function hasPassed(due: PlainDate, today: PlainDate): boolean {
  return daysBetween(due, today) > 0;
}
