/**
 * Withdrawal: the filer asks (from any filed, undecided state); the authority consents (the case is
 * withdrawn, its clocks and requests cancelled, its notice hidden) or refuses (back to the state it left,
 * clocks as they were).
 */
import { newId } from '../../../auth/tokens.ts';
import { notFound } from '../actor.ts';
import type { CaseState } from '../tables.ts';
import { requiredText, text } from './input.ts';
import { serve, transition } from './transition-runner.ts';
import type { Unit } from './unit.ts';

export const requestWithdrawal = transition({
  action: 'requestWithdrawal',
  input: (input: { reason: string }) => ({ reason: requiredText(input.reason, 'reason', 2000) }),
  run: async ({ u, caseId, from, actor, input }) => {
    await u.trx
      .insertInto('filing.withdrawal')
      .values({
        id: newId(),
        case_id: caseId,
        from_state: from,
        reason: input.reason,
        requested_by: actor.accountId,
        requested_at: u.at,
      })
      .execute();
    return { reason: input.reason };
  },
});

export const consentWithdrawal = transition({
  action: 'consentWithdrawal',
  input: (input: { reason?: string; attachmentIds?: string[] } = {}) => ({
    reason: text(input.reason, 'reason', { max: 5000 }),
    attachmentIds: input.attachmentIds,
  }),
  guard: ({ u, caseId }) => pendingWithdrawal(u, caseId),
  run: async (s, w) => {
    const { u, caseId, actor } = s;
    const reason = s.input.reason;
    await u.trx
      .updateTable('filing.withdrawal')
      .set({ state: 'CONSENTED', decided_by: actor.accountId, decided_at: u.at, decision_reason: reason })
      .where('id', '=', w.id)
      .execute();
    await u.trx
      .updateTable('filing.clock')
      .set({ state: 'CANCELLED', ended_on: u.today })
      .where('case_id', '=', caseId)
      .where('state', 'in', ['RUNNING', 'STOPPED'])
      .execute();
    await u.trx
      .updateTable('filing.supplement')
      .set({ state: 'CANCELLED' })
      .where('case_id', '=', caseId)
      .where('state', '=', 'OPEN')
      .execute();
    // Withdrawn cases are not listed by name: the notice leaves the public list (its comments stay).
    await u.trx
      .updateTable('filing.publication')
      .set({ notice_state: 'CLOSED', hidden_at: u.at })
      .where('case_id', '=', caseId)
      .execute();
    return {
      notice: await serve(s, 'WITHDRAWAL_CONSENT', { reason }),
      set: { suspended_from: null },
      reason,
      detail: { withdrawalId: w.id },
    };
  },
});

/** Refused: the case returns to the state it left, clocks as they were. */
export const refuseWithdrawal = transition({
  action: 'refuseWithdrawal',
  input: (input: { reason: string; attachmentIds?: string[] }) => ({
    reason: requiredText(input.reason, 'reason', 5000),
    attachmentIds: input.attachmentIds,
  }),
  guard: ({ u, caseId }) => pendingWithdrawal(u, caseId),
  run: async (s, w) => {
    const { u, actor } = s;
    const reason = s.input.reason;
    await u.trx
      .updateTable('filing.withdrawal')
      .set({ state: 'REFUSED', decided_by: actor.accountId, decided_at: u.at, decision_reason: reason })
      .where('id', '=', w.id)
      .execute();
    return {
      to: w.from_state as CaseState,
      notice: await serve(s, 'WITHDRAWAL_REFUSAL', { reason }),
      reason,
      detail: { withdrawalId: w.id },
    };
  },
});

async function pendingWithdrawal(u: Unit, caseId: string) {
  const w = await u.trx
    .selectFrom('filing.withdrawal')
    .selectAll()
    .where('case_id', '=', caseId)
    .where('state', '=', 'PENDING')
    .forUpdate()
    .executeTakeFirst();
  if (!w) throw notFound('withdrawal');
  return w;
}
