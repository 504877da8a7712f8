/**
 * Spec §5: single-record actions warn when nothing or more than one row is selected; batch actions
 * warn when nothing is. A row action counts its own row as the selection.
 */
import type { ActionContext } from './registry.ts';

/** The translation key of the warning, or null when the rule is met. */
export function selectionProblem(ctx: ActionContext): string | null {
  const rule = ctx.action.selection ?? 'none';
  if (rule === 'none') return null;
  const count = ctx.record ? 1 : (ctx.selection?.length ?? 0);
  if (count === 0) return 'action.selectRecord';
  if (rule === 'single' && count > 1) return 'action.selectOne';
  return null;
}

/** The rows an action works on: its own row, else the selection. */
export function targetRows(ctx: ActionContext): Record<string, unknown>[] {
  return ctx.record ? [ctx.record] : (ctx.selection ?? []);
}
