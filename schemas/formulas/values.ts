/**
 * The values formulas compute with and the spreadsheet rules between them: a blank (null, undefined,
 * '') is 0 in arithmetic and '' in text; numbers are tidied after every operation (tidy) so decimal
 * artefacts such as 0.1 + 0.2 = 0.30000000000000004 never reach a result. Conversions that cannot be
 * made are formula errors at the node that asked for them.
 */
import type { Span } from './ast.ts';
import { fault } from './errors.ts';

/** A value in a formula: a list is a sub-table column's values (or a multi-choice field's). */
export type FormulaValue = number | string | boolean | null | FormulaValue[];

export function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

/** A value from the form as a formula value: objects (a row, a picked organisation) are not one. */
export function fromForm(value: unknown, at: Span): FormulaValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number' || typeof value === 'string' || typeof value === 'boolean') return value;
  if (Array.isArray(value)) return value.map((item) => fromForm(item, at));
  throw fault('notScalar', at);
}

/**
 * Rounds to 10 decimal places, then to 15 significant digits (what spreadsheets show): 0.1 + 0.2 is
 * 0.3, 1.1 * 3 is 3.3. A result that is not a finite number is an error.
 */
export function tidy(x: number, at: Span): number {
  if (!Number.isFinite(x)) throw fault('badNumber', at);
  const fixed = Math.abs(x) < 1e21 ? Number(x.toFixed(10)) : x;
  const tidied = Number(fixed.toPrecision(15));
  return tidied === 0 ? 0 : tidied;
}

const NUMERIC_TEXT = /^[+-]?([0-9]+(\.[0-9]*)?|\.[0-9]+)([eE][+-]?[0-9]+)?$/;

/** The number a text spells, or undefined ('1,234.5' and '12%' included, as VALUE reads them). */
export function numberInText(text: string): number | undefined {
  let trimmed = text.trim().replace(/,(?=[0-9]{3}(\D|$))/g, '');
  let scale = 1;
  if (trimmed.endsWith('%')) {
    trimmed = trimmed.slice(0, -1).trim();
    scale = 100;
  }
  return NUMERIC_TEXT.test(trimmed) ? Number(trimmed) / scale : undefined;
}

function notScalar(value: FormulaValue, at: Span): void {
  if (Array.isArray(value)) throw fault('notScalar', at);
}

export function toNumber(value: FormulaValue, at: Span): number {
  notScalar(value, at);
  if (isBlank(value)) return 0;
  if (typeof value === 'number') return value;
  if (typeof value === 'boolean') return value ? 1 : 0;
  const found = NUMERIC_TEXT.test((value as string).trim()) ? Number(value) : undefined;
  if (found === undefined) throw fault('notNumber', at, { value: shown(value) });
  return found;
}

export function toText(value: FormulaValue, at: Span): string {
  if (Array.isArray(value)) return value.map((item) => toText(item, at)).join(', ');
  if (isBlank(value)) return '';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') return String(tidy(value, at));
  return value as string;
}

/** Conditions: TRUE/FALSE, numbers (0 is false), blank (false), and the texts TRUE/FALSE and Y/N. */
export function toBoolean(value: FormulaValue, at: Span): boolean {
  notScalar(value, at);
  if (isBlank(value)) return false;
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  const word = (value as string).trim().toUpperCase();
  if (word === 'TRUE' || word === 'Y') return true;
  if (word === 'FALSE' || word === 'N') return false;
  throw fault('notBoolean', at, { value: shown(value) });
}

/** A value as an error message quotes it (long texts cut). */
export function shown(value: FormulaValue): string {
  const text = Array.isArray(value) ? value.map(String).join(', ') : String(value ?? '');
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}

/** Order of kinds when a comparison mixes them, as spreadsheets sort: numbers, texts, logicals. */
const RANK = { number: 0, string: 1, boolean: 2 } as const;

/**
 * -1, 0 or 1. A blank takes the other side's kind (0, '' or FALSE); a number and a numeric text
 * compare as numbers (ids and codes arrive as either); texts compare case-insensitively, by code
 * point (no locale: the browser and the server must agree).
 */
export function compareValues(a: FormulaValue, b: FormulaValue, at: Span): number {
  notScalar(a, at);
  notScalar(b, at);
  if (isBlank(a) && isBlank(b)) return 0;
  const blankLike = (other: FormulaValue) =>
    typeof other === 'number' ? 0 : typeof other === 'boolean' ? false : '';
  const left = (isBlank(a) ? blankLike(b) : a) as number | string | boolean;
  const right = (isBlank(b) ? blankLike(a) : b) as number | string | boolean;
  if (typeof left === 'number' && typeof right === 'string' && NUMERIC_TEXT.test(right.trim()))
    return Math.sign(left - Number(right));
  if (typeof left === 'string' && typeof right === 'number' && NUMERIC_TEXT.test(left.trim()))
    return Math.sign(Number(left) - right);
  if (typeof left !== typeof right)
    return Math.sign(RANK[typeof left as keyof typeof RANK] - RANK[typeof right as keyof typeof RANK]);
  if (typeof left === 'string') {
    const x = left.toLowerCase();
    const y = (right as string).toLowerCase();
    return x < y ? -1 : x > y ? 1 : 0;
  }
  return Math.sign(Number(left) - Number(right));
}
