/**
 * 拟办意见: on a simplified case delegated to a provincial bureau (`assignHandler` with `delegatedRegion`),
 * the delegated reviewer — the case's handler — proposes a decision (one of PROPOSABLE_ACTIONS) with its
 * reasoning and files; the lead who delegated the case sees it on the case and in the `proposals`
 * worklist and decides: he adopts it (the proposed transition runs as his, with the proposal's reasoning
 * unless he gives his own), decides otherwise (any other decision: the proposal is overruled, see
 * `settleProposals` in unit.ts), or sends it back (rejected, with his reasoning). Proposals and their
 * files stay inside the authority: the parties never see them.
 */
import { newId } from '../../../auth/tokens.ts';
import { FilingError, notFound, type Actor } from '../actor.ts';
import { Code } from '../../../http/codes.ts';
import { ruleFor } from '../state-machine.ts';
import type { CaseState } from '../tables.ts';
import { accessAsAuthority, accessCase } from './access.ts';
import type { FilingContext } from './context.ts';
import { attachReviewFiles } from './documents.ts';
import { bool, oneOf, requiredText, text } from './input.ts';
import {
  accept,
  clearPhaseI,
  deemNotFiled,
  DECISION_REASON_MAX,
  furtherReview,
  returnFiling,
  type TransitionResult,
} from './transitions.ts';
import { inUnit, INTERNAL_ACTIONS, PROPOSABLE_ACTIONS, recordTransition } from './unit.ts';
import { wrongState } from './transition-runner.ts';
import { returnable } from './decision-timing.ts';
import { delegationOf, isDelegatedReviewer, isDelegatingLead } from './proposal-view.ts';

export { PROPOSABLE_ACTIONS, INTERNAL_ACTIONS };
export { proposalsOf } from './proposal-view.ts';
export type ProposableAction = (typeof PROPOSABLE_ACTIONS)[number];

/** The delegated reviewer proposes a decision; an earlier pending proposal of the case is superseded. */
export async function proposeDecision(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  input: { action: string; reason: string; attachmentIds?: string[] },
): Promise<{ id: string; action: ProposableAction; leadAccountId: string | null }> {
  const action = oneOf(input?.action, 'action', PROPOSABLE_ACTIONS, true)!;
  const reason = requiredText(input.reason, 'reason', DECISION_REASON_MAX);
  return inUnit(ctx, async (u) => {
    const access = await accessAsAuthority(u.trx, actor, caseId, 'review:read');
    const d = await delegationOf(u.trx, caseId);
    if (!isDelegatedReviewer(actor, d)) throw new FilingError('notDelegatedReviewer', {}, Code.NO_PERMISSION);
    const state = access.case.state;
    // The checks the lead's transition will make on the case as it stands (transition-runner.ts, the effect).
    if (!ruleFor(action).from.includes(state)) throw wrongState(action, state);
    if (action === 'returnFiling' && !returnable(access.case)) throw new FilingError('returnSimplifiedOnly');
    await u.trx
      .updateTable('filing.proposal')
      .set({ state: 'SUPERSEDED', decided_at: u.at })
      .where('case_id', '=', caseId)
      .where('state', '=', 'PENDING')
      .execute();
    const documentIds = await attachReviewFiles(u, actor, caseId, input.attachmentIds, { internal: true });
    const id = newId();
    await u.trx
      .insertInto('filing.proposal')
      .values({
        id,
        case_id: caseId,
        action,
        reason,
        document_ids: documentIds,
        proposed_by: actor.accountId,
        proposed_at: u.at,
        lead_account_id: d.lead,
      })
      .execute();
    await recordTransition(u, {
      caseId,
      action: 'propose',
      from: state,
      to: state,
      actor,
      reason,
      documentIds,
      detail: { proposalId: id, proposedAction: action, leadAccountId: d.lead },
    });
    return { id, action, leadAccountId: d.lead };
  });
}

/**
 * The delegating lead decides on a pending proposal: `adopt` runs the proposed transition as his (the
 * proposal's reasoning unless he writes his own; his attachmentIds go with it, served like any); otherwise
 * the proposal goes back to the reviewer (REJECTED) with his reasoning, recorded for the authority only.
 * To decide otherwise the lead takes the other transition itself: that overrules the proposal.
 */
export async function decideProposal(
  ctx: FilingContext,
  actor: Actor,
  proposalId: string,
  input: { adopt: boolean; reason?: string; attachmentIds?: string[] },
): Promise<{ proposalId: string; state: 'ADOPTED' | 'REJECTED'; transition?: TransitionResult }> {
  const adopt = bool(input?.adopt, 'adopt');
  if (adopt === undefined) throw new FilingError('required', { field: 'adopt' });
  const own = text(input.reason, 'reason', { max: DECISION_REASON_MAX });
  const p = await ctx.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('filing.proposal')
      .selectAll()
      .where('id', '=', proposalId)
      .executeTakeFirst();
    if (!row) throw notFound('proposal');
    await accessCase(trx, actor, row.case_id);
    if (!isDelegatingLead(actor, await delegationOf(trx, row.case_id)))
      throw new FilingError('notDelegatingLead', {}, Code.NO_PERMISSION);
    return row;
  });
  if (p.state !== 'PENDING') throw new FilingError('proposalClosed', { state: p.state }, Code.WARNING);
  if (adopt) {
    const body = { reason: own ?? p.reason, attachmentIds: input.attachmentIds };
    const run: Record<ProposableAction, () => Promise<TransitionResult>> = {
      accept: () => accept(ctx, actor, p.case_id, body),
      returnFiling: () => returnFiling(ctx, actor, p.case_id, body),
      deemNotFiled: () => deemNotFiled(ctx, actor, p.case_id, body),
      clearPhaseI: () => clearPhaseI(ctx, actor, p.case_id, body),
      furtherReview: () => furtherReview(ctx, actor, p.case_id, body),
    };
    const transition = await run[p.action as ProposableAction]();
    return { proposalId, state: 'ADOPTED', transition };
  }
  const reason = requiredText(input.reason, 'reason', DECISION_REASON_MAX);
  return inUnit(ctx, async (u) => {
    const access = await accessAsAuthority(u.trx, actor, p.case_id, 'review:read');
    const row = await u.trx
      .selectFrom('filing.proposal')
      .select('state')
      .where('id', '=', proposalId)
      .forUpdate()
      .executeTakeFirstOrThrow();
    if (row.state !== 'PENDING') throw new FilingError('proposalClosed', { state: row.state }, Code.WARNING);
    const documentIds = await attachReviewFiles(u, actor, p.case_id, input.attachmentIds, { internal: true });
    await u.trx
      .updateTable('filing.proposal')
      .set({
        state: 'REJECTED',
        decided_by: actor.accountId,
        decided_at: u.at,
        decision_note: reason,
      })
      .where('id', '=', proposalId)
      .execute();
    const state: CaseState = access.case.state;
    await recordTransition(u, {
      caseId: p.case_id,
      action: 'answerProposal',
      from: state,
      to: state,
      actor,
      reason,
      documentIds,
      detail: { proposalId, proposedAction: p.action, outcome: 'REJECTED' },
    });
    return { proposalId, state: 'REJECTED' as const };
  });
}
