/**
 * Acts on a case beside the state machine's moves: the filer's remedy proposals and its request to stop
 * the clock for them, the authority's assignment of a handler and its competition concerns in Phase II.
 * Each checks its own state and records itself (an audit entry, or a transition that keeps the state).
 */
import { newId } from '../../../auth/tokens.ts';
import { FilingError, type Actor } from '../actor.ts';
import { daysBetween, type PlainDate } from '../dates.ts';
import { accessAsAuthority, accessAsParty } from './access.ts';
import type { FilingContext } from './context.ts';
import { attachReviewFiles, generateAndServe } from './documents.ts';
import { date, oneOf, requiredText, text } from './input.ts';
import { inUnit, recordTransition } from './unit.ts';
import { caseDocuments, wrongState } from './transition-runner.ts';

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
      throw wrongState('requestRemedyStop', access.case.state);
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
      throw wrongState('proposeRemedy', access.case.state);
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
    if (access.case.state !== 'PHASE_II') throw wrongState('raiseConcern', access.case.state);
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
    const attached = await attachReviewFiles(u, actor, caseId, input.attachmentIds, { serve: true });
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
