/**
 * Screen expressions: `session.isSuper`, `record.status == 'actived'`, `selection.length > 1`,
 * `record.approveStatus in ['WAIT', 'REFUSED']`. Parsed once and cached; see evaluate.ts for the rules.
 */
import { ExpressionSyntaxError, type Expr } from './ast.ts';
import { evaluate, truthy, type Scope } from './evaluate.ts';
import { parseExpression, rootsOf } from './parse.ts';

export { ExpressionSyntaxError, evaluate, parseExpression, rootsOf, truthy };
export type { Expr, Scope };

/**
 * The names an expression may start with. Anything else is undefined at run time and an error in
 * the schema check (it is almost always a typo).
 */
export const SCOPE_ROOTS = [
  'session',
  'record',
  'form',
  'selection',
  'params',
  'value',
  'mode',
  'step',
] as const;

const cache = new Map<string, Expr>();

export function compileExpression(source: string): Expr {
  let expr = cache.get(source);
  if (!expr) {
    expr = parseExpression(source);
    cache.set(source, expr);
  }
  return expr;
}

export function evaluateExpression(source: string, scope: Scope): unknown {
  return evaluate(compileExpression(source), scope);
}

/**
 * A `visible`/`disabled` condition: absent → the fallback, a boolean as written, a string evaluated.
 * A condition that does not parse counts as false (the schema check reports it).
 */
export function evaluateCondition(
  condition: string | boolean | undefined,
  scope: Scope,
  fallback: boolean,
): boolean {
  if (condition === undefined) return fallback;
  if (typeof condition === 'boolean') return condition;
  try {
    return truthy(evaluateExpression(condition, scope));
  } catch {
    return false;
  }
}

/** What is wrong with an expression, or null when it is fine: for the schema check. */
export function expressionProblem(source: string, roots: readonly string[] = SCOPE_ROOTS): string | null {
  let expr: Expr;
  try {
    expr = parseExpression(source);
  } catch (error) {
    return error instanceof ExpressionSyntaxError ? error.message : String(error);
  }
  const unknown = [...rootsOf(expr)].filter((root) => !roots.includes(root));
  return unknown.length
    ? `unknown name "${unknown[0]}" in "${source}"; expressions start with one of ${roots.join(', ')}`
    : null;
}
