/**
 * The filing state machine of domain-model.md as data: every action, the states it starts from, where it
 * goes, who may take it (side and permission). The service takes each through one runner
 * (service/transition-runner.ts: these checks, then the action's effect); `availableActions` tells a
 * screen which buttons to show.
 */
import { CASE_STATES, type CaseState } from './tables.ts';
import type { FilingPermission } from './permissions.ts';

export type Side = 'filer' | 'authority' | 'system';

export const FINAL_STATES: readonly CaseState[] = [
  'DEEMED_NOT_FILED',
  'RETURNED',
  'WITHDRAWN',
  'CLEARED',
  'CLEARED_WITH_CONDITIONS',
  'PROHIBITED',
  'DEEMED_CLEARED',
];

/** States a withdrawal may be asked from: filed, not yet decided. */
export const WITHDRAWABLE_STATES: readonly CaseState[] = [
  'SUBMITTED',
  'AWAITING_SUPPLEMENT',
  'PHASE_I',
  'PHASE_II',
  'SUSPENDED',
];

export interface TransitionRule {
  action: string;
  from: readonly CaseState[];
  /** The target; 'RETURN' means the state recorded when the case left (suspension, withdrawal). */
  to: readonly (CaseState | 'RETURN')[];
  side: Side;
  permission?: FilingPermission;
  /**
   * States the action is also taken in without moving the case (a 补正 order during review, its answer).
   * Not offered by `availableActions` (the domain model's moves): the case view adds them (`keptActions`).
   */
  keepsStateIn?: readonly CaseState[];
  /** Guards in words (translation keys under filing.guard.), enforced by the service. */
  guards: string[];
}

export const TRANSITIONS: readonly TransitionRule[] = [
  {
    action: 'submit',
    from: ['DRAFT'],
    to: ['SUBMITTED'],
    side: 'filer',
    permission: 'filing:submit',
    guards: ['complete', 'requiredDocuments'],
  },
  {
    action: 'requestSupplement',
    from: ['SUBMITTED'],
    to: ['AWAITING_SUPPLEMENT'],
    keepsStateIn: ['PHASE_I', 'PHASE_II'],
    side: 'authority',
    permission: 'review:check',
    guards: ['dueDateAhead'],
  },
  {
    action: 'answerSupplement',
    from: ['AWAITING_SUPPLEMENT'],
    to: ['SUBMITTED'],
    // An open request is answered whatever the state (the request being open is the guard).
    keepsStateIn: CASE_STATES,
    side: 'filer',
    permission: 'filing:submit',
    guards: ['answerGiven'],
  },
  {
    action: 'deemNotFiled',
    from: ['AWAITING_SUPPLEMENT'],
    to: ['DEEMED_NOT_FILED'],
    side: 'authority',
    permission: 'review:accept',
    guards: ['supplementLapsed'],
  },
  {
    action: 'returnFiling',
    from: ['SUBMITTED'],
    to: ['RETURNED'],
    side: 'authority',
    permission: 'review:accept',
    guards: ['simplifiedOnly', 'reasonGiven'],
  },
  {
    action: 'accept',
    from: ['SUBMITTED'],
    to: ['PHASE_I'],
    side: 'authority',
    permission: 'review:accept',
    guards: ['complete', 'requiredDocuments', 'noOpenSupplement'],
  },
  {
    action: 'clearPhaseI',
    from: ['PHASE_I'],
    to: ['CLEARED'],
    side: 'authority',
    permission: 'review:decide',
    guards: ['noticeClosed'],
  },
  {
    action: 'furtherReview',
    from: ['PHASE_I'],
    to: ['PHASE_II'],
    side: 'authority',
    permission: 'review:decide',
    guards: ['reasonGiven'],
  },
  {
    action: 'extend',
    from: ['PHASE_II'],
    to: ['PHASE_II'],
    side: 'authority',
    permission: 'review:clock',
    guards: ['extensionWithin60', 'groundGiven'],
  },
  {
    action: 'decide',
    from: ['PHASE_II'],
    to: ['CLEARED', 'CLEARED_WITH_CONDITIONS', 'PROHIBITED'],
    side: 'authority',
    permission: 'review:decide',
    guards: ['conditionsForConditional', 'reasonGiven'],
  },
  {
    action: 'deemCleared',
    from: ['PHASE_I', 'PHASE_II'],
    to: ['DEEMED_CLEARED'],
    side: 'system',
    guards: ['deadlinePassed'],
  },
  {
    action: 'stopClock',
    from: ['PHASE_I', 'PHASE_II'],
    to: ['SUSPENDED'],
    side: 'authority',
    permission: 'review:clock',
    guards: ['art32Ground'],
  },
  {
    action: 'restartClock',
    from: ['SUSPENDED'],
    to: ['RETURN'],
    side: 'authority',
    permission: 'review:clock',
    guards: [],
  },
  {
    action: 'requestWithdrawal',
    from: WITHDRAWABLE_STATES,
    to: ['WITHDRAWAL_PENDING'],
    side: 'filer',
    permission: 'filing:submit',
    guards: ['reasonGiven'],
  },
  {
    action: 'consentWithdrawal',
    from: ['WITHDRAWAL_PENDING'],
    to: ['WITHDRAWN'],
    side: 'authority',
    permission: 'review:decide',
    guards: [],
  },
  {
    action: 'refuseWithdrawal',
    from: ['WITHDRAWAL_PENDING'],
    to: ['RETURN'],
    side: 'authority',
    permission: 'review:decide',
    guards: ['reasonGiven'],
  },
];

export type TransitionAction = (typeof TRANSITIONS)[number]['action'];

export function ruleFor(action: string): TransitionRule {
  const rule = TRANSITIONS.find((t) => t.action === action);
  if (!rule) throw new Error(`unknown transition ${action}`);
  return rule;
}

/** Whether the action may be taken in this state (a move from it, or an act that keeps it). */
export function takenIn(rule: TransitionRule, state: CaseState): boolean {
  return rule.from.includes(state) || Boolean(rule.keepsStateIn?.includes(state));
}

const mayTake = (t: TransitionRule, side: Side, permissions: ReadonlySet<string>) =>
  t.side === side && (t.permission === undefined || permissions.has(t.permission));

/** The actions a side with a permission set may take from a state (guards aside). */
export function availableActions(
  state: CaseState,
  side: Side,
  permissions: ReadonlySet<string>,
): TransitionRule[] {
  return TRANSITIONS.filter((t) => t.from.includes(state) && mayTake(t, side, permissions));
}

/** The acts a side may take in a state that keep it (`keepsStateIn`), not already among its moves. */
export function keptActions(
  state: CaseState,
  side: Side,
  permissions: ReadonlySet<string>,
): TransitionRule[] {
  return TRANSITIONS.filter(
    (t) => !t.from.includes(state) && t.keepsStateIn?.includes(state) && mayTake(t, side, permissions),
  );
}

export function isFinal(state: CaseState): boolean {
  return FINAL_STATES.includes(state);
}
