/**
 * A submit's `body` and a tab's `data`: like an action's params (every string an expression over the
 * scope, other values as written, objects and lists member by member), plus `$merge`, which spreads
 * an object (or several) under the keys written beside it:
 *
 *   partyEmployeePo: { $merge: form.basic, groupID: form.org.groupID }
 *
 * and `$join`, which makes a list the comma-separated text the spec's id lists are
 * (`userIds: { $join: params.userIds }`; a text stays as it is).
 */
import { evaluateExpression, type Scope } from '../expression/index.ts';

export const MERGE_KEY = '$merge';
export const JOIN_KEY = '$join';

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

export function resolveTemplate(spec: unknown, scope: Scope): unknown {
  if (typeof spec === 'string') return evaluateExpression(spec, scope);
  if (Array.isArray(spec)) return spec.map((item) => resolveTemplate(item, scope));
  if (!isPlainObject(spec)) return spec;
  if (JOIN_KEY in spec && Object.keys(spec).length === 1) {
    const value = resolveTemplate(spec[JOIN_KEY], scope);
    if (Array.isArray(value))
      return value.filter((item) => item !== undefined && item !== null && item !== '').join(',');
    return value === undefined || value === null ? undefined : String(value);
  }
  const out: Record<string, unknown> = {};
  if (MERGE_KEY in spec) {
    const merged = resolveTemplate(spec[MERGE_KEY], scope);
    for (const part of Array.isArray(merged) ? merged : [merged]) {
      if (isPlainObject(part)) Object.assign(out, part);
    }
  }
  for (const [key, value] of Object.entries(spec)) {
    if (key !== MERGE_KEY) out[key] = resolveTemplate(value, scope);
  }
  return out;
}
