/**
 * A year as twelve month grids, weeks starting on Monday, and the date-keyed entries laid on it. Pure
 * (dayjs for the date maths), so the layout is tested without drawing it.
 */
import dayjs from 'dayjs';

export interface DayCell {
  /** YYYY-MM-DD */
  date: string;
  day: number;
  weekend: boolean;
}

export interface MonthGrid {
  month: number;
  /** Empty cells before the 1st: its weekday counted from Monday (0) to Sunday (6). */
  leading: number;
  days: DayCell[];
}

export function mondayIndex(date: dayjs.Dayjs): number {
  return (date.day() + 6) % 7;
}

export function yearGrid(year: number): MonthGrid[] {
  return Array.from({ length: 12 }, (_, m) => {
    const first = dayjs(new Date(year, m, 1));
    const days: DayCell[] = Array.from({ length: first.daysInMonth() }, (_, i) => {
      const d = first.add(i, 'day');
      return { date: d.format('YYYY-MM-DD'), day: i + 1, weekend: mondayIndex(d) >= 5 };
    });
    return { month: m + 1, leading: mondayIndex(first), days };
  });
}

/** The entries by day (a date-time value counts by its date part). */
export function entriesByDate<T extends Record<string, unknown>>(rows: readonly T[], dateField: string) {
  const byDate = new Map<string, T>();
  for (const row of rows) {
    const value = row[dateField];
    if (typeof value === 'string' && value.length >= 10) byDate.set(value.slice(0, 10), row);
  }
  return byDate;
}

/** The rows of an answer: at `path`, or the answer itself when it is a list, else its `rows`. */
export function rowsOfAnswer(answer: unknown, path?: string): Record<string, unknown>[] {
  const picked = path
    ? (answer as Record<string, unknown> | undefined)?.[path]
    : Array.isArray(answer)
      ? answer
      : (answer as Record<string, unknown> | undefined)?.rows;
  return Array.isArray(picked) ? (picked as Record<string, unknown>[]) : [];
}
