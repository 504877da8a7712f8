/**
 * A formula's problems are data, never exceptions that escape: an i18n key under `formula.error.`,
 * its params and the part of the formula it is about. Inside the package a problem travels as a
 * thrown FormulaFault (parser and evaluator unwind at once); the public functions catch it.
 */
import type { Span } from './ast.ts';

export interface FormulaError {
  /** `formula.error.<name>` (locales/<lang>/formula.yaml). */
  key: string;
  params: Record<string, string | number>;
  /** Character offsets in the formula, [start, end). */
  start: number;
  end: number;
}

export class FormulaFault extends Error {
  constructor(readonly error: FormulaError) {
    super(error.key);
    this.name = 'FormulaFault';
  }
}

export function formulaError(
  name: string,
  at: Span,
  params: Record<string, string | number> = {},
): FormulaError {
  return { key: `formula.error.${name}`, params, start: at.start, end: at.end };
}

export function fault(name: string, at: Span, params?: Record<string, string | number>): FormulaFault {
  return new FormulaFault(formulaError(name, at, params));
}

/**
 * The problem behind anything thrown inside the package: a fault as it is, a stack overflow or any
 * other surprise as one error over the whole formula (bad input must never throw out of the API).
 */
export function asFormulaError(thrown: unknown, whole: Span): FormulaError {
  if (thrown instanceof FormulaFault) return thrown.error;
  return formulaError('tooComplex', whole);
}
