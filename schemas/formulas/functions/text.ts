/**
 * CONCAT, LEN, LEFT, RIGHT, MID, UPPER, LOWER, TRIM, CONTAINS, TEXT, VALUE. Lengths and positions
 * count characters as people see them (a Chinese character or an emoji is one), never UTF-16 units.
 */
import type { Span } from '../ast.ts';
import { readDate } from '../dates.ts';
import { fault } from '../errors.ts';
import { formatDate, formatNumber, timeOf } from '../text-format.ts';
import {
  compareValues,
  isBlank,
  numberInText,
  shown,
  tidy,
  toNumber,
  toText,
  type FormulaValue,
} from '../values.ts';
import { present } from './math.ts';
import { params, returns, type FunctionSpec } from './spec.ts';

const chars = (text: string) => Array.from(text);

/** A count or position argument: a whole number not below `least`. */
function whole(value: FormulaValue | undefined, fallback: number, least: number, at: Span): number {
  if (value === undefined) return fallback;
  const n = Math.trunc(toNumber(value, at));
  if (n < least) throw fault('badCount', at, { value: n });
  return n;
}

function textFunction(name: string, compute: (text: string) => FormulaValue): FunctionSpec {
  return {
    name,
    category: 'text',
    min: 1,
    max: 1,
    param: params(['text']),
    returns: returns(name === 'LEN' ? 'number' : 'text'),
    apply: ([value], { argAt }) => compute(toText(value, argAt(0))),
  };
}

function side(name: 'LEFT' | 'RIGHT'): FunctionSpec {
  return {
    name,
    category: 'text',
    min: 1,
    max: 2,
    param: params(['text', 'number']),
    returns: returns('text'),
    apply: ([value, count], { argAt }) => {
      const list = chars(toText(value, argAt(0)));
      const n = whole(count, 1, 0, argAt(1));
      return (name === 'LEFT' ? list.slice(0, n) : list.slice(Math.max(list.length - n, 0))).join('');
    },
  };
}

function text(value: FormulaValue, pattern: string, at: Span): string {
  if (isBlank(value)) return '';
  if (typeof value === 'number') return formatNumber(value, pattern);
  if (typeof value !== 'string') return toText(value, at);
  const date = readDate(value);
  if (date) return formatDate({ ...date, ...timeOf(value) }, pattern);
  const number = numberInText(value);
  return number === undefined ? value : formatNumber(number, pattern);
}

export const TEXT: FunctionSpec[] = [
  {
    name: 'CONCAT',
    category: 'text',
    min: 1,
    max: Infinity,
    aggregate: true,
    param: params(['values']),
    returns: returns('text'),
    apply: (args, { argAt }) =>
      present(args, argAt)
        .map(([value, at]) => toText(value, at))
        .join(''),
  },
  textFunction('LEN', (value) => chars(value).length),
  side('LEFT'),
  side('RIGHT'),
  {
    name: 'MID',
    category: 'text',
    min: 3,
    max: 3,
    param: params(['text', 'number', 'number']),
    returns: returns('text'),
    apply: ([value, start, count], { argAt }) => {
      const from = whole(start, 1, 1, argAt(1)) - 1;
      return chars(toText(value, argAt(0)))
        .slice(from, from + whole(count, 0, 0, argAt(2)))
        .join('');
    },
  },
  textFunction('UPPER', (value) => value.toUpperCase()),
  textFunction('LOWER', (value) => value.toLowerCase()),
  textFunction('TRIM', (value) => value.trim().replace(/\s+/g, ' ')),
  {
    name: 'CONTAINS',
    category: 'text',
    min: 2,
    max: 2,
    param: params(['any', 'text']),
    returns: returns('boolean'),
    // In a list (a multi-choice field): one of its values; in a text: a part of it. Case is ignored.
    apply: ([where, part], { argAt }) => {
      if (Array.isArray(where)) return where.some((item) => compareValues(item, part, argAt(1)) === 0);
      return toText(where, argAt(0))
        .toLowerCase()
        .includes(toText(part, argAt(1)).toLowerCase());
    },
  },
  {
    name: 'TEXT',
    category: 'text',
    min: 2,
    max: 2,
    param: params(['any', 'text']),
    returns: returns('text'),
    apply: ([value, pattern], { argAt }) => text(value, toText(pattern, argAt(1)), argAt(0)),
  },
  {
    name: 'VALUE',
    category: 'text',
    min: 1,
    max: 1,
    param: params(['text']),
    returns: returns('number'),
    apply: ([value], { argAt, at }) => {
      if (typeof value !== 'string' || isBlank(value)) return toNumber(value, argAt(0));
      const number = numberInText(value);
      if (number === undefined) throw fault('notNumber', argAt(0), { value: shown(value) });
      return tidy(number, at);
    },
  },
];
