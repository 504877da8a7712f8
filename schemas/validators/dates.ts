/** Calendar checks for the spec's display formats: yyyy-MM-dd and yyyy-MM-dd HH:mm:ss. */

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DATE_TIME = /^(\d{4}-\d{2}-\d{2}) ([01]\d|2[0-3]):([0-5]\d):([0-5]\d)$/;

function daysInMonth(year: number, month: number): number {
  // Day 0 of the next month is the last day of this one; UTC avoids time-zone shifts.
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** True for an existing day of the Gregorian calendar (so 2023-02-29 is rejected). */
export function isValidYmd(year: number, month: number, day: number): boolean {
  return month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
}

export function isCalendarDate(value: string): boolean {
  const match = DATE.exec(value);
  return match !== null && isValidYmd(Number(match[1]), Number(match[2]), Number(match[3]));
}

export function isDateTime(value: string): boolean {
  const match = DATE_TIME.exec(value);
  return match !== null && isCalendarDate(match[1]);
}

/** Both formats are fixed-width and zero-padded, so string order is time order (used by formatMinimum). */
export function compareFixedWidth(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
