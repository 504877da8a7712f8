/**
 * 中止 and 恢复: the review clock stops only on the AML art 32 grounds, each with its own condition, and
 * restarts in the phase it left, its due date moved by the days stopped.
 */
import { FilingError, notFound } from '../actor.ts';
import type { PlainDate } from '../dates.ts';
import { currentClock, restartClockRow, stopClockRow } from '../clocks.ts';
import { oneOf, requiredText, text } from './input.ts';
import { clockDeps, serve, transition, wrongState } from './transition-runner.ts';

/** AML art 32: the only grounds on which the review clock may stop. */
export const STOP_GROUNDS = ['DOCUMENTS_NOT_SUPPLIED', 'NEW_FACTS', 'REMEDY_EVALUATION'] as const;
export type StopGround = (typeof STOP_GROUNDS)[number];

export const stopClock = transition({
  action: 'stopClock',
  /** ground as sent: checked against STOP_GROUNDS. */
  input: (input: { ground: string; reason: string; attachmentIds?: string[] }) => ({
    ground: oneOf(input.ground, 'ground', STOP_GROUNDS, true)!,
    reason: requiredText(input.reason, 'reason', 5000),
    attachmentIds: input.attachmentIds,
  }),
  guard: async ({ u, caseId, input, phaseClock }) => {
    if (input.ground === 'DOCUMENTS_NOT_SUPPLIED') {
      const order = await u.trx
        .selectFrom('filing.supplement')
        .select('id')
        .where('case_id', '=', caseId)
        .where('stage', '=', 'REVIEW')
        .where('state', 'in', ['OPEN', 'LAPSED'])
        .where('due_on', '<', u.today)
        .executeTakeFirst();
      if (!order) throw new FilingError('groundNoOverdueOrder');
    }
    let request: { id: string } | undefined;
    if (input.ground === 'REMEDY_EVALUATION') {
      request = await u.trx
        .selectFrom('filing.stop_request')
        .select('id')
        .where('case_id', '=', caseId)
        .where('state', '=', 'PENDING')
        .executeTakeFirst();
      if (!request) throw new FilingError('groundNoFilerRequest');
    }
    if (!phaseClock || phaseClock.state !== 'RUNNING') throw notFound('clock');
    return request;
  },
  run: async (s, request) => {
    const { u, input, from } = s;
    const clock = s.phaseClock!;
    // The filer's request is used up by the stop it asked for.
    if (request)
      await u.trx
        .updateTable('filing.stop_request')
        .set({ state: 'USED' })
        .where('id', '=', request.id)
        .execute();
    await stopClockRow(u.trx, clock, u.today);
    return {
      notice: await serve(s, 'SUSPENSION_NOTICE', { ground: groundText(input.ground), reason: input.reason }),
      set: { suspended_from: from },
      reason: input.reason,
      ground: input.ground,
      detail: { clockId: clock.id },
    };
  },
});

const groundText = (g: StopGround) =>
  ({
    DOCUMENTS_NOT_SUPPLIED: '经营者未按照规定提交文件、资料，导致审查工作无法进行',
    NEW_FACTS: '出现对经营者集中审查具有重大影响的新情况、新事实，不经核实将导致审查工作无法进行',
    REMEDY_EVALUATION: '对经营者集中附加的限制性条件需要进一步评估，且经营者提出中止请求',
  })[g];

/** 恢复: back to the phase it left; the due date moves by the days stopped. */
export const restartClock = transition({
  action: 'restartClock',
  input: (input: { reason?: string; attachmentIds?: string[] } = {}) => ({
    reason: text(input.reason, 'reason', { max: 5000 }),
    attachmentIds: input.attachmentIds,
  }),
  guard: async ({ u, caseId, access }) => {
    const phase = access.case.suspended_from;
    if (!phase) throw wrongState('restartClock', access.case.state);
    const clock = await currentClock(u.trx, caseId, phase);
    if (!clock || clock.state !== 'STOPPED') throw notFound('clock');
    return { phase, clock };
  },
  run: async (s, { phase, clock }) => {
    const { u } = s;
    const next = await restartClockRow(await clockDeps(u), clock, u.today);
    const daysStopped = next.stopped_days - clock.stopped_days;
    return {
      to: phase,
      notice: await serve(s, 'RESUMPTION_NOTICE', { dueOn: next.due_on, nominalDueOn: next.nominal_due_on }),
      set: { suspended_from: null },
      reason: s.input.reason,
      detail: { daysStopped, dueOn: next.due_on, nominalDueOn: next.nominal_due_on },
      result: { dueOn: next.due_on as PlainDate, daysStopped },
    };
  },
});
