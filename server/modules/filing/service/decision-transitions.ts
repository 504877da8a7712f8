/**
 * The review's decisions within its periods: cleared in Phase I (不实施进一步审查), Phase II opened, Phase II
 * extended (AML art 26), and the Phase II decision (cleared, with conditions, prohibited). Each is
 * time-bound: the runner refuses it once the phase's period has run out.
 */
import { FilingError, notFound } from '../actor.ts';
import type { PlainDate } from '../dates.ts';
import { PHASE_II_DAYS, PHASE_II_MAX_EXTENSION, endClock, extendClockRow, startClock } from '../clocks.ts';
import { extensionLeft, noticeStillLive } from './decision-timing.ts';
import { int, oneOf, requiredText, text } from './input.ts';
import { clockDeps, serve, transition } from './transition-runner.ts';
import type { Unit } from './unit.ts';

/** AML art 26: grounds for extending Phase II. */
export const EXTENSION_GROUNDS = ['OPERATOR_AGREES', 'DOCUMENTS_INACCURATE', 'MATERIAL_CHANGE'] as const;

/** 不实施进一步审查: cleared in Phase I (a simplified case only once its public notice has closed). */
export const clearPhaseI = transition({
  action: 'clearPhaseI',
  input: (input: { reason?: string; attachmentIds?: string[] } = {}) => ({
    reason: text(input.reason, 'reason', { max: 5000 }),
    attachmentIds: input.attachmentIds,
  }),
  guard: async ({ u, caseId }) => {
    const notice = await u.trx
      .selectFrom('filing.publication')
      .select(['id', 'notice_state', 'live_until'])
      .where('case_id', '=', caseId)
      .where('kind', '=', 'NOTICE')
      .executeTakeFirst();
    if (noticeStillLive(notice, u.today))
      throw new FilingError('noticeStillLive', { until: notice!.live_until });
    return notice;
  },
  run: async (s, notice) => {
    const { u, phaseClock } = s;
    if (notice && notice.notice_state !== 'CLOSED') await closeNotice(u, notice.id);
    if (phaseClock) await endClock(u.trx, phaseClock.id, 'DONE', u.today);
    return {
      notice: await serve(s, 'CLEARANCE_DECISION', { decisionText: s.input.reason }),
      set: { decided_on: u.today, decision: 'CLEARED' },
      reason: s.input.reason,
    };
  },
});

/** Closes a live notice (its 10 days are over, or the case left review). */
export async function closeNotice(u: Unit, publicationId: string): Promise<void> {
  await u.trx
    .updateTable('filing.publication')
    .set({ notice_state: 'CLOSED' })
    .where('id', '=', publicationId)
    .where('notice_state', '<>', 'CLOSED')
    .execute();
  await u.trx
    .updateTable('filing.clock')
    .set({ state: 'DONE', ended_on: u.today })
    .where('ref_id', '=', publicationId)
    .where('kind', '=', 'NOTICE')
    .where('state', '=', 'RUNNING')
    .execute();
}

export const furtherReview = transition({
  action: 'furtherReview',
  input: (input: { reason: string; attachmentIds?: string[] }) => ({
    reason: requiredText(input.reason, 'reason', 5000),
    attachmentIds: input.attachmentIds,
  }),
  run: async (s) => {
    const { u, caseId, phaseClock, input } = s;
    const deps = await clockDeps(u);
    if (phaseClock) await endClock(u.trx, phaseClock.id, 'DONE', u.today);
    const p2 = await startClock(deps, {
      caseId,
      kind: 'PHASE_II',
      startedOn: u.today,
      lengthDays: PHASE_II_DAYS,
    });
    return {
      notice: await serve(s, 'FURTHER_REVIEW_NOTICE', {
        reason: input.reason,
        dueOn: p2.due_on,
        nominalDueOn: p2.nominal_due_on,
      }),
      reason: input.reason,
      detail: { phaseIIDueOn: p2.due_on },
      result: { phaseIIDueOn: p2.due_on as PlainDate },
    };
  },
});

export const extendPhaseII = transition({
  action: 'extend',
  input: (input: { days: number; ground: string; reason: string; attachmentIds?: string[] }) => ({
    days: int(input.days, 'days', 1, PHASE_II_MAX_EXTENSION, true)!,
    ground: oneOf(input.ground, 'ground', EXTENSION_GROUNDS, true)!,
    reason: requiredText(input.reason, 'reason', 5000),
    attachmentIds: input.attachmentIds,
  }),
  guard: async ({ phaseClock }) => {
    if (!phaseClock) throw notFound('clock');
  },
  run: async (s) => {
    const { u, input } = s;
    const clock = s.phaseClock!;
    if (!extensionLeft(clock, input.days))
      throw new FilingError('extensionTooLong', {
        max: PHASE_II_MAX_EXTENSION,
        used: clock.extension_days,
        asked: input.days,
      });
    const next = await extendClockRow(await clockDeps(u), clock, input.days);
    return {
      notice: await serve(s, 'EXTENSION_NOTICE', {
        days: input.days,
        ground: input.reason,
        dueOn: next.due_on,
        nominalDueOn: next.nominal_due_on,
      }),
      reason: input.reason,
      ground: input.ground,
      detail: { days: input.days, totalExtension: next.extension_days, dueOn: next.due_on },
      result: { dueOn: next.due_on as PlainDate, extensionDays: next.extension_days },
    };
  },
});

const DECISIONS = ['CLEARED', 'CLEARED_WITH_CONDITIONS', 'PROHIBITED'] as const;
const DECISION_KINDS = {
  CLEARED: 'CLEARANCE_DECISION',
  CLEARED_WITH_CONDITIONS: 'CONDITIONAL_DECISION',
  PROHIBITED: 'PROHIBITION_DECISION',
} as const;

export const decide = transition({
  action: 'decide',
  /** As sent (the catalogue's body is open): each field is checked here. */
  input: (input: {
    decision?: unknown;
    reason?: unknown;
    conditions?: unknown;
    conditionTerm?: unknown;
    decisionText?: unknown;
    attachmentIds?: unknown;
  }) => {
    const checked = {
      decision: oneOf(input.decision, 'decision', DECISIONS, true)!,
      reason: requiredText(input.reason, 'reason', 5000),
      conditions: text(input.conditions, 'conditions', { max: 50000 }),
      conditionTerm: text(input.conditionTerm, 'conditionTerm', { max: 500 }),
      decisionText: text(input.decisionText, 'decisionText', { max: 100000 }),
      attachmentIds: input.attachmentIds,
    };
    if (checked.decision === 'CLEARED_WITH_CONDITIONS' && (!checked.conditions || !checked.conditionTerm))
      throw new FilingError('conditionsRequired');
    return checked;
  },
  guard: async ({ u, caseId, input }) => {
    if (input.decision !== 'CLEARED_WITH_CONDITIONS') return;
    const remedy = await u.trx
      .selectFrom('filing.remedy')
      .select('id')
      .where('case_id', '=', caseId)
      .executeTakeFirst();
    if (!remedy) throw new FilingError('remedyRequired');
  },
  run: async (s) => {
    const { u, phaseClock, input } = s;
    const { decision, reason, conditions, conditionTerm } = input;
    if (phaseClock) await endClock(u.trx, phaseClock.id, 'DONE', u.today);
    return {
      to: decision,
      notice: await serve(s, DECISION_KINDS[decision], {
        reason,
        conditions,
        conditionTerm,
        decisionText: input.decisionText ?? reason,
      }),
      set: { decided_on: u.today, decision },
      reason,
      detail: { decision, conditions, conditionTerm },
    };
  },
});
