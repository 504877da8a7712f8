/**
 * Saving, shared by the form and tabs kinds: call the submit's operation (updateOperation when
 * editing) with its query and body, run its `then` actions, and do what spec §4 asks afterwards —
 * by default confirm whether to continue: continuing resets a new record's form and keeps an edited
 * one; not continuing closes the dialog.
 */
import type { TFunction } from 'i18next';
import { showCallFailure } from '../environment/call-failure.ts';
import { resolveQuery } from '../actions/params.ts';
import type { ActionUi } from '../actions/registry.ts';
import type { RunAction } from '../actions/useRunAction.ts';
import type { DataSource } from '../data-source.tsx';
import type { Scope } from '../expression/index.ts';
import type { FormMode, SubmitDefinition } from './form-types.ts';
import { resolveTemplate } from './template-values.ts';

export interface SaveFlow {
  definition: SubmitDefinition;
  mode: FormMode;
  /** The scope of body and query, with `form` the values to save. */
  scope: Scope;
  dataSource: DataSource;
  ui: ActionUi;
  t: TFunction;
  runAction: RunAction;
  close?: (result?: unknown) => void;
  /** Empties the form(s) for the next new record. */
  reset(): void;
  /** Aborts the save's call (the screen unmounted before its answer); the abort is not shown. */
  signal?: AbortSignal;
}

export type SaveOutcome = { saved: false } | { saved: true; result: unknown };

export async function runSave(flow: SaveFlow): Promise<SaveOutcome> {
  const { definition, mode, scope, dataSource, ui, t, runAction, close, reset, signal } = flow;
  const operation =
    mode === 'edit' && definition.updateOperation ? definition.updateOperation : definition.operation;
  const query = resolveQuery(definition.query, scope);
  const body = definition.body === undefined ? scope.form : resolveTemplate(definition.body, scope);
  let result: unknown;
  try {
    result = await dataSource(operation, {
      ...(query ? { query } : {}),
      body,
      ...(signal ? { signal } : {}),
    });
  } catch (error) {
    if (signal?.aborted) return { saved: false };
    // The api client has shown its failures already, except pass-through states (warnings).
    showCallFailure(error, ui, (detail) => t('form.saveFailed', { detail }));
    return { saved: false };
  }
  const form = (scope.form ?? {}) as Record<string, unknown>;
  const record = result && typeof result === 'object' ? (result as Record<string, unknown>) : undefined;
  for (const action of definition.then ?? []) await runAction(action, { form, record, close });

  const afterSave = definition.afterSave ?? 'ask';
  // The message may name fields of the answer ({{answer.holidays}}).
  const success =
    definition.success === false
      ? undefined
      : t(definition.success ?? 'form.saved', { answer: record ?? {} });
  if (afterSave === 'ask') {
    const question = t(mode === 'new' ? 'form.afterSave.continueNew' : 'form.afterSave.continueEdit');
    const goOn = await ui.confirm(
      success ? t('form.afterSave.savedQuestion', { saved: success, question }) : question,
    );
    if (goOn) {
      if (mode === 'new') reset();
    } else {
      close?.(result ?? true);
    }
    return { saved: true, result };
  }
  if (success) ui.success(success);
  if (afterSave === 'close') close?.(result ?? true);
  else if (afterSave === 'reset') reset();
  return { saved: true, result };
}
