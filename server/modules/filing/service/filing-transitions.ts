/**
 * The filing reaches the authority: the filer submits it (DRAFT → SUBMITTED, numbered); the authority
 * accepts it (受理: Phase I starts, a simplified case's 公示表 goes live) or returns a simplified one.
 */
import { newId } from '../../../auth/tokens.ts';
import { FilingError } from '../actor.ts';
import { Code } from '../../../http/codes.ts';
import type { PlainDate } from '../dates.ts';
import { NOTICE_DAYS, PHASE_I_DAYS, startClock } from '../clocks.ts';
import { completenessOf, loadBundle, type Bundle } from './cases.ts';
import { noOpenSupplement, returnable } from './decision-timing.ts';
import { requiredText } from './input.ts';
import { nextCaseNo } from './numbering.ts';
import { clockDeps, serve, transition } from './transition-runner.ts';
import { DECISION_REASON_MAX } from './supplement-transitions.ts';

export const submit = transition({
  action: 'submit',
  input: () => ({}),
  guard: async ({ u, caseId }) => assertComplete(await loadBundle(u.trx, caseId)),
  run: async ({ u, access }) => {
    const caseNo = access.case.case_no ?? (await nextCaseNo(u.trx, Number(u.today.slice(0, 4))));
    return {
      set: { case_no: caseNo, submitted_at: u.at },
      // The filer's receipt of everything it filed, with each file's SHA-256 as stored.
      receipt: {},
      result: { caseNo },
    };
  },
});

export const returnFiling = transition({
  action: 'returnFiling',
  input: (input: { reason: string; attachmentIds?: string[] }) => ({
    reason: requiredText(input.reason, 'reason', 5000),
    attachmentIds: input.attachmentIds,
  }),
  guard: async ({ access }) => {
    if (!returnable(access.case)) throw new FilingError('returnSimplifiedOnly');
  },
  run: async (s) => ({
    notice: await serve(s, 'RETURN_NOTICE', { reason: s.input.reason }),
    reason: s.input.reason,
  }),
});

/** 受理: Phase I starts (30 days); a simplified case's 公示表 goes live for 10 days. */
export const accept = transition({
  action: 'accept',
  input: (input: { reason: string; attachmentIds?: string[] }) => ({
    reason: requiredText(input?.reason, 'reason', DECISION_REASON_MAX),
    attachmentIds: input.attachmentIds,
  }),
  guard: async ({ u, caseId }) => {
    const supplements = await u.trx
      .selectFrom('filing.supplement')
      .select('state')
      .where('case_id', '=', caseId)
      .execute();
    if (!noOpenSupplement(supplements)) throw new FilingError('supplementOpen');
    return assertComplete(await loadBundle(u.trx, caseId));
  },
  run: async (s, bundle) => {
    const { u, caseId, actor } = s;
    const deps = await clockDeps(u);
    const phase = await startClock(deps, {
      caseId,
      kind: 'PHASE_I',
      startedOn: u.today,
      lengthDays: PHASE_I_DAYS,
    });
    let noticeUntil: PlainDate | undefined;
    if (s.access.case.procedure === 'SIMPLIFIED') {
      const publicationId = newId();
      const notice = await startClock(deps, {
        caseId,
        kind: 'NOTICE',
        startedOn: u.today,
        lengthDays: NOTICE_DAYS,
        refId: publicationId,
      });
      noticeUntil = notice.due_on;
      const form = bundle.noticeForm!;
      const names = new Map(bundle.parties.map((p) => [p.id, p.name_zh]));
      await u.trx
        .insertInto('filing.publication')
        .values({
          id: publicationId,
          kind: 'NOTICE',
          case_id: caseId,
          title: form.title || bundle.case.title,
          parties: bundle.parties.map((p) => p.name_zh).join('、'),
          procedure: 'SIMPLIFIED',
          transaction_mode: bundle.case.transaction_mode,
          industries: bundle.case.industries,
          live_from: u.today,
          live_until: notice.due_on,
          notice_state: 'LIVE',
          notice_form: JSON.stringify({
            title: form.title,
            summary: form.summary,
            partyIntros: form.party_intros.map((i) => ({ party: names.get(i.partyId) ?? '', text: i.text })),
            reasons: form.reasons,
            remarks: form.remarks,
          }),
          published_by: actor.accountId,
          published_at: u.at,
        })
        .execute();
    }
    const documentId = await serve(s, 'ACCEPTANCE_NOTICE', {
      dueOn: phase.due_on,
      nominalDueOn: phase.nominal_due_on,
    });
    return {
      set: { accepted_on: u.today },
      notice: documentId,
      reason: s.input.reason,
      detail: { phaseIDueOn: phase.due_on, noticeUntil: noticeUntil ?? null },
      result: { phaseIDueOn: phase.due_on, noticeUntil },
    };
  },
});

/** Every section complete and the documents the procedure requires (submit, accept). */
function assertComplete(bundle: Bundle): Bundle {
  const completeness = completenessOf(bundle);
  if (!completeness.complete)
    throw new FilingError(
      'incomplete',
      { section: completeness.firstIncomplete },
      Code.ILLEGAL_REQUEST,
      completeness.sections.filter((s) => !s.complete),
    );
  return bundle;
}
