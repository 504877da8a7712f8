/**
 * The filing procedure's service functions, one per transition of the state machine (state-machine.ts)
 * and per act beside it. Each transition is its table entry plus an effect, taken by the one runner
 * (transition-runner.ts); the effects live by topic below. See README.md, "Adding a transition".
 */
export { type TransitionResult } from './transition-runner.ts';
export * from './filing-transitions.ts';
export * from './supplement-transitions.ts';
export * from './decision-transitions.ts';
export * from './clock-transitions.ts';
export * from './withdrawal-transitions.ts';
export * from './case-acts.ts';
