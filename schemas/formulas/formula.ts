/**
 * Parse, check and evaluate one formula (README.md). Nothing here throws on bad input or runs code
 * from it: every problem comes back as a FormulaError.
 */
import type { FormulaNode } from './ast.ts';
import { FormulaChecker, type FormulaField } from './check.ts';
import type { Clock } from './dates.ts';
import { asFormulaError, formulaError, type FormulaError } from './errors.ts';
import { evaluateNode, type FormValues } from './evaluate.ts';
import type { FormulaType } from './functions/index.ts';
import { parseTree } from './parse.ts';
import type { FormulaValue } from './values.ts';

export type { FormValues };

const cache = new Map<string, FormulaNode | FormulaError>();
const CACHE_SIZE = 1000;

export function isFormulaError(value: unknown): value is FormulaError {
  return typeof value === 'object' && value !== null && 'key' in value && !('type' in value);
}

/** The formula's syntax tree, or the first syntax error with its position. */
export function parseFormula(source: string): FormulaNode | FormulaError {
  if (typeof source !== 'string') return formulaError('empty', { start: 0, end: 0 });
  let parsed = cache.get(source);
  if (parsed === undefined) {
    try {
      parsed = parseTree(source);
    } catch (thrown) {
      parsed = asFormulaError(thrown, { start: 0, end: source.length });
    }
    if (cache.size >= CACHE_SIZE) cache.clear();
    cache.set(source, parsed);
  }
  return parsed;
}

export interface FormulaCheck {
  errors: FormulaError[];
  /** The type of the result; null when the formula does not parse. */
  type: FormulaType | null;
}

/** Every problem of a formula over these fields, and its result type. */
export function checkFormula(source: string, fields: readonly FormulaField[]): FormulaCheck {
  const parsed = parseFormula(source);
  if (isFormulaError(parsed)) return { errors: [parsed], type: null };
  const checker = new FormulaChecker(fields);
  try {
    const type = checker.check(parsed);
    return { errors: checker.errors, type };
  } catch (thrown) {
    return { errors: [asFormulaError(thrown, parsed)], type: null };
  }
}

export type EvaluateOptions = Partial<Clock>;

export type FormulaResult = { value: FormulaValue } | { error: FormulaError };

/**
 * The formula's value over the form's values: a number, a text (dates as 'YYYY-MM-DD'), a logical
 * value or null (blank); or the error that stopped it. TODAY and NOW read `now` (none: an error).
 */
export function evaluateFormula(
  source: string,
  values: FormValues | null | undefined,
  options: EvaluateOptions = {},
): FormulaResult {
  const parsed = parseFormula(source);
  if (isFormulaError(parsed)) return { error: parsed };
  const clock = options.now ? { now: new Date(options.now), timeZone: options.timeZone } : undefined;
  try {
    const value = evaluateNode(parsed, { values: values ?? {}, clock });
    if (Array.isArray(value)) return { error: formulaError('notScalar', parsed) };
    return { value };
  } catch (thrown) {
    return { error: asFormulaError(thrown, parsed) };
  }
}
