/**
 * Plain calendar dates ('YYYY-MM-DD') for legal periods. A legal day is a day in China (UTC+8, no daylight
 * saving), whatever the server's own time zone; arithmetic runs on UTC midnights so it never drifts.
 */

export type PlainDate = string;

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const CHINA_OFFSET_MS = 8 * 3600_000;
const DAY_MS = 86_400_000;

export function isPlainDate(value: unknown): value is PlainDate {
  if (typeof value !== 'string') return false;
  const m = DATE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(+m[1], +m[2] - 1, +m[3]));
  return d.getUTCFullYear() === +m[1] && d.getUTCMonth() === +m[2] - 1 && d.getUTCDate() === +m[3];
}

function toUtc(date: PlainDate): number {
  if (!isPlainDate(date)) throw new RangeError(`not a date: ${date}`);
  return Date.parse(`${date}T00:00:00Z`);
}

function fromUtc(ms: number): PlainDate {
  return new Date(ms).toISOString().slice(0, 10);
}

export function addDays(date: PlainDate, days: number): PlainDate {
  return fromUtc(toUtc(date) + days * DAY_MS);
}

/** Whole days from a to b (b - a); negative when b is earlier. */
export function daysBetween(a: PlainDate, b: PlainDate): number {
  return Math.round((toUtc(b) - toUtc(a)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday. */
export function weekday(date: PlainDate): number {
  return new Date(toUtc(date)).getUTCDay();
}

/** The date in China at an instant. */
export function chinaDate(at: Date): PlainDate {
  return fromUtc(at.getTime() + CHINA_OFFSET_MS);
}

/** The instant a China date begins (00:00 in UTC+8). */
export function chinaMidnight(date: PlainDate): Date {
  return new Date(toUtc(date) - CHINA_OFFSET_MS);
}

export function minDate(a: PlainDate, b: PlainDate): PlainDate {
  return a <= b ? a : b;
}

export function maxDate(a: PlainDate, b: PlainDate): PlainDate {
  return a >= b ? a : b;
}
