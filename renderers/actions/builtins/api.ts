/**
 * `type: api` — calls an operation by id: `query` and `body` from the row, the selection or the
 * form (expressions); then a success message, a refresh of the screen, and optionally closing the
 * dialog with the call's result.
 *
 *   - { type: api, label: action.remove, operation: employee.remove, selection: multiple,
 *       confirm: action.confirmRemove, query: { ids: selection.id }, success: action.removeSuccess }
 */
import { resolveParams, resolveQuery } from '../params.ts';
import type { ActionContext } from '../registry.ts';
import { actionScope } from '../scope.ts';

export interface ApiActionDefinition {
  operation: string;
  query?: Record<string, unknown>;
  body?: unknown;
  /** Translation key of the success message; false for none. Default action.success. */
  success?: string | false;
  /** Re-read the screen's data afterwards (default true). */
  refresh?: boolean;
  /** Close the surrounding dialog with the call's result (default false). */
  close?: boolean;
}

export async function apiAction(ctx: ActionContext): Promise<unknown> {
  const action = ctx.action as ActionContext['action'] & ApiActionDefinition;
  if (!ctx.dataSource) throw new Error('api action needs a data source');
  const scope = actionScope(ctx);
  const query = resolveQuery(action.query, scope);
  const body = action.body === undefined ? undefined : resolveParams(action.body, scope);
  const result = await ctx.dataSource(action.operation, {
    ...(query ? { query } : {}),
    ...(body !== undefined ? { body } : {}),
  });
  // The message may name fields of the answer ({{answer.recomputedCases}}).
  const answer = result && typeof result === 'object' ? result : {};
  if (action.success !== false)
    ctx.ui?.success(ctx.t?.(action.success ?? 'action.success', { answer }) ?? 'OK');
  if (action.refresh !== false) ctx.refresh?.();
  if (action.close === true) ctx.close?.(result);
  return result;
}
