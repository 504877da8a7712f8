/**
 * The logic of a wizard: the current step, each step's values, 'next' (validate the step's form, run
 * its operation, check the answer, move on), and a step's entry actions after their delay. The
 * countdowns and the entry timer belong to this wizard: closing it (unmounting) clears them all and
 * the next opening starts at step 1 (spec §4).
 */
import { useCallback, useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showCallFailure } from '../environment/call-failure.ts';
import { useActionUi } from '../actions/action-ui.ts';
import { resolveQuery } from '../actions/params.ts';
import type { ActionUi } from '../actions/registry.ts';
import { useSessionScope } from '../actions/session-scope.tsx';
import { useRunAction } from '../actions/useRunAction.ts';
import { useDataSource } from '../data-source.tsx';
import { looselyEqual } from '../expression/evaluate.ts';
import type { Scope } from '../expression/index.ts';
import type { FormHandle, FormHostValue } from '../form/form-host.ts';
import { resolveTemplate } from '../form/template-values.ts';
import { Countdowns } from '../sms-code/countdowns.ts';
import type { WizardScreenDefinition, WizardStep } from './wizard-types.ts';

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
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<Record<string, unknown>>({});
  const [countdowns] = useState(() => new Countdowns());
  const handle = useRef<FormHandle | null>(null);
  const step = screen.steps[index];
  const isLast = index === screen.steps.length - 1;

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
        for (const action of enter.then ?? []) await runAction(action, { form: {}, close });
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
      params,
      mode: 'new',
      record: done,
      step: { key: step.key, index },
      form: value,
    };
    const move = step.next;
    if (move?.operation) {
      setBusy(true);
      let answer: unknown;
      try {
        const query = resolveQuery(move.query, scope);
        const body = move.body === undefined ? value : resolveTemplate(move.body, scope);
        answer = await dataSource(move.operation, { ...(query ? { query } : {}), body });
      } catch (error) {
        // The api client has shown failures, except pass-through states (warnings).
        showCallFailure(error, ui, (detail) => t('form.saveFailed', { detail }));
        return;
      } finally {
        setBusy(false);
      }
      if (move.expect !== undefined && !looselyEqual(answer, move.expect)) {
        ui.warning(t(move.failMessage ?? 'form.wizard.failed'));
        return;
      }
    }
    setDone((previous) => ({ ...previous, [step.key]: value }));
    if (isLast) close?.(true);
    else setIndex((i) => i + 1);
  }, [busy, step, index, session, params, done, dataSource, ui, t, isLast, close]);

  return { index, step, isLast, busy, next, host, countdowns, done, ui };
}
