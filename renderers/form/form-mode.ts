/**
 * Which mode a form is in, from its params: view when opened read-only, edit when the record's id
 * is given, else new. `params.mode` may say it outright.
 */
import type { FormMode } from './form-types.ts';

const MODES: readonly FormMode[] = ['new', 'edit', 'view'];

const yes = (value: unknown) => value === true || value === 'true' || value === 'Y' || value === 1;

export function formModeOf(params: Record<string, unknown>, idParam = 'id'): FormMode {
  if (yes(params.readonly)) return 'view';
  if (typeof params.mode === 'string' && (MODES as readonly string[]).includes(params.mode)) {
    return params.mode as FormMode;
  }
  const id = params[idParam];
  return id !== undefined && id !== null && id !== '' ? 'edit' : 'new';
}

/** A loaded record with its nulls dropped: the server sends null for 'no value', JSON Schema wants it absent. */
export function withoutNulls(record: unknown): Record<string, unknown> {
  if (!record || typeof record !== 'object' || Array.isArray(record)) return {};
  return Object.fromEntries(Object.entries(record).filter(([, value]) => value !== null));
}

/** The value at a dot path (employee.load's answer → `data`). */
export function atPath(value: unknown, path: string | undefined): unknown {
  if (!path) return value;
  let current = value;
  for (const segment of path.split('.')) {
    if (!current || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
