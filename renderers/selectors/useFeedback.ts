/**
 * Warnings and notices of the selectors and assignment widgets, through the same channel as actions
 * (the renderer environment's `notify`): antd's message in the app, recorded by tests and stories.
 */
import { useActionUi } from '../actions/action-ui.ts';
import type { ActionUi } from '../actions/registry.ts';

export function useFeedback(): ActionUi {
  return useActionUi();
}
