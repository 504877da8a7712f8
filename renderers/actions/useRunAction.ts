/**
 * Runs an action defined in a screen file: `const run = useRunAction(); run(action, { record,
 * selection, form, refresh, close })`. It finds the registered handler, applies the selection rule
 * (spec §5) and the confirm question, then runs it; failures are shown, never thrown at the screen.
 */
import { useCallback, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { UNSAFE_NavigationContext } from 'react-router-dom';
import { showCallFailure } from '../environment/call-failure.ts';
import { useScreenContext } from '../screen-context.tsx';
import { useRendererEnvironment } from '../environment/RendererEnvironment.tsx';
import './builtins/index.ts';
import { actionHandler, type ActionContext, type ActionDefinition } from './registry.ts';
import { selectionProblem, targetRows } from './selection-rule.ts';

/** What the screen knows at the moment of the click (`params`: when not the frame's, e.g. a wizard's). */
export type RunActionInput = Pick<
  ActionContext,
  'record' | 'selection' | 'form' | 'refresh' | 'close' | 'screen' | 'params'
>;

export type RunAction = (action: ActionDefinition, input?: RunActionInput) => Promise<unknown>;

export function useRunAction(): RunAction {
  const { t } = useTranslation();
  const { call: dataSource, session, notify: ui, openDialog } = useRendererEnvironment();
  const frame = useScreenContext();
  // Not useNavigate(): that throws outside a router, and stories and tests have none.
  const navigator = useContext(UNSAFE_NavigationContext)?.navigator;

  return useCallback<RunAction>(
    async (action, input = {}) => {
      const ctx: ActionContext = {
        close: frame.close,
        ...input,
        action,
        params: input.params ?? frame.params,
        session,
        dataSource,
        t,
        navigate: navigator ? (to) => navigator.push(to) : undefined,
        ui,
        openDialog,
      };
      const handler = actionHandler(action.type);
      if (!handler) {
        ui.warning(t('action.invalid', { type: action.type }));
        return undefined;
      }
      const problem = selectionProblem(ctx);
      if (problem) {
        ui.warning(t(problem));
        return undefined;
      }
      if (action.confirm) {
        const rows = targetRows(ctx);
        const text = t(action.confirm, { ...(rows.length === 1 ? rows[0] : {}), count: rows.length });
        if (!(await ui.confirm(text))) return undefined;
      }
      try {
        return await handler(ctx);
      } catch (error) {
        // The api client has already shown its failures, except the pass-through states (warning,
        // unsupported), which it leaves to the caller.
        showCallFailure(error, ui, (detail) => t('action.failed', { detail }));
        return undefined;
      }
    },
    [t, dataSource, session, frame, ui, openDialog, navigator],
  );
}
