/**
 * "3 minutes ago" (spec §9): under 1 s 'just now', then seconds, minutes, hours, days up to 30 days,
 * then the date. Texts come from the `time` namespace of the locales, so the three languages agree.
 */
import dayjs from 'dayjs';

export type Translate = (key: string, params?: Record<string, unknown>) => string;

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Beyond this a date says more than "n days ago". */
export const RELATIVE_DAYS_LIMIT = 30;

/** Parses what the server sends (ISO 8601 or yyyy-MM-dd HH:mm:ss); undefined when it cannot. */
export function parseTime(value: string | number | Date | null | undefined): Date | undefined {
  if (value === null || value === undefined || value === '') return undefined;
  const date =
    value instanceof Date
      ? value
      : typeof value === 'number'
        ? new Date(value)
        : new Date(/^\d{4}-\d{2}-\d{2} \d/.test(value) ? value.replace(' ', 'T') : value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

export function relativeTime(
  value: string | number | Date | null | undefined,
  t: Translate,
  now: Date | number = Date.now(),
): string {
  const date = parseTime(value);
  if (!date) return '';
  const nowMs = typeof now === 'number' ? now : now.getTime();
  // A clock a little ahead of ours still reads as 'just now'.
  const elapsed = Math.max(0, nowMs - date.getTime());
  if (elapsed < SECOND) return t('time.justNow');
  if (elapsed < MINUTE) return t('time.secondsAgo', { count: Math.floor(elapsed / SECOND) });
  if (elapsed < HOUR) return t('time.minutesAgo', { count: Math.floor(elapsed / MINUTE) });
  if (elapsed < DAY) return t('time.hoursAgo', { count: Math.floor(elapsed / HOUR) });
  const days = Math.floor(elapsed / DAY);
  if (days < RELATIVE_DAYS_LIMIT) return t('time.daysAgo', { count: days });
  return dayjs(date).format(
    dayjs(date).year() === new Date(nowMs).getFullYear() ? t('time.dateThisYear') : t('time.date'),
  );
}
