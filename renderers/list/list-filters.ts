/**
 * A list's `filters`: parameters sent with every request, from expressions over the screen's params,
 * the parent record (a detail's sub-list) and the session. A filter with no value yet means the list
 * must not ask at all: asking without it would list everything.
 */
import { evaluateExpression, type Scope } from '../expression/index.ts';
import type { ListParameter } from './list-request.ts';
import type { ListFilter } from './list-types.ts';

export function evaluateFilters(
  filters: readonly ListFilter[] | undefined,
  scope: Scope,
): ListParameter[] | null {
  const parameters: ListParameter[] = [];
  for (const filter of filters ?? []) {
    let value: unknown;
    try {
      value = evaluateExpression(filter.value, scope);
    } catch {
      return null;
    }
    if (value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0))
      return null;
    parameters.push({ key: filter.key, value: value as ListParameter['value'] });
  }
  return parameters;
}
