/**
 * When a review decision may be taken, as both the transition and the case view judge it (so 不实施进一步
 * 审查 is offered exactly when it would be taken): a phase's decisions only before its period has run out,
 * and clearance of a simplified case only once its public notice has ended.
 */
import { hasPassed } from '../calendar.ts';
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
