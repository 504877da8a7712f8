/**
 * Time stamps as the screens show them: yyyy-MM-dd HH:mm:ss (the spec's form, no zone) in the zone the
 * product's users live in — China time, whatever zone the server's machine runs in (containers and cloud
 * hosts run in UTC, where a filing made at 11:30 showed as 03:30). DISPLAY_TIME_ZONE names another
 * (an IANA zone such as Asia/Hong_Kong). List filters by date take their days in the same zone.
 */
export const DISPLAY_TIME_ZONE = process.env.DISPLAY_TIME_ZONE || 'Asia/Shanghai';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: DISPLAY_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** A time stamp as the spec shows it (yyyy-MM-dd HH:mm:ss in the display zone), null when none. */
export function formatDateTime(value: Date | string | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  const f = Object.fromEntries(parts.formatToParts(d).map((p) => [p.type, p.value]));
  return `${f.year}-${f.month}-${f.day} ${f.hour}:${f.minute}:${f.second}`;
}
