/** Small checks of service input: every failure is a FilingError naming the field (translated by key). */
import { FilingError } from '../actor.ts';
import { isPlainDate, type PlainDate } from '../dates.ts';

export function text(
  value: unknown,
  field: string,
  opts: { max?: number; required?: boolean } = {},
): string | null {
  if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
    if (opts.required) throw new FilingError('required', { field });
    return null;
  }
  if (typeof value !== 'string') throw new FilingError('invalidValue', { field });
  const v = value.trim();
  const max = opts.max ?? 2000;
  if ([...v].length > max) throw new FilingError('tooLong', { field, max });
  return v;
}

export function requiredText(value: unknown, field: string, max?: number): string {
  return text(value, field, { max, required: true })!;
}

export function date(value: unknown, field: string, required = false): PlainDate | null {
  if (value === undefined || value === null || value === '') {
    if (required) throw new FilingError('required', { field });
    return null;
  }
  if (!isPlainDate(value)) throw new FilingError('invalidDate', { field });
  return value;
}

export function oneOf<T extends string>(
  value: unknown,
  field: string,
  allowed: readonly T[],
  required = false,
): T | null {
  if (value === undefined || value === null || value === '') {
    if (required) throw new FilingError('required', { field });
    return null;
  }
  if (typeof value !== 'string' || !allowed.includes(value as T))
    throw new FilingError('invalidValue', { field });
  return value as T;
}

export function bool(value: unknown, field: string): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value !== 'boolean') throw new FilingError('invalidValue', { field });
  return value;
}

export function int(
  value: unknown,
  field: string,
  min: number,
  max: number,
  required = false,
): number | null {
  if (value === undefined || value === null || value === '') {
    if (required) throw new FilingError('required', { field });
    return null;
  }
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
    throw new FilingError('outOfRange', { field, min, max });
  return value;
}

export function amount(
  value: unknown,
  field: string,
  opts: { required?: boolean; max?: number } = {},
): number | null {
  if (value === undefined || value === null || value === '') {
    if (opts.required) throw new FilingError('required', { field });
    return null;
  }
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 0 || n > (opts.max ?? 1e17))
    throw new FilingError('outOfRange', { field, min: 0, max: opts.max ?? 1e17 });
  return Math.round(n * 100) / 100;
}

export function ids(value: unknown, field: string, max = 50): string[] {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length > max || value.some((v) => typeof v !== 'string' || !v))
    throw new FilingError('invalidValue', { field });
  return [...new Set(value as string[])];
}

/** An object whose keys are all known: an unknown field is refused rather than silently dropped. */
export function known(input: unknown, allowed: readonly string[]): Record<string, unknown> {
  if (typeof input !== 'object' || input === null || Array.isArray(input))
    throw new FilingError('invalidValue', { field: 'body' });
  for (const key of Object.keys(input))
    if (!allowed.includes(key)) throw new FilingError('unknownField', { field: key });
  return input as Record<string, unknown>;
}
