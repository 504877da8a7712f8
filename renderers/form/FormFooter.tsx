/**
 * The buttons under a form: its extra buttons (more submits, or any registered action), cancel when
 * it sits in a dialog, and save. Each shows when its `visible` condition holds; save never shows on
 * a read-only form.
 */
import { useState } from 'react';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ActionDefinition } from '../actions/registry.ts';
import { useRunAction } from '../actions/useRunAction.ts';
import { evaluateCondition, type Scope } from '../expression/index.ts';
import { useCan } from '../actions/session-scope.tsx';
import type { FormButton, FormMode, SubmitButton, SubmitDefinition } from './form-types.ts';

export interface FormFooterProps {
  submit?: SubmitDefinition;
  buttons?: readonly FormButton[];
  showCancel: boolean;
  mode: FormMode;
  scope: Scope;
  saving: boolean;
  onSubmit(definition: SubmitDefinition): Promise<void>;
  /** What actions see as `form` and `record`. */
  actionInput(): { form: Record<string, unknown>; record?: Record<string, unknown> };
  close?: (result?: unknown) => void;
  /** Sticks to the bottom of a tall dialog. */
  sticky?: boolean;
}

const isSubmit = (button: FormButton): button is SubmitButton => button.type === 'submit';

export function FormFooter(props: FormFooterProps) {
  const {
    submit,
    buttons = [],
    showCancel,
    mode,
    scope,
    saving,
    onSubmit,
    actionInput,
    close,
    sticky,
  } = props;
  const { t } = useTranslation();
  const can = useCan();
  const run = useRunAction();
  const [running, setRunning] = useState<number | null>(null);

  const extra = buttons.flatMap((button, index) => {
    if (!can((button as ActionDefinition).permission)) return [];
    if (!evaluateCondition(button.visible, scope, true)) return [];
    // A submit button writes: like save, it is not offered on a read-only form.
    if (isSubmit(button) && mode === 'view') return [];
    const disabled = evaluateCondition((button as ActionDefinition).disabled, scope, false);
    const onClick = () => {
      setRunning(index);
      const done = isSubmit(button)
        ? onSubmit(button)
        : run(button as ActionDefinition, { ...actionInput(), close });
      void done.finally(() => setRunning(null));
    };
    return [
      <Button
        key={index}
        danger={button.danger === true}
        type={(button as ActionDefinition).primary ? 'primary' : 'default'}
        disabled={disabled || (saving && running !== index)}
        loading={running === index}
        onClick={onClick}
        data-action={button.type}
      >
        {button.label ? t(button.label) : isSubmit(button) ? t('form.save') : button.type}
      </Button>,
    ];
  });
  const showSave = submit !== undefined && mode !== 'view' && evaluateCondition(submit.visible, scope, true);
  if (!extra.length && !showCancel && !showSave) return null;
  return (
    <div
      data-testid="form-footer"
      style={{
        display: 'flex',
        justifyContent: 'flex-end',
        paddingTop: 12,
        borderTop: '1px solid rgba(5, 5, 5, 0.06)',
        ...(sticky ? { position: 'sticky', bottom: 0, background: 'inherit', zIndex: 2 } : {}),
      }}
    >
      <Space wrap>
        {extra}
        {showCancel ? <Button onClick={() => close?.()}>{t('common.cancel')}</Button> : null}
        {showSave ? (
          <Button
            type="primary"
            loading={saving && running === null}
            disabled={saving && running !== null}
            onClick={() => void onSubmit(submit)}
            data-action="save"
          >
            {t(submit.label ?? 'form.save')}
          </Button>
        ) : null}
      </Space>
    </div>
  );
}
