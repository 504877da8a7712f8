/**
 * When a review decision may be taken, as both the transition and the case view judge it (so 不实施进一步
 * 审查 is offered exactly when it would be taken): a phase's decisions only before its period has run out,
 * and clearance of a simplified case only once its public notice has ended. Below them, the guards on a
 * case's data that the transitions (transition-runner.ts and the *-transitions.ts effects) check and the
 * case view applies to its `actions`, one predicate for both (tests/server/offered-actions.test.ts).
 */
import { hasPassed } from '../calendar.ts';
import { PHASE_II_MAX_EXTENSION } from '../clocks.ts';
import type { PlainDate } from '../dates.ts';

/** The moves a phase's running clock bounds: after its last day they lapse into the statutory outcome. */
export const TIME_BOUND_ACTIONS = ['clearPhaseI', 'furtherReview', 'extend', 'decide', 'stopClock'];

/** Whether the period of a running clock is over (its last day has passed). */
export function periodOver(clock: { due_on: PlainDate } | undefined, today: PlainDate): boolean {
  return Boolean(clock && hasPassed(clock.due_on, today));
}

/** Whether a simplified case's public notice is still live today (clearance waits for its end). */
export function noticeStillLive(
  notice: { notice_state: string | null; live_until: PlainDate | null } | undefined,
  today: PlainDate,
): boolean {
  return Boolean(
    notice &&
    notice.notice_state !== 'CLOSED' &&
    (!notice.live_until || !hasPassed(notice.live_until, today)),
  );
}

type SupplementFacts = { stage: string; state: string; due_on: PlainDate };

/** A supplement request the filer may still answer (answerSupplement): open and not past due. */
export function supplementAnswerable(s: SupplementFacts, today: PlainDate): boolean {
  return s.state === 'OPEN' && !hasPassed(s.due_on, today);
}

/** A pre-acceptance request past its due date (deemNotFiled): the filing may be deemed not filed. */
export function supplementLapsed(s: SupplementFacts, today: PlainDate): boolean {
  return s.stage === 'PRE_ACCEPTANCE' && ['OPEN', 'LAPSED'].includes(s.state) && s.due_on < today;
}

/** Whether Phase II may still be extended by `days` (AML art 26: at most 60 days in all). */
export function extensionLeft(clock: { extension_days: number } | undefined, days = 1): boolean {
  return Boolean(clock && clock.extension_days + days <= PHASE_II_MAX_EXTENSION);
}

/** No request of the case is still open (accept waits for the answers). */
export function noOpenSupplement(supplements: readonly { state: string }[]): boolean {
  return !supplements.some((s) => s.state === 'OPEN');
}

/** Only a simplified filing is returned (returnFiling; a normal one is asked for a supplement). */
export function returnable(c: { procedure: string }): boolean {
  return c.procedure === 'SIMPLIFIED';
}
