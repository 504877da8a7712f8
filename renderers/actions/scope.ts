/**
 * The names an action's expressions see: session, record, selection, form, params. In a row action
 * `selection` is that one row, so one definition serves the toolbar and the rows alike.
 */
import type { Scope } from '../expression/index.ts';
import type { ActionContext } from './registry.ts';
import { targetRows } from './selection-rule.ts';

export function actionScope(ctx: ActionContext): Scope {
  return {
    session: ctx.session ?? {},
    record: ctx.record,
    selection: targetRows(ctx),
    form: ctx.form,
    params: ctx.params ?? {},
  };
}
