/**
 * Dates in formulas are texts 'YYYY-MM-DD' (a 'YYYY-MM-DD HH:mm:ss' or ISO date-time counts by the
 * date it writes). Arithmetic is on calendar days in UTC, never in the machine's zone, and TODAY/NOW
 * read the caller's clock in a named zone (default the product's, Asia/Shanghai): a browser in one
 * zone and a server in another compute the same dates. dayjs is not used here on purpose: its locale
 * and zone are global settings that differ between the browser and the server.
 */
import type { Span } from './ast.ts';
import { fault } from './errors.ts';
import { shown, type FormulaValue } from './values.ts';

export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}

const DAY_MS = 86_400_000;
const DATE_TEXT = /^(\d{4})-(\d{2})-(\d{2})(?:$|[T ]\d{2}:\d{2})/;

/** Milliseconds of a UTC midnight; unlike Date.UTC, years 0–99 stay themselves. Overflow carries. */
function utcMs(year: number, month: number, day: number): number {
  const date = new Date(0);
  date.setUTCFullYear(year, month - 1, day);
  return date.getTime();
}

function daysInMonth(year: number, month: number): number {
  return new Date(utcMs(year, month + 1, 0)).getUTCDate();
}

/** The date a text writes, or undefined. */
export function readDate(text: string): CalendarDate | undefined {
  const match = DATE_TEXT.exec(text.trim());
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

/** A formula value as a date: undefined for a blank, an error for anything else that is not one. */
export function toDate(value: FormulaValue, at: Span): CalendarDate | undefined {
  if (value === null || value === '') return undefined;
  const date = typeof value === 'string' ? readDate(value) : undefined;
  if (!date) throw fault('notDate', at, { value: shown(value) });
  return date;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function dateText({ year, month, day }: CalendarDate): string {
  return `${pad(year, 4)}-${pad(month)}-${pad(day)}`;
}

/** Days since 1970-01-01. */
export function dayNumber({ year, month, day }: CalendarDate): number {
  return Math.round(utcMs(year, month, day) / DAY_MS);
}

/** The date of a UTC moment; years outside 1–9999 are an error. */
function fromUtc(ms: number, at: Span): CalendarDate {
  const date = new Date(ms);
  const year = date.getUTCFullYear();
  if (!(year >= 1 && year <= 9999)) throw fault('dateOutOfRange', at);
  return { year, month: date.getUTCMonth() + 1, day: date.getUTCDate() };
}

/** DATE(y, m, d): months and days beyond their range carry over (month 13 is January next year). */
export function makeDate(year: number, month: number, day: number, at: Span): CalendarDate {
  return fromUtc(utcMs(Math.trunc(year), Math.trunc(month), Math.trunc(day)), at);
}

export function addDays(date: CalendarDate, days: number, at: Span): CalendarDate {
  return fromUtc(utcMs(date.year, date.month, date.day) + Math.trunc(days) * DAY_MS, at);
}

/** Months later (or earlier); a day the target month lacks becomes its last (01-31 + 1 → 02-28/29). */
export function addMonths(date: CalendarDate, months: number, at: Span): CalendarDate {
  const index = date.year * 12 + (date.month - 1) + Math.trunc(months);
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  if (year < 1 || year > 9999) throw fault('dateOutOfRange', at);
  return { year, month, day: Math.min(date.day, daysInMonth(year, month)) };
}

/** Whole months from start to end (end on or after start), as DATEDIF's 'M'. */
export function wholeMonths(start: CalendarDate, end: CalendarDate): number {
  const months = (end.year - start.year) * 12 + (end.month - start.month);
  return end.day < start.day ? months - 1 : months;
}

export interface Clock {
  /** The moment TODAY and NOW read. */
  now: Date;
  /** IANA zone whose calendar and wall clock they give (default Asia/Shanghai). */
  timeZone?: string;
}

/** The wall-clock date and time of the clock's moment in its zone: 'YYYY-MM-DD HH:mm:ss'. */
export function wallClock(clock: Clock | undefined, at: Span): string {
  const moment = clock?.now;
  if (!(moment instanceof Date) || Number.isNaN(moment.getTime())) throw fault('noClock', at);
  let parts: Intl.DateTimeFormatPart[];
  try {
    parts = new Intl.DateTimeFormat('en-US', {
      timeZone: clock?.timeZone ?? DEFAULT_TIME_ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    }).formatToParts(moment);
  } catch {
    throw fault('noClock', at);
  }
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${part('year').padStart(4, '0')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}
