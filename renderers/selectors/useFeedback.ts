/**
 * Warnings and notices of the selectors and assignment widgets, through the same channel as actions
 * (ActionUiContext): antd's message in the app, recorded by tests and stories that provide one.
 */
import { useContext, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionUiContext, defaultActionUi } from '../actions/action-ui.ts';
import type { ActionUi } from '../actions/registry.ts';

export function useFeedback(): ActionUi {
  const { t } = useTranslation();
  const given = useContext(ActionUiContext);
  return useMemo(() => given ?? defaultActionUi(t), [given, t]);
}
