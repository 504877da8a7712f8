/**
 * `type: dialog` / `type: drawer` — opens a screen in a dialog (or drawer) with params from the
 * row, selection or form; when it closes, the opener is refreshed (unless `refresh: false`).
 *
 *   - { type: dialog, label: action.edit, screen: employee-dialog, fullScreen: true,
 *       params: { id: record.id } }
 */
import { openScreenDialog } from '../../dialogs/dialog-store.ts';
import { resolveParams } from '../params.ts';
import type { ActionContext } from '../registry.ts';
import { actionScope } from '../scope.ts';

export interface DialogActionDefinition {
  screen: string;
  params?: Record<string, unknown>;
  title?: string;
  fullScreen?: boolean;
  width?: number | string;
  height?: number | string;
  refresh?: boolean;
}

function open(ctx: ActionContext, drawer: boolean): Promise<unknown> {
  const action = ctx.action as ActionContext['action'] & DialogActionDefinition;
  const params = (action.params ? resolveParams(action.params, actionScope(ctx)) : {}) as Record<
    string,
    unknown
  >;
  return (ctx.openDialog ?? openScreenDialog)({
    screen: action.screen,
    params,
    title: action.title,
    fullScreen: action.fullScreen,
    width: action.width,
    height: action.height,
    drawer,
  }).then((result) => {
    if (action.refresh !== false) ctx.refresh?.();
    return result;
  });
}

export const dialogAction = (ctx: ActionContext) => open(ctx, false);
export const drawerAction = (ctx: ActionContext) => open(ctx, true);
