/**
 * What a formula function is: its arguments (how many, of what kind), its result type for the check,
 * and how it computes. The evaluator hands `apply` the arguments' values, or `lazy` thunks for the
 * functions that must not evaluate every argument (IF(b = 0, 0, a / b) must not divide by zero).
 */
import type { Span } from '../ast.ts';
import type { Clock } from '../dates.ts';
import { formulaError, type FormulaError } from '../errors.ts';
import type { FormulaValue } from '../values.ts';

/** The type a formula (or a part of it) has, as the check sees it. */
export type FormulaType = 'number' | 'text' | 'date' | 'boolean' | 'any';

/** What an argument should be; `values` takes anything, sub-table columns included (aggregates). */
export type ParamKind = 'number' | 'text' | 'date' | 'boolean' | 'any' | 'values';

export type FunctionCategory = 'logic' | 'math' | 'text' | 'date';

export interface CallContext {
  /** The whole call, and each argument, for errors. */
  at: Span;
  argAt(index: number): Span;
  clock?: Clock;
}

export interface FunctionSpec {
  name: string;
  category: FunctionCategory;
  min: number;
  /** Infinity for a list of any length. */
  max: number;
  /** Arguments come in pairs (IFS: condition, value, condition, value…). */
  pairs?: boolean;
  /** The kind of argument i (0-based). */
  param(index: number): ParamKind;
  /** Arguments may name sub-table columns (items.amount), computed once per row. */
  aggregate?: boolean;
  returns(argTypes: FormulaType[]): FormulaType;
  apply?(args: FormulaValue[], context: CallContext): FormulaValue;
  lazy?(args: Array<() => FormulaValue>, context: CallContext): FormulaValue;
}

/** Argument kinds in order; the last `repeat` of them repeat for variadic functions. */
export function params(kinds: ParamKind[], repeat = 1): (index: number) => ParamKind {
  return (index) => {
    if (index < kinds.length) return kinds[index];
    const cycle = kinds.slice(kinds.length - repeat);
    return cycle[(index - kinds.length) % repeat];
  };
}

export const returns = (type: FormulaType) => (): FormulaType => type;

/** The type both (or all) of several branches have, else any. */
export function common(types: FormulaType[]): FormulaType {
  const known = [...new Set(types.filter((type) => type !== 'any'))];
  return known.length === 1 ? known[0] : 'any';
}

/** The argument-count error of a call, or undefined. */
export function arityError(spec: FunctionSpec, count: number, at: Span): FormulaError | undefined {
  if (count >= spec.min && count <= spec.max)
    return spec.pairs && count % 2 ? formulaError('argCountPairs', at, { name: spec.name }) : undefined;
  if (spec.min === spec.max)
    return formulaError('argCountExact', at, { name: spec.name, expected: spec.min });
  if (spec.max === Infinity) return formulaError('argCountAtLeast', at, { name: spec.name, min: spec.min });
  return formulaError('argCountBetween', at, { name: spec.name, min: spec.min, max: spec.max });
}
