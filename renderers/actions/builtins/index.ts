/** Registers the built-in actions once; imported by useRunAction, so any screen that runs actions has them. */
import { actionHandler, registerAction, type ActionHandler } from '../registry.ts';
import type { BuiltinActionName } from '../builtin-names.ts';
import { evaluateExpression } from '../../expression/index.ts';
import { actionScope } from '../scope.ts';
import { apiAction } from './api.ts';
import { dialogAction, drawerAction } from './dialog.ts';
import { downloadAction } from './download.ts';
import { navigateAction } from './navigate.ts';

const builtins: Record<BuiltinActionName, ActionHandler> = {
  api: apiAction,
  dialog: dialogAction,
  drawer: drawerAction,
  navigate: navigateAction,
  /** `type: refresh` — re-reads the screen's data. */
  refresh: (ctx) => ctx.refresh?.(),
  download: downloadAction,
  /** `type: close` — closes the dialog around the screen (with `result`, an expression, if given). */
  close: (ctx) => {
    const { result } = ctx.action;
    ctx.close?.(typeof result === 'string' ? evaluateExpression(result, actionScope(ctx)) : result);
  },
};

for (const [name, handler] of Object.entries(builtins)) {
  if (!actionHandler(name)) registerAction(name, handler);
}
