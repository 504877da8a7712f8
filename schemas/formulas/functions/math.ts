/**
 * SUM, AVG, MIN, MAX, COUNT over values or sub-table columns (SUM(items.amount), SUM(a, b, c));
 * ROUND, ROUNDUP, ROUNDDOWN, ABS, INT, MOD. Blanks are left out of the aggregates; AVG of nothing is
 * blank and MIN/MAX of nothing 0, as spreadsheets give.
 */
import type { Span } from '../ast.ts';
import { fault } from '../errors.ts';
import { roundTo, type Rounding } from '../numbers.ts';
import { isBlank, tidy, toNumber, type FormulaValue } from '../values.ts';
import { params, returns, type CallContext, type FunctionSpec } from './spec.ts';

/** Every non-blank value of the arguments, lists flattened, with where it came from. */
export function present(args: FormulaValue[], argAt: CallContext['argAt']): Array<[FormulaValue, Span]> {
  const found: Array<[FormulaValue, Span]> = [];
  const visit = (value: FormulaValue, at: Span) => {
    if (Array.isArray(value)) value.forEach((item) => visit(item, at));
    else if (!isBlank(value)) found.push([value, at]);
  };
  args.forEach((arg, i) => visit(arg, argAt(i)));
  return found;
}

const numbers = (args: FormulaValue[], argAt: CallContext['argAt']) =>
  present(args, argAt).map(([value, at]) => toNumber(value, at));

function aggregate(name: string, compute: (values: number[], at: Span) => FormulaValue): FunctionSpec {
  return {
    name,
    category: 'math',
    min: 1,
    max: Infinity,
    aggregate: true,
    param: params(['values']),
    returns: returns('number'),
    apply: (args, { argAt, at }) => compute(numbers(args, argAt), at),
  };
}

function rounding(name: string, mode: Rounding): FunctionSpec {
  return {
    name,
    category: 'math',
    min: 1,
    max: 2,
    param: params(['number', 'number']),
    returns: returns('number'),
    apply: ([value, digits], { argAt, at }) =>
      tidy(
        roundTo(toNumber(value, argAt(0)), digits === undefined ? 0 : toNumber(digits, argAt(1)), mode),
        at,
      ),
  };
}

function unary(name: string, compute: (x: number) => number): FunctionSpec {
  return {
    name,
    category: 'math',
    min: 1,
    max: 1,
    param: params(['number']),
    returns: returns('number'),
    apply: ([value], { argAt, at }) => tidy(compute(toNumber(value, argAt(0))), at),
  };
}

/** The remainder with the divisor's sign (MOD(-3, 2) is 1), as spreadsheets compute it; % is the same. */
export function modulo(a: number, b: number, at: Span): number {
  if (b === 0) throw fault('divideByZero', at);
  return tidy(a - b * Math.floor(tidy(a / b, at)), at);
}

export const MATH: FunctionSpec[] = [
  aggregate('SUM', (values, at) => values.reduce((sum, x) => tidy(sum + x, at), 0)),
  aggregate('AVG', (values, at) =>
    values.length ? tidy(values.reduce((sum, x) => sum + x, 0) / values.length, at) : null,
  ),
  aggregate('MIN', (values) => values.reduce((min, x) => Math.min(min, x), values.length ? Infinity : 0)),
  aggregate('MAX', (values) => values.reduce((max, x) => Math.max(max, x), values.length ? -Infinity : 0)),
  {
    name: 'COUNT',
    category: 'math',
    min: 1,
    max: Infinity,
    aggregate: true,
    param: params(['values']),
    returns: returns('number'),
    // Values that are filled in, of any kind; COUNT(items) counts a sub-table's rows.
    apply: (args, { argAt }) => present(args, argAt).length,
  },
  rounding('ROUND', 'half'),
  rounding('ROUNDUP', 'up'),
  rounding('ROUNDDOWN', 'down'),
  unary('ABS', Math.abs),
  unary('INT', Math.floor),
  {
    name: 'MOD',
    category: 'math',
    min: 2,
    max: 2,
    param: params(['number', 'number']),
    returns: returns('number'),
    apply: ([a, b], { argAt, at }) => modulo(toNumber(a, argAt(0)), toNumber(b, argAt(1)), at),
  },
];
