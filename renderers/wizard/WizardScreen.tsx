/**
 * The wizard kind's view: the steps bar (without the steps passed over), the current step (its text and its form, drawn by the form
 * kind without a footer) and its screen, if any, and the buttons: cancel and next, or close on the last
 * step (close and its `next` when it has one).
 */
import { Button, Space, Steps, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { resolveParams } from '../actions/params.ts';
import { FormHostContext } from '../form/form-host.ts';
import { NestedScreen } from '../screen-host-context.tsx';
import type { ScreenProps } from '../screen-types.ts';
import { CountdownContext } from '../sms-code/countdowns.ts';
import { stepBar } from './step-bar.ts';
import { useWizardController } from './useWizardController.ts';
import type { WizardScreenDefinition, WizardStep } from './wizard-types.ts';

const NO_PARAMS: Record<string, unknown> = {};

/** Each step's form as a form screen of its own, made once per step (a new object would reload it). */
const stepScreens = new WeakMap<WizardStep, object>();
function stepScreen(step: WizardStep, title: string) {
  let screen = stepScreens.get(step);
  if (!screen) {
    screen = { kind: 'form', title, ...step.form };
    stepScreens.set(step, screen);
  }
  return screen as { kind: string; title: string };
}

export default function WizardScreen({
  name,
  screen,
  params = NO_PARAMS,
  close,
}: ScreenProps<WizardScreenDefinition>) {
  const { t } = useTranslation();
  const wizard = useWizardController(screen, params, close);
  const { step, session, done, index } = wizard;
  const stepParams = wizard.params;
  // The step's screen params, made again only when what they read changes (a new object reloads it).
  const screenParams = useMemo(
    () =>
      (step.params
        ? resolveParams(step.params, {
            session,
            params: stepParams,
            record: done,
            step: { key: step.key, index },
          })
        : stepParams) as Record<string, unknown>,
    [step, session, stepParams, done, index],
  );

  // A step passed over (its `skip` holds for what is known now) is not in the steps bar.
  const bar = useMemo(
    () =>
      stepBar(screen.steps, index, {
        session,
        params: stepParams,
        mode: 'new',
        record: done,
        step: { key: step.key, index },
      }),
    [screen.steps, index, session, stepParams, done, step.key],
  );

  const content = (
    <div data-testid={`wizard-${name}`} data-step={step.key}>
      <Steps
        current={bar.current}
        style={{ marginBottom: 24 }}
        items={bar.steps.map(({ step: s }) => ({
          key: s.key,
          title: t(s.title),
          description: s.description ? t(s.description) : undefined,
        }))}
      />
      {step.text ? (
        <Typography.Paragraph
          style={{ textAlign: step.form ? undefined : 'center', fontSize: step.form ? undefined : 16 }}
        >
          {t(step.text)}
        </Typography.Paragraph>
      ) : null}
      {step.form ? (
        <CountdownContext.Provider value={wizard.countdowns}>
          <FormHostContext.Provider value={wizard.host}>
            <NestedScreen
              key={step.key}
              name={`${name}.${step.key}`}
              screen={stepScreen(step, screen.title)}
              params={wizard.params}
              frame="embedded"
            />
          </FormHostContext.Provider>
        </CountdownContext.Provider>
      ) : null}
      {step.screen ? (
        <NestedScreen key={`${step.key}:screen`} name={step.screen} params={screenParams} frame="embedded" />
      ) : null}
      <div style={{ display: 'flex', justifyContent: 'flex-end', paddingTop: 12 }}>
        <Space>
          {(!wizard.isLast || step.next) && close ? (
            <Button onClick={() => close()}>
              {t(wizard.isLast ? 'form.wizard.close' : 'common.cancel')}
            </Button>
          ) : null}
          {wizard.isLast && !step.next ? (
            close ? (
              <Button type="primary" onClick={() => close(true)} data-action="close">
                {t('form.wizard.close')}
              </Button>
            ) : null
          ) : (
            <Button
              type="primary"
              loading={wizard.busy}
              onClick={() => void wizard.next()}
              data-action="next"
            >
              {t(step.next?.label ?? 'form.wizard.next')}
            </Button>
          )}
        </Space>
      </div>
    </div>
  );
  // The screen host draws the page frame and title.
  return content;
}
