/**
 * `type: navigate` — goes to a route of the app (the shell opens or updates its tab), with a query
 * from expressions; `newWindow: true` opens a browser window instead.
 *
 *   - { type: navigate, label: message.viewAll, to: /officeDesk/innerMessage/receiveMessage }
 */
import { resolveQuery } from '../params.ts';
import type { ActionContext } from '../registry.ts';
import { actionScope } from '../scope.ts';

export interface NavigateActionDefinition {
  to: string;
  query?: Record<string, unknown>;
  newWindow?: boolean;
}

export function navigateTarget(ctx: ActionContext): string {
  const action = ctx.action as ActionContext['action'] & NavigateActionDefinition;
  const query = resolveQuery(action.query, actionScope(ctx));
  const search = query
    ? new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)])).toString()
    : '';
  return search ? `${action.to}${action.to.includes('?') ? '&' : '?'}${search}` : action.to;
}

export function navigateAction(ctx: ActionContext): string {
  const target = navigateTarget(ctx);
  const action = ctx.action as ActionContext['action'] & NavigateActionDefinition;
  if (action.newWindow || !ctx.navigate) window.open(target, action.newWindow ? '_blank' : '_self');
  else ctx.navigate(target);
  return target;
}
