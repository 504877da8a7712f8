/**
 * Supplements: the authority's 补交 request before acceptance (SUBMITTED → AWAITING_SUPPLEMENT) or 补正
 * order during review (the state stays; an unanswered order past its due date is a ground to stop the
 * clock), the filer's answer, and the filing deemed not filed once a pre-acceptance request has lapsed.
 */
import { newId } from '../../../auth/tokens.ts';
import { FilingError, notFound } from '../actor.ts';
import type { CaseState } from '../tables.ts';
import { daysBetween, type PlainDate } from '../dates.ts';
import { endClock, startClock } from '../clocks.ts';
import { supplementAnswerable, supplementLapsed } from './decision-timing.ts';
import { date, requiredText } from './input.ts';
import { caseDocuments, clockDeps, serve, transition } from './transition-runner.ts';
import type { Unit } from './unit.ts';

/** The longest reason the lead may give for accepting or deeming a filing not filed (the catalogue's bound). */
export const DECISION_REASON_MAX = 4000;

export const requestSupplement = transition({
  action: 'requestSupplement',
  input: (input: { items: string; dueOn: PlainDate; attachmentIds?: string[] }) => ({
    items: requiredText(input.items, 'items', 10000),
    dueOn: date(input.dueOn, 'dueOn', true)!,
    attachmentIds: input.attachmentIds,
  }),
  guard: async ({ u, input }) => {
    if (daysBetween(u.today, input.dueOn) < 1) throw new FilingError('dueDateNotAhead', { field: 'dueOn' });
  },
  run: async (s) => {
    const { u, caseId, from, input } = s;
    const stage = from === 'SUBMITTED' ? 'PRE_ACCEPTANCE' : 'REVIEW';
    const id = newId();
    const clock = await startClock(await clockDeps(u), {
      caseId,
      kind: 'SUPPLEMENT',
      startedOn: u.today,
      lengthDays: daysBetween(u.today, input.dueOn),
      refId: id,
    });
    const notice = await serve(s, 'SUPPLEMENT_NOTICE', {
      items: input.items,
      dueOn: clock.due_on,
      nominalDueOn: clock.nominal_due_on,
    });
    await u.trx
      .insertInto('filing.supplement')
      .values({
        id,
        case_id: caseId,
        stage,
        items: input.items,
        requested_by: s.actor.accountId,
        requested_at: u.at,
        due_on: clock.due_on,
        notice_document_id: notice,
      })
      .execute();
    return {
      to: stage === 'PRE_ACCEPTANCE' ? 'AWAITING_SUPPLEMENT' : from,
      notice,
      reason: input.items,
      detail: { supplementId: id, stage, dueOn: clock.due_on, nominalDueOn: clock.nominal_due_on },
      result: { supplementId: id },
    };
  },
});

/** Named by the request it answers: the request is locked, then its case. */
export const answerSupplement = transition({
  action: 'answerSupplement',
  input: (input: { answer: string; documentIds?: string[] }) => ({
    answer: requiredText(input.answer, 'answer', 10000),
    documentIds: input.documentIds,
  }),
  locate: async (u, supplementId) => (await supplementRow(u, supplementId, true)).case_id,
  guard: async ({ u, key }) => {
    const s = await supplementRow(u, key);
    if (!supplementAnswerable(s, u.today)) throw new FilingError('supplementClosed', { dueOn: s.due_on });
    return s;
  },
  run: async ({ u, caseId, from, input, actor }, s) => {
    const documentIds = await caseDocuments(u, caseId, input.documentIds);
    await u.trx
      .updateTable('filing.supplement')
      .set({
        state: 'ANSWERED',
        answer_text: input.answer,
        answer_document_ids: documentIds,
        answered_by: actor.accountId,
        answered_at: u.at,
      })
      .where('id', '=', s.id)
      .execute();
    const clock = await u.trx
      .selectFrom('filing.clock')
      .select('id')
      .where('ref_id', '=', s.id)
      .where('kind', '=', 'SUPPLEMENT')
      .executeTakeFirst();
    if (clock) await endClock(u.trx, clock.id, 'DONE', u.today);
    // The filing goes back to the authority once no pre-acceptance request is left open.
    let to: CaseState = from;
    if (s.stage === 'PRE_ACCEPTANCE' && from === 'AWAITING_SUPPLEMENT') {
      const open = await u.trx
        .selectFrom('filing.supplement')
        .select('id')
        .where('case_id', '=', caseId)
        .where('stage', '=', 'PRE_ACCEPTANCE')
        .where('state', '=', 'OPEN')
        .executeTakeFirst();
      if (!open) to = 'SUBMITTED';
    }
    return {
      to,
      documentIds,
      reason: input.answer,
      detail: { supplementId: s.id },
      receipt: documentIds.length ? { documentIds } : undefined,
    };
  },
});

export const deemNotFiled = transition({
  action: 'deemNotFiled',
  input: (input: { reason: string; attachmentIds?: string[] }) => ({
    reason: requiredText(input?.reason, 'reason', DECISION_REASON_MAX),
    attachmentIds: input.attachmentIds,
  }),
  guard: async ({ u, caseId }) => {
    const requests = await u.trx
      .selectFrom('filing.supplement')
      .selectAll()
      .where('case_id', '=', caseId)
      .where('stage', '=', 'PRE_ACCEPTANCE')
      .orderBy('due_on')
      .execute();
    const lapsed = requests.find((r) => supplementLapsed(r, u.today));
    if (!lapsed) throw new FilingError('supplementNotLapsed');
    return lapsed;
  },
  run: async (s, lapsed) => {
    const { u } = s;
    await u.trx
      .updateTable('filing.supplement')
      .set({ state: 'LAPSED' })
      .where('id', '=', lapsed.id)
      .execute();
    await u.trx
      .updateTable('filing.clock')
      .set({ state: 'LAPSED', ended_on: u.today })
      .where('ref_id', '=', lapsed.id)
      .where('state', 'in', ['RUNNING', 'LAPSED'])
      .execute();
    return {
      notice: await serve(s, 'NOT_FILED_NOTICE', { dueOn: lapsed.due_on }),
      reason: s.input.reason,
      detail: { supplementId: lapsed.id },
    };
  },
});

async function supplementRow(u: Unit, id: string, lock = false) {
  let q = u.trx.selectFrom('filing.supplement').selectAll().where('id', '=', id);
  if (lock) q = q.forUpdate();
  const s = await q.executeTakeFirst();
  if (!s) throw notFound('supplement');
  return s;
}
