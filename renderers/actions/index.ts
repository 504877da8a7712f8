/** The action registry and everything screens need to run actions. */
export {
  registerAction,
  actionHandler,
  registeredActions,
  type ActionContext,
  type ActionDefinition,
  type ActionHandler,
  type ActionUi,
} from './registry.ts';
export { useRunAction, type RunAction, type RunActionInput } from './useRunAction.ts';
export { ActionButtons } from './ActionButtons.tsx';
export { BUILTIN_ACTIONS } from './builtin-names.ts';
export { DOMAIN_ACTIONS, isKnownAction } from './known-actions.ts';
export { useActionUi } from './action-ui.ts';
export { sessionScopeOf, useCan, useSessionScope, type SessionScope } from './session-scope.tsx';
