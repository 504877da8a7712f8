/**
 * Every transition of the state machine (state-machine.ts) with its guards, as service functions. Each
 * runs in one transaction: checks the actor, locks the case, checks the guards, moves the state, keeps the
 * clocks, generates and serves the notice, writes the transition and the audit entry.
 */
import { newId } from '../../../auth/tokens.ts';
import { FilingError, notFound, type Actor } from '../actor.ts';
import { Code } from '../../../http/codes.ts';
import { ruleFor, WITHDRAWABLE_STATES } from '../state-machine.ts';
import type { CaseState } from '../tables.ts';
import { daysBetween, type PlainDate } from '../dates.ts';
import { hasPassed } from '../calendar.ts';
import { noticeStillLive, periodOver } from './decision-timing.ts';
import {
  NOTICE_DAYS,
  PHASE_I_DAYS,
  PHASE_II_DAYS,
  PHASE_II_MAX_EXTENSION,
  currentClock,
  endClock,
  extendClockRow,
  restartClockRow,
  startClock,
  stopClockRow,
  type ClockDeps,
} from '../clocks.ts';
import { accessAsAuthority, accessAsParty, type CaseAccess } from './access.ts';
import { completenessOf, loadBundle } from './cases.ts';
import type { FilingContext } from './context.ts';
import { attachReviewFiles, generateAndServe } from './documents.ts';
import { date, ids, int, oneOf, requiredText, text } from './input.ts';
import { nextCaseNo } from './numbering.ts';
import { inUnit, recordTransition, type Unit } from './unit.ts';
import { writeReceipt } from './receipts.ts';

/** AML art 32: the only grounds on which the review clock may stop. */
export const STOP_GROUNDS = ['DOCUMENTS_NOT_SUPPLIED', 'NEW_FACTS', 'REMEDY_EVALUATION'] as const;
export type StopGround = (typeof STOP_GROUNDS)[number];
/** AML art 26: grounds for extending Phase II. */
export const EXTENSION_GROUNDS = ['OPERATOR_AGREES', 'DOCUMENTS_INACCURATE', 'MATERIAL_CHANGE'] as const;

export interface TransitionResult {
  caseId: string;
  from: CaseState;
  to: CaseState;
  documentId?: string;
}

function assertFrom(access: CaseAccess, action: string): void {
  const rule = ruleFor(action);
  if (!rule.from.includes(access.case.state))
    throw new FilingError('wrongState', { action, state: access.case.state }, Code.WARNING);
}

/** After its due date the phase belongs to the deadline job (deemed cleared): nobody acts on it any more. */
function assertInTime(clock: { due_on: PlainDate } | undefined, today: PlainDate): void {
  if (clock && periodOver(clock, today)) throw new FilingError('periodExpired', { dueOn: clock.due_on });
}

async function clockDeps(u: Unit): Promise<ClockDeps> {
  return { trx: u.trx, calendar: await u.calendar(), scheduler: u.ctx.scheduler };
}

async function moveCase(u: Unit, caseId: string, to: CaseState, set: Record<string, unknown> = {}) {
  await u.trx
    .updateTable('filing.case')
    .set((e) => ({ state: to, updated_at: u.at, version: e('version', '+', 1), ...set }))
    .where('id', '=', caseId)
    .execute();
}

/**
 * The authority's own files (attachment ids of its store space) attached to one of its transitions: each
 * becomes a REVIEW_ATTACHMENT document listed with the transition and served with its notice to every
 * member tenant. A bad id refuses the whole transition (its unit rolls back: nothing is written).
 */
function reviewFiles(u: Unit, actor: Actor, caseId: string, attachmentIds: unknown): Promise<string[]> {
  return attachReviewFiles(u, actor, caseId, attachmentIds, { serve: true });
}

/** Validated ids of documents of this case (e.g. the documents a transition rests on). */
async function caseDocuments(u: Unit, caseId: string, raw: unknown): Promise<string[]> {
  const list = ids(raw, 'documentIds');
  if (list.length === 0) return list;
  const found = await u.trx
    .selectFrom('filing.document')
    .select('id')
    .where('case_id', '=', caseId)
    .where('id', 'in', list)
    .where('removed_at', 'is', null)
    .execute();
  if (found.length !== list.length) throw notFound('document');
  return list;
}

// ---- Filer side

export async function submit(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
): Promise<TransitionResult & { caseNo: string }> {
  return inUnit(ctx, async (u) => {
    const access = await accessAsParty(u.trx, actor, caseId, 'filing:submit', {
      ownerOnly: true,
      forUpdate: true,
    });
    assertFrom(access, 'submit');
    const completeness = completenessOf(await loadBundle(u.trx, caseId));
    if (!completeness.complete)
      throw new FilingError(
        'incomplete',
        { section: completeness.firstIncomplete },
        Code.ILLEGAL_REQUEST,
        completeness.sections.filter((s) => !s.complete),
      );
    const caseNo = access.case.case_no ?? (await nextCaseNo(u.trx, Number(u.today.slice(0, 4))));
    await moveCase(u, caseId, 'SUBMITTED', { case_no: caseNo, submitted_at: u.at });
    await recordTransition(u, { caseId, action: 'submit', from: 'DRAFT', to: 'SUBMITTED', actor });
    // The filer's receipt of everything it filed, with each file's SHA-256 as stored.
    await writeReceipt(u.trx, { caseId, kind: 'SUBMISSION', act: 'submit', at: u.at, actor });
    return { caseId, from: 'DRAFT', to: 'SUBMITTED', caseNo };
  });
}

export async function answerSupplement(
  ctx: FilingContext,
  actor: Actor,
  supplementId: string,
  input: { answer: string; documentIds?: string[] },
): Promise<TransitionResult> {
  const answer = requiredText(input.answer, 'answer', 10000);
  return inUnit(ctx, async (u) => {
    const s = await u.trx
      .selectFrom('filing.supplement')
      .selectAll()
      .where('id', '=', supplementId)
      .forUpdate()
      .executeTakeFirst();
    if (!s) throw notFound('supplement');
    const access = await accessAsParty(u.trx, actor, s.case_id, 'filing:submit', {
      ownerOnly: true,
      forUpdate: true,
    });
    if (s.state !== 'OPEN' || hasPassed(s.due_on, u.today))
      throw new FilingError('supplementClosed', { dueOn: s.due_on });
    const documentIds = await caseDocuments(u, s.case_id, input.documentIds);
    await u.trx
      .updateTable('filing.supplement')
      .set({
        state: 'ANSWERED',
        answer_text: answer,
        answer_document_ids: documentIds,
        answered_by: actor.accountId,
        answered_at: u.at,
      })
      .where('id', '=', supplementId)
      .execute();
    const clock = await u.trx
      .selectFrom('filing.clock')
      .select('id')
      .where('ref_id', '=', supplementId)
      .where('kind', '=', 'SUPPLEMENT')
      .executeTakeFirst();
    if (clock) await endClock(u.trx, clock.id, 'DONE', u.today);
    const from = access.case.state;
    let to: CaseState = from;
    if (s.stage === 'PRE_ACCEPTANCE' && from === 'AWAITING_SUPPLEMENT') {
      const open = await u.trx
        .selectFrom('filing.supplement')
        .select('id')
        .where('case_id', '=', s.case_id)
        .where('stage', '=', 'PRE_ACCEPTANCE')
        .where('state', '=', 'OPEN')
        .executeTakeFirst();
      if (!open) to = 'SUBMITTED';
    }
    if (to !== from) await moveCase(u, s.case_id, to);
    await recordTransition(u, {
      caseId: s.case_id,
      action: 'answerSupplement',
      from,
      to,
      actor,
      reason: answer,
      documentIds,
      detail: { supplementId },
    });
    if (documentIds.length)
      await writeReceipt(u.trx, {
        caseId: s.case_id,
        kind: 'SUBMISSION',
        act: 'answerSupplement',
        at: u.at,
        actor,
        documentIds,
      });
    return { caseId: s.case_id, from, to };
  });
}

export async function requestWithdrawal(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  input: { reason: string },
): Promise<TransitionResult> {
  const reason = requiredText(input.reason, 'reason', 2000);
  return inUnit(ctx, async (u) => {
    const access = await accessAsParty(u.trx, actor, caseId, 'filing:submit', {
      ownerOnly: true,
      forUpdate: true,
    });
    if (!WITHDRAWABLE_STATES.includes(access.case.state))
      throw new FilingError(
        'wrongState',
        { action: 'requestWithdrawal', state: access.case.state },
        Code.WARNING,
      );
    const from = access.case.state;
    await u.trx
      .insertInto('filing.withdrawal')
      .values({
        id: newId(),
        case_id: caseId,
        from_state: from,
        reason,
        requested_by: actor.accountId,
        requested_at: u.at,
      })
      .execute();
    await moveCase(u, caseId, 'WITHDRAWAL_PENDING');
    await recordTransition(u, {
      caseId,
      action: 'requestWithdrawal',
      from,
      to: 'WITHDRAWAL_PENDING',
      actor,
      reason,
    });
    return { caseId, from, to: 'WITHDRAWAL_PENDING' };
  });
}

/** The filer asks the authority to stop the clock while its remedies are evaluated (AML art 32(3)). */
export async function requestRemedyStop(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  input: { reason: string },
) {
  const reason = requiredText(input.reason, 'reason', 2000);
  return inUnit(ctx, async (u) => {
    const access = await accessAsParty(u.trx, actor, caseId, 'filing:submit', {
      ownerOnly: true,
      forUpdate: true,
    });
    if (!['PHASE_I', 'PHASE_II'].includes(access.case.state))
      throw new FilingError(
        'wrongState',
        { action: 'requestRemedyStop', state: access.case.state },
        Code.WARNING,
      );
    const id = newId();
    await u.trx
      .insertInto('filing.stop_request')
      .values({ id, case_id: caseId, reason, requested_by: actor.accountId, requested_at: u.at })
      .execute();
    await u.audit({
      action: 'stopRequest.create',
      actorAccountId: actor.accountId,
      actorTenantId: actor.tenantId,
      caseId,
      objectType: 'stop_request',
      objectId: id,
      detail: { reason },
    });
    return { id };
  });
}

/** A remedy proposal (structural / behavioural / hybrid), versioned per case. */
export async function proposeRemedy(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  input: { kind: string; text: string; documentIds?: string[] },
) {
  const kind = oneOf(input.kind, 'kind', ['STRUCTURAL', 'BEHAVIOURAL', 'HYBRID'] as const, true)!;
  const body = requiredText(input.text, 'text', 20000);
  return inUnit(ctx, async (u) => {
    const access = await accessAsParty(u.trx, actor, caseId, 'filing:submit', {
      ownerOnly: true,
      forUpdate: true,
    });
    if (!['PHASE_I', 'PHASE_II', 'SUSPENDED'].includes(access.case.state))
      throw new FilingError(
        'wrongState',
        { action: 'proposeRemedy', state: access.case.state },
        Code.WARNING,
      );
    const documentIds = await caseDocuments(u, caseId, input.documentIds);
    const last = await u.trx
      .selectFrom('filing.remedy')
      .select((e) => e.fn.max('version').as('v'))
      .where('case_id', '=', caseId)
      .executeTakeFirst();
    const version = Number(last?.v ?? 0) + 1;
    const id = newId();
    await u.trx
      .insertInto('filing.remedy')
      .values({
        id,
        case_id: caseId,
        version,
        kind,
        text: body,
        document_ids: documentIds,
        submitted_by: actor.accountId,
        submitted_at: u.at,
      })
      .execute();
    await u.audit({
      action: 'remedy.propose',
      actorAccountId: actor.accountId,
      actorTenantId: actor.tenantId,
      caseId,
      objectType: 'remedy',
      objectId: id,
      detail: { version, kind },
    });
    return { id, version };
  });
}

// ---- Authority side

export async function assignHandler(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  input: {
    handlerAccountId: string;
    divisionId?: string;
    divisionName?: string;
    /**
     * 委托审查: the provincial bureau (region) the case is delegated to, its handler being that bureau's
     * delegated reviewer; only simplified cases are delegated. Absent, an assignment ends any delegation.
     */
    delegatedRegion?: string;
  },
) {
  const handler = requiredText(input.handlerAccountId, 'handlerAccountId', 64);
  const delegatedRegion = text(input.delegatedRegion, 'delegatedRegion', { max: 100 });
  return inUnit(ctx, async (u) => {
    const access = await accessAsAuthority(u.trx, actor, caseId, 'review:assign');
    if (delegatedRegion && access.case.procedure !== 'SIMPLIFIED')
      throw new FilingError('delegationSimplifiedOnly', { field: 'delegatedRegion' });
    const staff = await u.trx
      .selectFrom('platform.tenant_member as m')
      .innerJoin('platform.tenant as t', 't.id', 'm.tenant_id')
      .select('m.account_id')
      .where('m.account_id', '=', handler)
      .where('t.kind', '=', 'authority')
      .executeTakeFirst();
    if (!staff) throw new FilingError('handlerNotStaff');
    const before = access.case.handler_account_id;
    await u.trx
      .updateTable('filing.case')
      .set((e) => ({
        handler_account_id: handler,
        division_id: text(input.divisionId, 'divisionId', { max: 64 }),
        division_name: text(input.divisionName, 'divisionName', { max: 100 }),
        delegated_region: delegatedRegion,
        updated_at: u.at,
        version: e('version', '+', 1),
      }))
      .where('id', '=', caseId)
      .execute();
    await recordTransition(u, {
      caseId,
      action: before ? 'reassign' : 'assign',
      from: access.case.state,
      to: access.case.state,
      actor,
      detail: {
        handlerBefore: before,
        handler,
        divisionId: input.divisionId ?? null,
        ...(delegatedRegion ? { delegatedRegion } : {}),
      },
    });
  });
}

/**
 * A 补交 request before acceptance (SUBMITTED → AWAITING_SUPPLEMENT) or a 补正 order during review (the
 * state stays; an unanswered order past its due date is a ground to stop the clock).
 */
export async function requestSupplement(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  input: { items: string; dueOn: PlainDate; attachmentIds?: string[] },
): Promise<TransitionResult & { supplementId: string }> {
  const items = requiredText(input.items, 'items', 10000);
  const dueOn = date(input.dueOn, 'dueOn', true)!;
  return inUnit(ctx, async (u) => {
    const access = await accessAsAuthority(u.trx, actor, caseId, 'review:check');
    const from = access.case.state;
    if (!['SUBMITTED', 'PHASE_I', 'PHASE_II'].includes(from))
      throw new FilingError('wrongState', { action: 'requestSupplement', state: from }, Code.WARNING);
    if (daysBetween(u.today, dueOn) < 1) throw new FilingError('dueDateNotAhead', { field: 'dueOn' });
    const stage = from === 'SUBMITTED' ? 'PRE_ACCEPTANCE' : 'REVIEW';
    const id = newId();
    const clock = await startClock(await clockDeps(u), {
      caseId,
      kind: 'SUPPLEMENT',
      startedOn: u.today,
      lengthDays: daysBetween(u.today, dueOn),
      refId: id,
    });
    const documentId = await generateAndServe(u, caseId, 'SUPPLEMENT_NOTICE', actor, {
      items,
      dueOn: clock.due_on,
      nominalDueOn: clock.nominal_due_on,
    });
    await u.trx
      .insertInto('filing.supplement')
      .values({
        id,
        case_id: caseId,
        stage,
        items,
        requested_by: actor.accountId,
        requested_at: u.at,
        due_on: clock.due_on,
        notice_document_id: documentId,
      })
      .execute();
    const to: CaseState = stage === 'PRE_ACCEPTANCE' ? 'AWAITING_SUPPLEMENT' : from;
    if (to !== from) await moveCase(u, caseId, to);
    const attached = await reviewFiles(u, actor, caseId, input.attachmentIds);
    await recordTransition(u, {
      caseId,
      action: 'requestSupplement',
      from,
      to,
      actor,
      reason: items,
      documentIds: [documentId, ...attached],
      detail: { supplementId: id, stage, dueOn: clock.due_on, nominalDueOn: clock.nominal_due_on },
    });
    return { caseId, from, to, documentId, supplementId: id };
  });
}

/** The longest reason the lead may give for accepting or deeming a filing not filed (the catalogue's bound). */
export const DECISION_REASON_MAX = 4000;

export async function deemNotFiled(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  input: { reason: string; attachmentIds?: string[] },
): Promise<TransitionResult> {
  const reason = requiredText(input?.reason, 'reason', DECISION_REASON_MAX);
  return inUnit(ctx, async (u) => {
    const access = await accessAsAuthority(u.trx, actor, caseId, 'review:accept');
    assertFrom(access, 'deemNotFiled');
    const lapsed = await u.trx
      .selectFrom('filing.supplement')
      .selectAll()
      .where('case_id', '=', caseId)
      .where('stage', '=', 'PRE_ACCEPTANCE')
      .where('state', 'in', ['OPEN', 'LAPSED'])
      .where('due_on', '<', u.today)
      .orderBy('due_on')
      .executeTakeFirst();
    if (!lapsed) throw new FilingError('supplementNotLapsed');
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
    const documentId = await generateAndServe(u, caseId, 'NOT_FILED_NOTICE', actor, { dueOn: lapsed.due_on });
    await moveCase(u, caseId, 'DEEMED_NOT_FILED');
    const attached = await reviewFiles(u, actor, caseId, input.attachmentIds);
    await recordTransition(u, {
      caseId,
      action: 'deemNotFiled',
      from: 'AWAITING_SUPPLEMENT',
      to: 'DEEMED_NOT_FILED',
      actor,
      reason,
      documentIds: [documentId, ...attached],
      detail: { supplementId: lapsed.id },
    });
    return { caseId, from: 'AWAITING_SUPPLEMENT', to: 'DEEMED_NOT_FILED', documentId };
  });
}

export async function returnFiling(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  input: { reason: string; attachmentIds?: string[] },
): Promise<TransitionResult> {
  const reason = requiredText(input.reason, 'reason', 5000);
  return inUnit(ctx, async (u) => {
    const access = await accessAsAuthority(u.trx, actor, caseId, 'review:accept');
    assertFrom(access, 'returnFiling');
    if (access.case.procedure !== 'SIMPLIFIED') throw new FilingError('returnSimplifiedOnly');
    const documentId = await generateAndServe(u, caseId, 'RETURN_NOTICE', actor, { reason });
    await moveCase(u, caseId, 'RETURNED');
    const attached = await reviewFiles(u, actor, caseId, input.attachmentIds);
    await recordTransition(u, {
      caseId,
      action: 'returnFiling',
      from: 'SUBMITTED',
      to: 'RETURNED',
      actor,
      reason,
      documentIds: [documentId, ...attached],
    });
    return { caseId, from: 'SUBMITTED', to: 'RETURNED', documentId };
  });
}

/** 受理: Phase I starts (30 days); a simplified case's 公示表 goes live for 10 days. */
export async function accept(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  input: { reason: string; attachmentIds?: string[] },
): Promise<TransitionResult & { phaseIDueOn: PlainDate; noticeUntil?: PlainDate }> {
  const reason = requiredText(input?.reason, 'reason', DECISION_REASON_MAX);
  return inUnit(ctx, async (u) => {
    const access = await accessAsAuthority(u.trx, actor, caseId, 'review:accept');
    assertFrom(access, 'accept');
    const open = await u.trx
      .selectFrom('filing.supplement')
      .select('id')
      .where('case_id', '=', caseId)
      .where('state', '=', 'OPEN')
      .executeTakeFirst();
    if (open) throw new FilingError('supplementOpen');
    const bundle = await loadBundle(u.trx, caseId);
    const completeness = completenessOf(bundle);
    if (!completeness.complete)
      throw new FilingError(
        'incomplete',
        { section: completeness.firstIncomplete },
        Code.ILLEGAL_REQUEST,
        completeness.sections.filter((s) => !s.complete),
      );
    const deps = await clockDeps(u);
    const phase = await startClock(deps, {
      caseId,
      kind: 'PHASE_I',
      startedOn: u.today,
      lengthDays: PHASE_I_DAYS,
    });
    let noticeUntil: PlainDate | undefined;
    if (access.case.procedure === 'SIMPLIFIED') {
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
    const documentId = await generateAndServe(u, caseId, 'ACCEPTANCE_NOTICE', actor, {
      dueOn: phase.due_on,
      nominalDueOn: phase.nominal_due_on,
    });
    await moveCase(u, caseId, 'PHASE_I', { accepted_on: u.today });
    const attached = await reviewFiles(u, actor, caseId, input.attachmentIds);
    await recordTransition(u, {
      caseId,
      action: 'accept',
      from: 'SUBMITTED',
      to: 'PHASE_I',
      actor,
      reason,
      documentIds: [documentId, ...attached],
      detail: { phaseIDueOn: phase.due_on, noticeUntil: noticeUntil ?? null },
    });
    return { caseId, from: 'SUBMITTED', to: 'PHASE_I', documentId, phaseIDueOn: phase.due_on, noticeUntil };
  });
}

/** 不实施进一步审查: cleared in Phase I (a simplified case only once its public notice has closed). */
export async function clearPhaseI(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  input: { reason?: string; attachmentIds?: string[] } = {},
): Promise<TransitionResult> {
  const reason = text(input.reason, 'reason', { max: 5000 });
  return inUnit(ctx, async (u) => {
    const access = await accessAsAuthority(u.trx, actor, caseId, 'review:decide');
    assertFrom(access, 'clearPhaseI');
    const notice = await u.trx
      .selectFrom('filing.publication')
      .select(['id', 'notice_state', 'live_until'])
      .where('case_id', '=', caseId)
      .where('kind', '=', 'NOTICE')
      .executeTakeFirst();
    if (noticeStillLive(notice, u.today))
      throw new FilingError('noticeStillLive', { until: notice!.live_until });
    if (notice && notice.notice_state !== 'CLOSED') await closeNotice(u, notice.id);
    const clock = await currentClock(u.trx, caseId, 'PHASE_I');
    assertInTime(clock, u.today);
    if (clock) await endClock(u.trx, clock.id, 'DONE', u.today);
    const documentId = await generateAndServe(u, caseId, 'CLEARANCE_DECISION', actor, {
      decisionText: reason,
    });
    await moveCase(u, caseId, 'CLEARED', { decided_on: u.today, decision: 'CLEARED' });
    const attached = await reviewFiles(u, actor, caseId, input.attachmentIds);
    await recordTransition(u, {
      caseId,
      action: 'clearPhaseI',
      from: 'PHASE_I',
      to: 'CLEARED',
      actor,
      reason,
      documentIds: [documentId, ...attached],
    });
    return { caseId, from: 'PHASE_I', to: 'CLEARED', documentId };
  });
}

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

export async function furtherReview(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  input: { reason: string; attachmentIds?: string[] },
): Promise<TransitionResult & { phaseIIDueOn: PlainDate }> {
  const reason = requiredText(input.reason, 'reason', 5000);
  return inUnit(ctx, async (u) => {
    const access = await accessAsAuthority(u.trx, actor, caseId, 'review:decide');
    assertFrom(access, 'furtherReview');
    const deps = await clockDeps(u);
    const p1 = await currentClock(u.trx, caseId, 'PHASE_I');
    assertInTime(p1, u.today);
    if (p1) await endClock(u.trx, p1.id, 'DONE', u.today);
    const p2 = await startClock(deps, {
      caseId,
      kind: 'PHASE_II',
      startedOn: u.today,
      lengthDays: PHASE_II_DAYS,
    });
    const documentId = await generateAndServe(u, caseId, 'FURTHER_REVIEW_NOTICE', actor, {
      reason,
      dueOn: p2.due_on,
      nominalDueOn: p2.nominal_due_on,
    });
    await moveCase(u, caseId, 'PHASE_II');
    const attached = await reviewFiles(u, actor, caseId, input.attachmentIds);
    await recordTransition(u, {
      caseId,
      action: 'furtherReview',
      from: 'PHASE_I',
      to: 'PHASE_II',
      actor,
      reason,
      documentIds: [documentId, ...attached],
      detail: { phaseIIDueOn: p2.due_on },
    });
    return { caseId, from: 'PHASE_I', to: 'PHASE_II', documentId, phaseIIDueOn: p2.due_on };
  });
}

export async function extendPhaseII(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  input: { days: number; ground: string; reason: string; attachmentIds?: string[] },
): Promise<TransitionResult & { dueOn: PlainDate; extensionDays: number }> {
  const days = int(input.days, 'days', 1, PHASE_II_MAX_EXTENSION, true)!;
  const ground = oneOf(input.ground, 'ground', EXTENSION_GROUNDS, true)!;
  const reason = requiredText(input.reason, 'reason', 5000);
  return inUnit(ctx, async (u) => {
    const access = await accessAsAuthority(u.trx, actor, caseId, 'review:clock');
    assertFrom(access, 'extend');
    const clock = await currentClock(u.trx, caseId, 'PHASE_II');
    if (!clock) throw notFound('clock');
    assertInTime(clock, u.today);
    if (clock.extension_days + days > PHASE_II_MAX_EXTENSION)
      throw new FilingError('extensionTooLong', {
        max: PHASE_II_MAX_EXTENSION,
        used: clock.extension_days,
        asked: days,
      });
    const next = await extendClockRow(await clockDeps(u), clock, days);
    const documentId = await generateAndServe(u, caseId, 'EXTENSION_NOTICE', actor, {
      days,
      ground: reason,
      dueOn: next.due_on,
      nominalDueOn: next.nominal_due_on,
    });
    await moveCase(u, caseId, 'PHASE_II');
    const attached = await reviewFiles(u, actor, caseId, input.attachmentIds);
    await recordTransition(u, {
      caseId,
      action: 'extend',
      from: 'PHASE_II',
      to: 'PHASE_II',
      actor,
      reason,
      ground,
      documentIds: [documentId, ...attached],
      detail: { days, totalExtension: next.extension_days, dueOn: next.due_on },
    });
    return {
      caseId,
      from: 'PHASE_II',
      to: 'PHASE_II',
      documentId,
      dueOn: next.due_on,
      extensionDays: next.extension_days,
    };
  });
}

export async function decide(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  /** As sent (the catalogue's body is open): each field is checked below. */
  input: {
    decision?: unknown;
    reason?: unknown;
    conditions?: unknown;
    conditionTerm?: unknown;
    decisionText?: unknown;
    attachmentIds?: unknown;
  },
): Promise<TransitionResult> {
  const decision = oneOf(
    input.decision,
    'decision',
    ['CLEARED', 'CLEARED_WITH_CONDITIONS', 'PROHIBITED'] as const,
    true,
  )!;
  const reason = requiredText(input.reason, 'reason', 5000);
  const conditions = text(input.conditions, 'conditions', { max: 50000 });
  const conditionTerm = text(input.conditionTerm, 'conditionTerm', { max: 500 });
  const decisionText = text(input.decisionText, 'decisionText', { max: 100000 });
  if (decision === 'CLEARED_WITH_CONDITIONS' && (!conditions || !conditionTerm))
    throw new FilingError('conditionsRequired');
  return inUnit(ctx, async (u) => {
    const access = await accessAsAuthority(u.trx, actor, caseId, 'review:decide');
    assertFrom(access, 'decide');
    if (decision === 'CLEARED_WITH_CONDITIONS') {
      const remedy = await u.trx
        .selectFrom('filing.remedy')
        .select('id')
        .where('case_id', '=', caseId)
        .executeTakeFirst();
      if (!remedy) throw new FilingError('remedyRequired');
    }
    const clock = await currentClock(u.trx, caseId, 'PHASE_II');
    assertInTime(clock, u.today);
    if (clock) await endClock(u.trx, clock.id, 'DONE', u.today);
    const kind =
      decision === 'CLEARED'
        ? 'CLEARANCE_DECISION'
        : decision === 'CLEARED_WITH_CONDITIONS'
          ? 'CONDITIONAL_DECISION'
          : 'PROHIBITION_DECISION';
    const documentId = await generateAndServe(u, caseId, kind, actor, {
      reason,
      conditions,
      conditionTerm,
      decisionText: decisionText ?? reason,
    });
    await moveCase(u, caseId, decision, { decided_on: u.today, decision });
    const attached = await reviewFiles(u, actor, caseId, input.attachmentIds);
    await recordTransition(u, {
      caseId,
      action: 'decide',
      from: 'PHASE_II',
      to: decision,
      actor,
      reason,
      documentIds: [documentId, ...attached],
      detail: { decision, conditions, conditionTerm },
    });
    return { caseId, from: 'PHASE_II', to: decision, documentId };
  });
}

/** 中止: only on the AML art 32 grounds, each with its own condition. */
export async function stopClock(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  /** ground as sent: checked below against STOP_GROUNDS. */
  input: { ground: string; reason: string; attachmentIds?: string[] },
): Promise<TransitionResult> {
  const ground = oneOf(input.ground, 'ground', STOP_GROUNDS, true)!;
  const reason = requiredText(input.reason, 'reason', 5000);
  return inUnit(ctx, async (u) => {
    const access = await accessAsAuthority(u.trx, actor, caseId, 'review:clock');
    assertFrom(access, 'stopClock');
    const phase = access.case.state as 'PHASE_I' | 'PHASE_II';
    if (ground === 'DOCUMENTS_NOT_SUPPLIED') {
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
    if (ground === 'REMEDY_EVALUATION') {
      const request = await u.trx
        .selectFrom('filing.stop_request')
        .select('id')
        .where('case_id', '=', caseId)
        .where('state', '=', 'PENDING')
        .executeTakeFirst();
      if (!request) throw new FilingError('groundNoFilerRequest');
      await u.trx
        .updateTable('filing.stop_request')
        .set({ state: 'USED' })
        .where('id', '=', request.id)
        .execute();
    }
    const clock = await currentClock(u.trx, caseId, phase);
    if (!clock || clock.state !== 'RUNNING') throw notFound('clock');
    assertInTime(clock, u.today);
    await stopClockRow(u.trx, clock, u.today);
    const documentId = await generateAndServe(u, caseId, 'SUSPENSION_NOTICE', actor, {
      ground: groundText(ground),
      reason,
    });
    await moveCase(u, caseId, 'SUSPENDED', { suspended_from: phase });
    const attached = await reviewFiles(u, actor, caseId, input.attachmentIds);
    await recordTransition(u, {
      caseId,
      action: 'stopClock',
      from: phase,
      to: 'SUSPENDED',
      actor,
      reason,
      ground,
      documentIds: [documentId, ...attached],
      detail: { clockId: clock.id },
    });
    return { caseId, from: phase, to: 'SUSPENDED', documentId };
  });
}

const groundText = (g: StopGround) =>
  ({
    DOCUMENTS_NOT_SUPPLIED: '经营者未按照规定提交文件、资料，导致审查工作无法进行',
    NEW_FACTS: '出现对经营者集中审查具有重大影响的新情况、新事实，不经核实将导致审查工作无法进行',
    REMEDY_EVALUATION: '对经营者集中附加的限制性条件需要进一步评估，且经营者提出中止请求',
  })[g];

/** 恢复: back to the phase it left; the due date moves by the days stopped. */
export async function restartClock(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  input: { reason?: string; attachmentIds?: string[] } = {},
): Promise<TransitionResult & { dueOn: PlainDate; daysStopped: number }> {
  const reason = text(input.reason, 'reason', { max: 5000 });
  return inUnit(ctx, async (u) => {
    const access = await accessAsAuthority(u.trx, actor, caseId, 'review:clock');
    assertFrom(access, 'restartClock');
    const phase = access.case.suspended_from;
    if (!phase)
      throw new FilingError('wrongState', { action: 'restartClock', state: access.case.state }, Code.WARNING);
    const clock = await currentClock(u.trx, caseId, phase);
    if (!clock || clock.state !== 'STOPPED') throw notFound('clock');
    const next = await restartClockRow(await clockDeps(u), clock, u.today);
    const daysStopped = next.stopped_days - clock.stopped_days;
    const documentId = await generateAndServe(u, caseId, 'RESUMPTION_NOTICE', actor, {
      dueOn: next.due_on,
      nominalDueOn: next.nominal_due_on,
    });
    await moveCase(u, caseId, phase, { suspended_from: null });
    const attached = await reviewFiles(u, actor, caseId, input.attachmentIds);
    await recordTransition(u, {
      caseId,
      action: 'restartClock',
      from: 'SUSPENDED',
      to: phase,
      actor,
      reason,
      documentIds: [documentId, ...attached],
      detail: { daysStopped, dueOn: next.due_on, nominalDueOn: next.nominal_due_on },
    });
    return { caseId, from: 'SUSPENDED', to: phase, documentId, dueOn: next.due_on, daysStopped };
  });
}

/** Competition concerns in Phase II, with a period for written opinions. */
export async function raiseConcern(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  input: { text: string; opinionDueOn: PlainDate; attachmentIds?: string[] },
) {
  const body = requiredText(input.text, 'text', 20000);
  const due = date(input.opinionDueOn, 'opinionDueOn', true)!;
  return inUnit(ctx, async (u) => {
    const access = await accessAsAuthority(u.trx, actor, caseId, 'review:decide');
    if (access.case.state !== 'PHASE_II')
      throw new FilingError('wrongState', { action: 'raiseConcern', state: access.case.state }, Code.WARNING);
    if (daysBetween(u.today, due) < 1) throw new FilingError('dueDateNotAhead', { field: 'opinionDueOn' });
    const documentId = await generateAndServe(u, caseId, 'CONCERN_NOTICE', actor, {
      reason: body,
      dueOn: due,
    });
    const id = newId();
    await u.trx
      .insertInto('filing.concern')
      .values({
        id,
        case_id: caseId,
        text: body,
        opinion_due_on: due,
        raised_by: actor.accountId,
        raised_at: u.at,
        document_id: documentId,
      })
      .execute();
    const attached = await reviewFiles(u, actor, caseId, input.attachmentIds);
    await recordTransition(u, {
      caseId,
      action: 'raiseConcern',
      from: 'PHASE_II',
      to: 'PHASE_II',
      actor,
      reason: body,
      documentIds: [documentId, ...attached],
      detail: { concernId: id, opinionDueOn: due },
    });
    return { id, documentId };
  });
}

export async function consentWithdrawal(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  input: { reason?: string; attachmentIds?: string[] } = {},
): Promise<TransitionResult> {
  const reason = text(input.reason, 'reason', { max: 5000 });
  return inUnit(ctx, async (u) => {
    const access = await accessAsAuthority(u.trx, actor, caseId, 'review:decide');
    assertFrom(access, 'consentWithdrawal');
    const w = await pendingWithdrawal(u, caseId);
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
    const documentId = await generateAndServe(u, caseId, 'WITHDRAWAL_CONSENT', actor, { reason });
    await moveCase(u, caseId, 'WITHDRAWN', { suspended_from: null });
    const attached = await reviewFiles(u, actor, caseId, input.attachmentIds);
    await recordTransition(u, {
      caseId,
      action: 'consentWithdrawal',
      from: 'WITHDRAWAL_PENDING',
      to: 'WITHDRAWN',
      actor,
      reason,
      documentIds: [documentId, ...attached],
      detail: { withdrawalId: w.id },
    });
    return { caseId, from: 'WITHDRAWAL_PENDING', to: 'WITHDRAWN', documentId };
  });
}

/** Refused: the case returns to the state it left, clocks as they were. */
export async function refuseWithdrawal(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  input: { reason: string; attachmentIds?: string[] },
): Promise<TransitionResult> {
  const reason = requiredText(input.reason, 'reason', 5000);
  return inUnit(ctx, async (u) => {
    const access = await accessAsAuthority(u.trx, actor, caseId, 'review:decide');
    assertFrom(access, 'refuseWithdrawal');
    const w = await pendingWithdrawal(u, caseId);
    const back = w.from_state as CaseState;
    await u.trx
      .updateTable('filing.withdrawal')
      .set({ state: 'REFUSED', decided_by: actor.accountId, decided_at: u.at, decision_reason: reason })
      .where('id', '=', w.id)
      .execute();
    const documentId = await generateAndServe(u, caseId, 'WITHDRAWAL_REFUSAL', actor, { reason });
    await moveCase(u, caseId, back);
    const attached = await reviewFiles(u, actor, caseId, input.attachmentIds);
    await recordTransition(u, {
      caseId,
      action: 'refuseWithdrawal',
      from: 'WITHDRAWAL_PENDING',
      to: back,
      actor,
      reason,
      documentIds: [documentId, ...attached],
      detail: { withdrawalId: w.id },
    });
    return { caseId, from: 'WITHDRAWAL_PENDING', to: back, documentId };
  });
}

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
