/**
 * TODAY, NOW, DATE, YEAR, MONTH, DAY, DAYS, DATEDIF, ADDDAYS, ADDMONTHS over 'YYYY-MM-DD' texts
 * (dates.ts). A blank date gives a blank result, so a duration stays empty until both dates are in.
 */
import type { Span } from '../ast.ts';
import {
  addDays,
  addMonths,
  dateText,
  dayNumber,
  makeDate,
  toDate,
  wallClock,
  wholeMonths,
  type CalendarDate,
} from '../dates.ts';
import { fault } from '../errors.ts';
import { shown, toNumber, toText, type FormulaValue } from '../values.ts';
import { params, returns, type CallContext, type FunctionSpec } from './spec.ts';

/** Runs `compute` on the dates of the `dates` first arguments, or gives blank when one is blank. */
function withDates(
  args: FormulaValue[],
  count: number,
  { argAt }: CallContext,
  compute: (dates: CalendarDate[]) => FormulaValue,
): FormulaValue {
  const dates = args.slice(0, count).map((value, i) => toDate(value, argAt(i)));
  return dates.every((date) => date !== undefined) ? compute(dates as CalendarDate[]) : null;
}

function part(name: string, pick: (date: CalendarDate) => number): FunctionSpec {
  return {
    name,
    category: 'date',
    min: 1,
    max: 1,
    param: params(['date']),
    returns: returns('number'),
    apply: (args, context) => withDates(args, 1, context, ([date]) => pick(date)),
  };
}

function shift(name: string, move: (date: CalendarDate, n: number, at: Span) => CalendarDate): FunctionSpec {
  return {
    name,
    category: 'date',
    min: 2,
    max: 2,
    param: params(['date', 'number']),
    returns: returns('date'),
    apply: (args, context) =>
      withDates(args, 1, context, ([date]) =>
        dateText(move(date, toNumber(args[1], context.argAt(1)), context.at)),
      ),
  };
}

/** DATEDIF's whole units between two dates; the start may not be after the end. */
function difference(start: CalendarDate, end: CalendarDate, unit: string, context: CallContext): number {
  if (dayNumber(start) > dayNumber(end)) throw fault('startAfterEnd', context.at);
  switch (unit.trim().toUpperCase()) {
    case 'D':
      return dayNumber(end) - dayNumber(start);
    case 'M':
      return wholeMonths(start, end);
    case 'Y':
      return Math.floor(wholeMonths(start, end) / 12);
    default:
      throw fault('badUnit', context.argAt(2), { value: shown(unit) });
  }
}

export const DATE: FunctionSpec[] = [
  {
    name: 'TODAY',
    category: 'date',
    min: 0,
    max: 0,
    param: params([]),
    returns: returns('date'),
    apply: (_, { clock, at }) => wallClock(clock, at).slice(0, 10),
  },
  {
    name: 'NOW',
    category: 'date',
    min: 0,
    max: 0,
    param: params([]),
    returns: returns('date'),
    apply: (_, { clock, at }) => wallClock(clock, at),
  },
  {
    name: 'DATE',
    category: 'date',
    min: 3,
    max: 3,
    param: params(['number', 'number', 'number']),
    returns: returns('date'),
    apply: (args, { argAt, at }) => {
      const [year, month, day] = args.map((value, i) => toNumber(value, argAt(i)));
      return dateText(makeDate(year, month, day, at));
    },
  },
  part('YEAR', (date) => date.year),
  part('MONTH', (date) => date.month),
  part('DAY', (date) => date.day),
  {
    name: 'DAYS',
    category: 'date',
    min: 2,
    max: 2,
    param: params(['date', 'date']),
    returns: returns('number'),
    apply: (args, context) =>
      withDates(args, 2, context, ([end, start]) => dayNumber(end) - dayNumber(start)),
  },
  {
    name: 'DATEDIF',
    category: 'date',
    min: 3,
    max: 3,
    param: params(['date', 'date', 'text']),
    returns: returns('number'),
    apply: (args, context) =>
      withDates(args, 2, context, ([start, end]) =>
        difference(start, end, toText(args[2], context.argAt(2)), context),
      ),
  },
  shift('ADDDAYS', addDays),
  shift('ADDMONTHS', addMonths),
];
