/** What Enter on a list row runs: its first action the viewer may use on that row (as its buttons show). */
import { evaluateCondition } from '../expression/index.ts';
import type { ActionDefinition } from '../actions/registry.ts';

export function firstUsableAction(
  actions: readonly ActionDefinition[] | undefined,
  scope: Record<string, unknown>,
  can: (permission: unknown) => boolean,
): ActionDefinition | undefined {
  return actions?.find(
    (action) =>
      can(action.permission) &&
      evaluateCondition(action.visible, scope, true) &&
      !evaluateCondition(action.disabled, scope, false),
  );
}
