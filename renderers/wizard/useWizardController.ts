/**
 * The logic of a wizard: the current step, each step's values, 'next' (validate the step's form, run
 * its operation, check the answer, move on), and a step's entry actions after their delay. The
 * countdowns and the entry timer belong to this wizard: closing it (unmounting) clears them all and
 * the next opening starts at step 1 (spec §4).
 */
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showCallFailure } from '../environment/call-failure.ts';
import { useMutation } from '../environment/use-mutation.ts';
import { useActionUi } from '../actions/action-ui.ts';
import { resolveParams, resolveQuery } from '../actions/params.ts';
import type { ActionUi } from '../actions/registry.ts';
import { useSessionScope } from '../actions/session-scope.tsx';
import { useRunAction, type RunActionInput } from '../actions/useRunAction.ts';
import { useDataSource } from '../data-source.tsx';
import { looselyEqual } from '../expression/evaluate.ts';
import { evaluateCondition, type Scope } from '../expression/index.ts';
import type { FormHandle, FormHostValue } from '../form/form-host.ts';
import { resolveTemplate } from '../form/template-values.ts';
import { Countdowns } from '../sms-code/countdowns.ts';
import type { StepNext, WizardScreenDefinition, WizardStep } from './wizard-types.ts';

export interface WizardController {
  index: number;
  step: WizardStep;
  isLast: boolean;
  busy: boolean;
  next(): Promise<void>;
  /** The FormHost of the current step's form. */
  host: FormHostValue;
  countdowns: Countdowns;
  /** Values of the finished steps, by step key (`record` in expressions). */
  done: Record<string, unknown>;
  /** The wizard's params with what finished steps carried (`next.carry`): what the steps see as `params`. */
  params: Record<string, unknown>;
  session: Record<string, unknown>;
  ui: ActionUi;
}

export function useWizardController(
  screen: WizardScreenDefinition,
  params: Record<string, unknown>,
  close?: (result?: unknown) => void,
): WizardController {
  const { t } = useTranslation();
  const dataSource = useDataSource();
  const session = useSessionScope();
  const runAction = useRunAction();
  const ui = useActionUi();
  const [index, setIndex] = useState(0);
  // A step's operation (cancelled if the wizard closes first).
  const { run: sendStep, running: busy } = useMutation(
    (
      signal,
      { move, scope, value }: { move: StepNext & { operation: string }; scope: Scope; value: unknown },
    ) => {
      const query = resolveQuery(move.query, scope);
      const body = move.body === undefined ? value : resolveTemplate(move.body, scope);
      return dataSource(move.operation, { ...(query ? { query } : {}), body, signal });
    },
  );
  const [done, setDone] = useState<Record<string, unknown>>({});
  const [carried, setCarried] = useState<Record<string, unknown>>({});
  const [countdowns] = useState(() => new Countdowns());
  const handle = useRef<FormHandle | null>(null);
  const step = screen.steps[index];
  const isLast = index === screen.steps.length - 1;
  const stepParams = useMemo(() => ({ ...params, ...carried }), [params, carried]);

  useEffect(() => () => countdowns.clear(), [countdowns]);

  const host = useMemo<FormHostValue>(
    () => ({
      hasData: false,
      register: (h) => {
        handle.current = h;
        return () => {
          if (handle.current === h) handle.current = null;
        };
      },
    }),
    [],
  );

  // A step's entry: after its delay, the message and the actions (cancelled if the wizard closes first).
  const enterStep = useEffectEvent(() => {
    const enter = step.onEnter;
    if (!enter) return undefined;
    const timer = setTimeout(() => {
      if (enter.success) ui.success(t(enter.success));
      void (async () => {
        for (const action of enter.then ?? [])
          await runAction(action, { form: {}, params: stepParams, close });
      })();
    }, enter.delay ?? 0);
    return () => clearTimeout(timer);
  });
  // Once per step reached.
  useEffect(() => enterStep(), [index]);

  const next = useCallback(async () => {
    if (busy) return;
    const current = handle.current;
    if (current && !current.validate()) return;
    const value = current ? current.value() : {};
    const scope: Scope = {
      session,
      params: stepParams,
      mode: 'new',
      record: done,
      step: { key: step.key, index },
      form: value,
    };
    const move = step.next;
    if (move?.operation) {
      const sent = await sendStep({ move: { ...move, operation: move.operation }, scope, value });
      if (!sent) return;
      if (!sent.ok) {
        // The api client has shown failures, except pass-through states (warnings).
        showCallFailure(sent.error, ui, (detail) => t('form.saveFailed', { detail }));
        return;
      }
      const answer = sent.data;
      if (move.expect !== undefined && !looselyEqual(answer, move.expect)) {
        ui.warning(t(move.failMessage ?? 'form.wizard.failed'));
        return;
      }
      if (move.carry) {
        const more = resolveParams(move.carry, { ...scope, value: answer }) as Record<string, unknown>;
        scope.params = { ...stepParams, ...more };
        setCarried((previous) => ({ ...previous, ...more }));
      }
    }
    const record = { ...done, [step.key]: value };
    setDone(record);
    const actions = move?.then ?? [];
    const input: RunActionInput = {
      form: value as Record<string, unknown>,
      record,
      params: scope.params as Record<string, unknown>,
      close,
    };
    if (isLast) {
      close?.(true);
      // After closing: a dialog an action opens replaces the wizard (its promise ends with that dialog).
      void (async () => {
        for (const action of actions) await runAction(action, input);
      })();
      return;
    }
    for (const action of actions) await runAction(action, input);
    // The next step whose `skip` does not hold (all skipped: the wizard is done).
    const after = { ...scope, record };
    let to = index + 1;
    while (to < screen.steps.length && evaluateCondition(screen.steps[to].skip, after, false)) to += 1;
    if (to >= screen.steps.length) close?.(true);
    else setIndex(to);
  }, [busy, step, index, session, stepParams, done, sendStep, ui, t, isLast, close, runAction, screen.steps]);

  return { index, step, isLast, busy, next, host, countdowns, done, params: stepParams, session, ui };
}
