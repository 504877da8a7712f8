/**
 * TEXT(value, pattern). Numbers: 0 a digit always shown, # a digit shown when needed, a comma in the
 * pattern groups thousands, a % multiplies by 100; anything around the digits is kept ('¥#,##0.00',
 * '0.0%', '0元'). Dates: YYYY YY MM M DD D HH H mm ss, text in [brackets] kept as written
 * ('YYYY年MM月DD日', 'YYYY-MM-DD HH:mm'). Month or day names are not offered: they would depend on a
 * language, and the browser and the server must write the same text.
 */
import type { CalendarDate } from './dates.ts';
import { roundTo } from './numbers.ts';

const DIGITS = /[0#][0#,]*(\.[0#]*)?|\.[0#]+/;

export function formatNumber(value: number, pattern: string): string {
  const match = DIGITS.exec(pattern);
  if (!match) return pattern;
  const prefix = pattern.slice(0, match.index);
  const suffix = pattern.slice(match.index + match[0].length);
  const [whole, fraction = ''] = match[0].split('.');
  const scaled = (prefix + suffix).includes('%') ? value * 100 : value;
  const decimals = fraction.length;
  const minDecimals = fraction.replace(/#+$/, '').length;
  const minWhole = (whole.match(/0/g) ?? []).length;
  const rounded = roundTo(scaled, decimals, 'half');
  let [intText, fracText = ''] = Math.abs(rounded).toFixed(decimals).split('.');
  fracText = fracText.replace(/0+$/, '').padEnd(minDecimals, '0');
  intText = intText.replace(/^0+/, '').padStart(minWhole, '0');
  if (whole.includes(',')) intText = intText.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const sign = rounded < 0 ? '-' : '';
  return `${prefix}${sign}${intText}${fracText ? `.${fracText}` : ''}${suffix}`;
}

export interface DateTime extends CalendarDate {
  hour: number;
  minute: number;
  second: number;
}

const DATE_TOKENS = /\[([^\]]*)\]|YYYY|YY|MM|M|DD|D|HH|H|mm|ss/g;
const pad = (n: number, width = 2) => String(n).padStart(width, '0');

export function formatDate(date: DateTime, pattern: string): string {
  return pattern.replace(DATE_TOKENS, (token, literal: string | undefined) => {
    if (literal !== undefined) return literal;
    switch (token) {
      case 'YYYY':
        return pad(date.year, 4);
      case 'YY':
        return pad(date.year % 100);
      case 'MM':
        return pad(date.month);
      case 'M':
        return String(date.month);
      case 'DD':
        return pad(date.day);
      case 'D':
        return String(date.day);
      case 'HH':
        return pad(date.hour);
      case 'H':
        return String(date.hour);
      case 'mm':
        return pad(date.minute);
      default:
        return pad(date.second);
    }
  });
}

/** The time of day a date-time text writes after its date (midnight when it writes none). */
export function timeOf(text: string): { hour: number; minute: number; second: number } {
  const match = /^\s*\d{4}-\d{2}-\d{2}[T ](\d{2}):(\d{2})(?::(\d{2}))?/.exec(text);
  return match
    ? { hour: Number(match[1]), minute: Number(match[2]), second: Number(match[3] ?? 0) }
    : { hour: 0, minute: 0, second: 0 };
}
