/**
 * A row of buttons for a screen's actions (toolbar, row, footer). Each shows when its `visible`
 * expression holds, is greyed when `disabled` holds, and spins while it runs.
 */
import { useState } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { evaluateCondition } from '../expression/index.ts';
import { useScreenContext } from '../screen-context.tsx';
import { useActionIcons } from './action-icons.tsx';
import type { ActionDefinition } from './registry.ts';
import { useCan, useSessionScope } from './session-scope.tsx';
import { useRunAction, type RunActionInput } from './useRunAction.ts';

export interface ActionButtonsProps {
  actions: readonly ActionDefinition[] | undefined;
  input?: RunActionInput;
  /** toolbar: buttons; row: small links in a table cell; footer: buttons aligned right. */
  variant?: 'toolbar' | 'row' | 'footer';
  /**
   * The record of the screen around a detail's sub-list: `record` in its toolbar's visible and disabled
   * conditions (what the viewer may do to that record now). Not a selection: the action does not get it.
   */
  around?: Record<string, unknown>;
}

export function ActionButtons({ actions, input = {}, variant = 'toolbar', around }: ActionButtonsProps) {
  const { t } = useTranslation();
  const run = useRunAction();
  const session = useSessionScope();
  const can = useCan();
  const { params } = useScreenContext();
  const [running, setRunning] = useState<number | null>(null);
  // Row buttons are links without icons.
  const icon = useActionIcons(variant === 'row' ? [] : (actions ?? []).map((action) => action.icon));
  if (!actions?.length) return null;

  const rows = input.record ? [input.record] : (input.selection ?? []);
  const scope = { session, record: input.record ?? around, selection: rows, form: input.form, params };
  const buttons = actions.flatMap((action, index) => {
    if (!can(action.permission) || !evaluateCondition(action.visible, scope, true)) return [];
    const disabled = evaluateCondition(action.disabled, scope, false);
    const onClick = () => {
      setRunning(index);
      void run(action, input).finally(() => setRunning((current) => (current === index ? null : current)));
    };
    const label = action.label ? t(action.label) : action.type;
    return [
      <Button
        key={index}
        size={variant === 'row' ? 'small' : undefined}
        type={variant === 'row' ? 'link' : action.primary ? 'primary' : 'default'}
        danger={action.danger}
        icon={variant === 'row' ? undefined : icon(action.icon)}
        disabled={disabled}
        loading={running === index}
        onClick={onClick}
        data-action={action.type}
      >
        {label}
      </Button>,
    ];
  });
  if (!buttons.length) return null;
  return (
    <Space
      size={variant === 'row' ? 0 : 8}
      wrap
      style={variant === 'footer' ? { width: '100%', justifyContent: 'flex-end' } : undefined}
      data-testid={`actions-${variant}`}
    >
      {buttons}
    </Space>
  );
}
