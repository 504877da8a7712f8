/**
 * An action's `query`, `body` and `params`: every string is an expression over the action's scope
 * (`record.id`, `selection.id`, `form`, `'PASSED'`), every other value is taken as written, and
 * objects and lists are resolved member by member.
 */
import { evaluateExpression, type Scope } from '../expression/index.ts';
import { JOIN_KEY } from '../form/template-values.ts';

const isJoin = (v: unknown): v is Record<typeof JOIN_KEY, unknown> =>
  !!v && typeof v === 'object' && !Array.isArray(v) && Object.keys(v).length === 1 && JOIN_KEY in v;

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
  for (const [key, found] of Object.entries(resolved)) {
    // `{ $join: list }` (the body's way to write an id list) means the same here as the list itself.
    const value = isJoin(found) ? found[JOIN_KEY] : found;
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value)) {
      const items = value.filter((item) => item !== undefined && item !== null && item !== '');
      if (items.length) query[key] = items.join(',');
    } else if (typeof value === 'object') query[key] = JSON.stringify(value);
    else query[key] = value as string | number | boolean;
  }
  return query;
}
