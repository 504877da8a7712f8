/**
 * The holiday calendar as an administrator pastes it from the State Council's notice, one entry a line:
 *   2027-01-01 休 元旦
 *   2027-02-10~2027-02-16 休 春节
 *   2027-02-07 班 春节调休
 * The kind word is 休/放假/HOLIDAY or 班/上班/WORKDAY; blank lines and lines starting with # are skipped.
 * Pure: the whole text is judged before anything is stored, and every bad line is named.
 */
import type { CalendarDay, CalendarDayKind } from './calendar.ts';
import { addDays, daysBetween, isPlainDate, weekday, type PlainDate } from './dates.ts';

export type ImportProblem =
  'format' | 'date' | 'outsideYear' | 'range' | 'kind' | 'name' | 'duplicate' | 'notWeekend';

export interface ImportLineProblem {
  line: number;
  problem: ImportProblem;
}

export type CalendarImport =
  { ok: true; days: (CalendarDay & { line: number })[] } | { ok: false; problems: ImportLineProblem[] };

const KIND_WORDS: Record<string, CalendarDayKind> = {
  休: 'HOLIDAY',
  放假: 'HOLIDAY',
  holiday: 'HOLIDAY',
  班: 'WORKDAY',
  上班: 'WORKDAY',
  workday: 'WORKDAY',
};

export const MAX_NAME = 50;

/** One line → its days, or the first thing wrong with it. */
function parseLine(
  text: string,
  year: number,
): { days: PlainDate[]; kind: CalendarDayKind; name: string } | ImportProblem {
  const m = /^(\S+)\s+(\S+)\s+(.+)$/.exec(text);
  if (!m) return 'format';
  const [from, to = from, extra] = m[1].split(/[~～]/);
  if (extra !== undefined || !isPlainDate(from) || !isPlainDate(to)) return 'date';
  if (Number(from.slice(0, 4)) !== year || Number(to.slice(0, 4)) !== year) return 'outsideYear';
  if (daysBetween(from, to) < 0) return 'range';
  const kind = KIND_WORDS[m[2].toLowerCase()];
  if (!kind) return 'kind';
  const name = m[3].trim();
  if (name.length < 1 || name.length > MAX_NAME) return 'name';
  const days: PlainDate[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) days.push(d);
  // A 调休 working day only makes sense on a weekend: a weekday is a working day already.
  if (kind === 'WORKDAY' && days.some((d) => weekday(d) !== 0 && weekday(d) !== 6)) return 'notWeekend';
  return { days, kind, name };
}

export function parseCalendarImport(text: string, year: number): CalendarImport {
  const problems: ImportLineProblem[] = [];
  const days: (CalendarDay & { line: number })[] = [];
  const seen = new Set<PlainDate>();
  text.split(/\r?\n/).forEach((raw, i) => {
    const line = i + 1;
    const trimmed = raw.trim();
    if (!trimmed || trimmed.startsWith('#')) return;
    const parsed = parseLine(trimmed, year);
    if (typeof parsed === 'string') return void problems.push({ line, problem: parsed });
    if (parsed.days.some((d) => seen.has(d))) return void problems.push({ line, problem: 'duplicate' });
    for (const day of parsed.days) {
      seen.add(day);
      days.push({ day, kind: parsed.kind, name: parsed.name, line });
    }
  });
  return problems.length ? { ok: false, problems } : { ok: true, days };
}
