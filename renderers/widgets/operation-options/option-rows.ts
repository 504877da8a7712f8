/** Rows of an operation's answer turned into select options (pure; see OperationOptionsWidget). */

export interface OperationOptionsConfig {
  /** Operation id giving the rows, e.g. role.query or group.query. */
  operation: string;
  query?: Record<string, unknown>;
  body?: unknown;
  /** Field of a row stored as the value (default id). */
  valueField?: string;
  /** Field of a row shown (default name). */
  labelField?: string;
  /** Query keys filled from the screen's params: `{ id: id }` sends `?id=<params.id>` when it has one. */
  paramQuery?: Record<string, string>;
}

/** The query of the call: `query` plus each `paramQuery` key whose screen param has a value. */
export function queryWithParams(
  query: Record<string, unknown> | undefined,
  paramQuery: Record<string, unknown> | undefined,
  params: Record<string, unknown>,
): Record<string, unknown> | undefined {
  const filled: Record<string, unknown> = { ...query };
  for (const [key, name] of Object.entries(paramQuery ?? {})) {
    const value = typeof name === 'string' ? params[name] : undefined;
    if (typeof value === 'string' ? value !== '' : typeof value === 'number') filled[key] = String(value);
  }
  return Object.keys(filled).length || query ? filled : undefined;
}

export interface SelectOption {
  value: string | number;
  label: string;
}

/** A page ({dataResult}), a plain list, or {rows}/{list}: the rows it carries. */
export function rowsOf(answer: unknown): Record<string, unknown>[] {
  if (Array.isArray(answer)) return answer as Record<string, unknown>[];
  if (answer && typeof answer === 'object') {
    for (const key of ['dataResult', 'rows', 'list']) {
      const rows = (answer as Record<string, unknown>)[key];
      if (Array.isArray(rows)) return rows as Record<string, unknown>[];
    }
  }
  return [];
}

export function optionsFrom(answer: unknown, valueField = 'id', labelField = 'name'): SelectOption[] {
  const seen = new Set<string>();
  const options: SelectOption[] = [];
  for (const row of rowsOf(answer)) {
    const value = row?.[valueField];
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    if (seen.has(String(value))) continue;
    seen.add(String(value));
    const label = row[labelField];
    options.push({ value, label: label === undefined || label === null ? String(value) : String(label) });
  }
  return options;
}

/**
 * Several values may be stored as a list (array field) or as one comma-separated string (the spec's
 * Y/N and attribute values do so); these convert between the stored value and the select's value.
 */
export function selectedValues(value: unknown, multiple: boolean, commaList: boolean): unknown {
  if (!multiple) return value === '' || value === null ? undefined : value;
  if (Array.isArray(value)) return value;
  if (commaList && typeof value === 'string') return value ? value.split(',') : [];
  return value === undefined || value === null ? [] : [value];
}

export function storedValue(selected: unknown, multiple: boolean, commaList: boolean): unknown {
  if (!multiple) return selected ?? undefined;
  const list = Array.isArray(selected) ? selected : [];
  if (commaList) return list.length ? list.join(',') : undefined;
  return list;
}
