/**
 * The wizard's steps bar: the steps a filer will go through. A step whose `skip` holds for what is known
 * now (the wizard's params with what finished steps carried, their values as `record`, the session) is
 * passed over on the way forward, so it is not drawn either; the step shown is always drawn. A `skip`
 * that reads a value no step has given yet should not hold while it is unknown (write
 * `params.procedure == 'NORMAL'`, not `params.procedure != 'SIMPLIFIED'`), so the bar does not show a
 * step as passed over before the answer that decides it.
 */
import { evaluateCondition, type Scope } from '../expression/index.ts';
import type { WizardStep } from './wizard-types.ts';

export interface StepBar {
  /** The steps drawn, in order, with their index among the wizard's steps. */
  steps: { step: WizardStep; index: number }[];
  /** The position of the step shown among the steps drawn. */
  current: number;
}

export function stepBar(steps: readonly WizardStep[], index: number, scope: Scope): StepBar {
  const drawn = steps
    .map((step, i) => ({ step, index: i }))
    .filter(({ step, index: i }) => i === index || !evaluateCondition(step.skip, scope, false));
  return {
    steps: drawn,
    current: Math.max(
      0,
      drawn.findIndex((s) => s.index === index),
    ),
  };
}
