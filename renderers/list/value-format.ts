/** Pure value formatting shared by list cells and detail fields: numbers, relative times, yes/no. */
import dayjs from 'dayjs';

/** Spec §9: number abbreviation k, M, G, T, P, E (steps of 1000). */
const UNITS = ['', 'k', 'M', 'G', 'T', 'P', 'E'];

export function abbreviateNumber(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const sign = value < 0 ? '-' : '';
  let n = Math.abs(value);
  let unit = 0;
  while (n >= 1000 && unit < UNITS.length - 1) {
    n /= 1000;
    unit += 1;
  }
  if (unit === 0) return `${sign}${Math.round(n * 100) / 100}`;
  // 1.2k, 12.3k, 123k: one decimal below 100, none above; a trailing .0 is dropped.
  let text = n >= 100 ? String(Math.round(n)) : n.toFixed(1).replace(/\.0$/, '');
  // Rounding may carry into the next unit: 999.6k → 1000k → 1M.
  if (Number(text) >= 1000 && unit < UNITS.length - 1) {
    unit += 1;
    text = '1';
  }
  return `${sign}${text}${UNITS[unit]}`;
}

export type RelativeUnit = 'justNow' | 'seconds' | 'minutes' | 'hours' | 'days';

/**
 * Spec §9: under 1 s 'just now', then seconds, minutes, hours, days up to about 30 days, then the
 * date. Future times (clock skew) count as just now.
 */
export function relativeTime(
  value: dayjs.ConfigType,
  now: number = Date.now(),
): { unit: RelativeUnit; count: number } | { date: string } {
  const at = dayjs(value);
  const seconds = Math.floor((now - at.valueOf()) / 1000);
  if (seconds < 1) return { unit: 'justNow', count: 0 };
  if (seconds < 60) return { unit: 'seconds', count: seconds };
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return { unit: 'hours', count: hours };
  const days = Math.floor(hours / 24);
  if (days <= 30) return { unit: 'days', count: days };
  return { date: at.format('YYYY-MM-DD') };
}

/** Y/N, 1/0, true/false (and their text forms) → true/false; anything else → undefined. */
export function yesNo(value: unknown): boolean | undefined {
  if (value === true || value === 1 || value === 'Y' || value === 'y' || value === '1' || value === 'true')
    return true;
  if (value === false || value === 0 || value === 'N' || value === 'n' || value === '0' || value === 'false')
    return false;
  return undefined;
}
