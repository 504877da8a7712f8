/**
 * Evaluates a parsed screen expression against a scope. Only data is read: own properties of plain
 * values, never prototypes, so `record.constructor` is simply undefined. No eval, no new Function.
 */
import type { Expr } from './ast.ts';

export type Scope = Record<string, unknown>;

/** An empty list is false too, so `selection` alone means "something is selected". */
export function truthy(value: unknown): boolean {
  return Array.isArray(value) ? value.length > 0 : Boolean(value);
}

function member(value: unknown, segment: string): unknown {
  if (Array.isArray(value)) {
    if (segment === 'length') return value.length;
    if (/^[0-9]+$/.test(segment)) return value[Number(segment)];
    // A field of a list is the list of that field: selection.id → every selected id.
    return value.map((item) => member(item, segment));
  }
  if (value !== null && typeof value === 'object' && Object.hasOwn(value, segment)) {
    return (value as Record<string, unknown>)[segment];
  }
  if (typeof value === 'string' && segment === 'length') return value.length;
  return undefined;
}

/** Equality with numbers and numeric strings treated alike (ids and flags arrive as either). */
export function looselyEqual(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (a === null || a === undefined || b === null || b === undefined) return (a ?? null) === (b ?? null);
  if (typeof a === 'number' && typeof b === 'string' && b.trim() !== '') return a === Number(b);
  if (typeof b === 'number' && typeof a === 'string' && a.trim() !== '') return b === Number(a);
  return false;
}

function compare(a: unknown, b: unknown, test: (order: number) => boolean): boolean {
  if (typeof a === 'number' && typeof b === 'number') return test(a - b);
  if (typeof a === 'string' && typeof b === 'string') return test(a < b ? -1 : a > b ? 1 : 0);
  return false;
}

export function evaluate(expr: Expr, scope: Scope): unknown {
  switch (expr.type) {
    case 'literal':
      return expr.value;
    case 'path': {
      const [root, ...rest] = expr.segments;
      let value: unknown = Object.hasOwn(scope, root) ? scope[root] : undefined;
      for (const segment of rest) value = member(value, segment);
      return value;
    }
    case 'array':
      return expr.items.map((item) => evaluate(item, scope));
    case 'not':
      return !truthy(evaluate(expr.operand, scope));
    case 'binary': {
      if (expr.op === '&&') {
        const left = evaluate(expr.left, scope);
        return truthy(left) ? evaluate(expr.right, scope) : left;
      }
      if (expr.op === '||') {
        const left = evaluate(expr.left, scope);
        return truthy(left) ? left : evaluate(expr.right, scope);
      }
      const left = evaluate(expr.left, scope);
      const right = evaluate(expr.right, scope);
      switch (expr.op) {
        case '==':
          return looselyEqual(left, right);
        case '!=':
          return !looselyEqual(left, right);
        case '<':
          return compare(left, right, (o) => o < 0);
        case '<=':
          return compare(left, right, (o) => o <= 0);
        case '>':
          return compare(left, right, (o) => o > 0);
        case '>=':
          return compare(left, right, (o) => o >= 0);
        case 'in':
          if (Array.isArray(right)) return right.some((item) => looselyEqual(left, item));
          if (typeof right === 'string' && typeof left === 'string') return right.includes(left);
          return false;
      }
    }
  }
}
