/** The wizard kind's part of a screen file (schemas/meta/screen-kinds/wizard.schema.json is the authority). */
import type { ActionDefinition } from '../actions/registry.ts';
import type { FormBody } from '../form/form-types.ts';
import type { ScreenDefinition } from '../screen-types.ts';

/** What 'next' does once the step's form is valid. */
export interface StepNext {
  /** Translation key of the button (default form.wizard.next). */
  label?: string;
  /** Operation called with the step's values (`form`); absent → just move on. */
  operation?: string;
  query?: Record<string, unknown>;
  body?: unknown;
  /** The answer must equal this, else `failMessage` and the step stays. */
  expect?: unknown;
  /** Translation key of the warning when the answer is not `expect`. */
  failMessage?: string;
  /**
   * Params the later steps get on top of the wizard's own: names → expressions over the step's scope,
   * where `value` is the operation's answer (a created record's id carried into the next steps).
   */
  carry?: Record<string, unknown>;
  /** Actions run once the step is done; on the last step the wizard closes first (a dialog replaces it). */
  then?: ActionDefinition[];
}

/** What happens when a step is reached (the last step's 'success, then log in again'). */
export interface StepEnter {
  /** Milliseconds to wait first (spec §4: 300). */
  delay?: number;
  /** Translation key of a success message. */
  success?: string;
  then?: ActionDefinition[];
}

export interface WizardStep {
  key: string;
  /** Translation key. */
  title: string;
  /** Translation key of a line under the title in the steps bar. */
  description?: string;
  /** Translation key of a text shown in the step (above its form, if any). */
  text?: string;
  /** The step's form: entity or schema, fields, layout (as in a form screen). */
  form?: FormBody;
  /** A screen drawn in the step (by name), with params from the wizard's scope (e.g. a check list). */
  screen?: string;
  params?: Record<string, unknown>;
  /** A condition over the wizard's scope: when it holds on the way forward, the step is passed over. */
  skip?: string | boolean;
  next?: StepNext;
  onEnter?: StepEnter;
}

export interface WizardScreenDefinition extends ScreenDefinition {
  kind: 'wizard';
  title: string;
  description?: string;
  steps: WizardStep[];
}
