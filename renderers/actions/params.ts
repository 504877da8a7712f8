/**
 * An action's `query`, `body` and `params`: every string is an expression over the action's scope
 * (`record.id`, `selection.id`, `form`, `'PASSED'`), every other value is taken as written, and
 * objects and lists are resolved member by member.
 */
import { evaluateExpression, type Scope } from '../expression/index.ts';

export type ParamSpec = string | number | boolean | null | ParamSpec[] | { [key: string]: ParamSpec };

export function resolveParams(spec: unknown, scope: Scope): unknown {
  if (typeof spec === 'string') return evaluateExpression(spec, scope);
  if (Array.isArray(spec)) return spec.map((item) => resolveParams(item, scope));
  if (spec && typeof spec === 'object') {
    return Object.fromEntries(Object.entries(spec).map(([key, value]) => [key, resolveParams(value, scope)]));
  }
  return spec;
}

/**
 * A query string carries scalars: a list becomes the comma-separated text the spec's `ids`
 * parameters expect; empty values are left out.
 */
export function resolveQuery(
  spec: unknown,
  scope: Scope,
): Record<string, string | number | boolean> | undefined {
  if (spec === undefined) return undefined;
  const resolved = resolveParams(spec, scope);
  if (!resolved || typeof resolved !== 'object' || Array.isArray(resolved)) return undefined;
  const query: Record<string, string | number | boolean> = {};
  for (const [key, value] of Object.entries(resolved)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      const items = value.filter((item) => item !== undefined && item !== null && item !== '');
      if (items.length) query[key] = items.join(',');
    } else if (typeof value === 'object') query[key] = JSON.stringify(value);
    else query[key] = value as string | number | boolean;
  }
  return query;
}
