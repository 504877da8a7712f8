/**
 * The `filing` catalogue section (schemas/api/filing.yaml) over the filing service (server/filing):
 * each handler builds the Actor from the verified session and calls one service function, which checks
 * the permission again, the caller's standing on the case and the state, runs in one transaction and
 * throws translated FilingErrors. The handlers add nothing but the mapping.
 */
import {
  calendar,
  cases,
  checkSimplified,
  checkThresholds,
  documents,
  members,
  parts,
  publications,
  transitions,
  worklists,
  type FilingContext,
} from '../../filing/index.ts';
import { requirePermission } from '../../filing/actor.ts';
import { defineHandlers, type HandlerContext } from '../handler.ts';
import { actorOf } from './actor-of.ts';

type View = Record<string, unknown>;

/** The service's answers are plain data views; the catalogue describes them as open objects. */
const view = (value: unknown): View => value as View;

const filingOf = (ctx: HandlerContext): FilingContext => ctx.request.server.filing;

/** Runs a service call as the session's actor. */
async function run<T>(
  ctx: HandlerContext,
  call: (filing: FilingContext, actor: Awaited<ReturnType<typeof actorOf>>) => Promise<T>,
): Promise<T> {
  return call(filingOf(ctx), await actorOf(ctx));
}

export const filingHandlers = defineHandlers({
  // Cases
  'filing.case.create': async (ctx) => view(await run(ctx, (f, a) => cases.createDraft(f, a, ctx.body))),
  'filing.case.update': async (ctx) =>
    view(await run(ctx, (f, a) => cases.updateCase(f, a, ctx.query.caseId, ctx.body))),
  'filing.case.remove': async (ctx) => {
    await run(ctx, (f, a) => cases.deleteDraft(f, a, ctx.query.caseId));
    return null;
  },
  'filing.case.get': async (ctx) => view(await run(ctx, (f, a) => cases.getCase(f, a, ctx.query.caseId))),
  'filing.case.check': async (ctx) =>
    view(await run(ctx, (f, a) => cases.checkFiling(f, a, ctx.query.caseId))),
  'filing.case.mine': async (ctx) =>
    view(
      await run(ctx, (f, a) =>
        cases.listMyCases(f, a, {
          state: ctx.body.state as cases.ListQuery['state'],
          page: ctx.body.page,
          size: ctx.body.size,
        }),
      ),
    ),

  // Sections
  'filing.party.add': async (ctx) =>
    view(await run(ctx, (f, a) => parts.addParty(f, a, ctx.query.caseId, ctx.body))),
  'filing.party.update': async (ctx) =>
    view(await run(ctx, (f, a) => parts.updateParty(f, a, ctx.query.partyId, ctx.body))),
  'filing.party.remove': async (ctx) => {
    await run(ctx, (f, a) => parts.removeParty(f, a, ctx.query.partyId));
    return null;
  },
  'filing.turnover.save': async (ctx) =>
    view(await run(ctx, (f, a) => parts.saveTurnover(f, a, ctx.query.partyId, ctx.body))),
  'filing.turnover.remove': async (ctx) => {
    await run(ctx, (f, a) => parts.removeTurnover(f, a, ctx.query.turnoverId));
    return null;
  },
  'filing.market.save': async (ctx) =>
    view(await run(ctx, (f, a) => parts.saveMarket(f, a, ctx.query.caseId, ctx.body))),
  'filing.market.remove': async (ctx) => {
    await run(ctx, (f, a) => parts.removeMarket(f, a, ctx.query.marketId));
    return null;
  },
  'filing.share.save': async (ctx) =>
    view(await run(ctx, (f, a) => parts.saveShare(f, a, ctx.query.marketId, ctx.body))),
  'filing.share.remove': async (ctx) => {
    await run(ctx, (f, a) => parts.removeShare(f, a, ctx.query.shareId));
    return null;
  },
  'filing.jurisdiction.save': async (ctx) =>
    view(await run(ctx, (f, a) => parts.saveJurisdiction(f, a, ctx.query.caseId, ctx.body))),
  'filing.jurisdiction.remove': async (ctx) => {
    await run(ctx, (f, a) => parts.removeJurisdiction(f, a, ctx.query.jurisdictionId));
    return null;
  },
  'filing.noticeForm.save': async (ctx) =>
    view(await run(ctx, (f, a) => parts.saveNoticeForm(f, a, ctx.query.caseId, ctx.body))),

  // Documents and members
  'filing.document.attach': async (ctx) =>
    view(await run(ctx, (f, a) => documents.attachDocument(f, a, ctx.query.caseId, ctx.body))),
  'filing.document.remove': async (ctx) => {
    await run(ctx, (f, a) => documents.removeDocument(f, a, ctx.query.documentId));
    return null;
  },
  'filing.document.open': async (ctx) =>
    view(await run(ctx, (f, a) => documents.openDocument(f, a, ctx.query.documentId))),
  'filing.member.invite': async (ctx) =>
    view(await run(ctx, (f, a) => members.inviteCoParty(f, a, ctx.query.caseId, ctx.query.tenantId))),
  'filing.member.authoriseAgent': async (ctx) =>
    view(await run(ctx, (f, a) => members.authoriseAgent(f, a, ctx.query.caseId, ctx.body))),
  'filing.member.revoke': async (ctx) => {
    await run(ctx, (f, a) => members.revokeMembership(f, a, ctx.query.membershipId));
    return null;
  },

  // Transitions: the filer's side
  'filing.case.submit': async (ctx) =>
    view(await run(ctx, (f, a) => transitions.submit(f, a, ctx.query.caseId))),
  'filing.supplement.answer': async (ctx) =>
    view(await run(ctx, (f, a) => transitions.answerSupplement(f, a, ctx.query.supplementId, ctx.body))),
  'filing.case.requestWithdrawal': async (ctx) =>
    view(await run(ctx, (f, a) => transitions.requestWithdrawal(f, a, ctx.query.caseId, ctx.body))),
  'filing.case.requestRemedyStop': async (ctx) =>
    view(await run(ctx, (f, a) => transitions.requestRemedyStop(f, a, ctx.query.caseId, ctx.body))),
  'filing.case.proposeRemedy': async (ctx) =>
    view(await run(ctx, (f, a) => transitions.proposeRemedy(f, a, ctx.query.caseId, ctx.body))),

  // Transitions: the authority's side
  'filing.case.assign': async (ctx) =>
    view(await run(ctx, (f, a) => transitions.assignHandler(f, a, ctx.query.caseId, ctx.body))),
  'filing.case.requestSupplement': async (ctx) =>
    view(await run(ctx, (f, a) => transitions.requestSupplement(f, a, ctx.query.caseId, ctx.body))),
  'filing.case.deemNotFiled': async (ctx) =>
    view(await run(ctx, (f, a) => transitions.deemNotFiled(f, a, ctx.query.caseId))),
  'filing.case.return': async (ctx) =>
    view(await run(ctx, (f, a) => transitions.returnFiling(f, a, ctx.query.caseId, ctx.body))),
  'filing.case.accept': async (ctx) =>
    view(await run(ctx, (f, a) => transitions.accept(f, a, ctx.query.caseId))),
  'filing.case.clearPhaseI': async (ctx) =>
    view(await run(ctx, (f, a) => transitions.clearPhaseI(f, a, ctx.query.caseId, ctx.body))),
  'filing.case.furtherReview': async (ctx) =>
    view(await run(ctx, (f, a) => transitions.furtherReview(f, a, ctx.query.caseId, ctx.body))),
  'filing.case.extend': async (ctx) =>
    view(await run(ctx, (f, a) => transitions.extendPhaseII(f, a, ctx.query.caseId, ctx.body))),
  'filing.case.decide': async (ctx) =>
    view(
      await run(ctx, (f, a) =>
        transitions.decide(f, a, ctx.query.caseId, ctx.body as Parameters<typeof transitions.decide>[3]),
      ),
    ),
  'filing.case.stopClock': async (ctx) =>
    view(
      await run(ctx, (f, a) =>
        transitions.stopClock(
          f,
          a,
          ctx.query.caseId,
          ctx.body as Parameters<typeof transitions.stopClock>[3],
        ),
      ),
    ),
  'filing.case.restartClock': async (ctx) =>
    view(await run(ctx, (f, a) => transitions.restartClock(f, a, ctx.query.caseId, ctx.body))),
  'filing.case.raiseConcern': async (ctx) =>
    view(await run(ctx, (f, a) => transitions.raiseConcern(f, a, ctx.query.caseId, ctx.body))),
  'filing.case.consentWithdrawal': async (ctx) =>
    view(await run(ctx, (f, a) => transitions.consentWithdrawal(f, a, ctx.query.caseId, ctx.body))),
  'filing.case.refuseWithdrawal': async (ctx) =>
    view(await run(ctx, (f, a) => transitions.refuseWithdrawal(f, a, ctx.query.caseId, ctx.body))),

  // The authority's lists
  'filing.worklist': async (ctx) =>
    view(
      await run(ctx, (f, a) =>
        worklists.worklist(f, a, ctx.body as Parameters<typeof worklists.worklist>[2]),
      ),
    ),
  'filing.dashboard': async (ctx) => view(await run(ctx, (f, a) => worklists.dashboard(f, a))),

  // Publications and comments
  'filing.publication.clearanceBatch': async (ctx) =>
    view(await run(ctx, (f, a) => publications.publishClearanceBatch(f, a, ctx.body))),
  'filing.publication.decision': async (ctx) =>
    view(await run(ctx, (f, a) => publications.publishDecision(f, a, ctx.query.caseId))),
  'filing.comment.list': async (ctx) =>
    view(
      await run(ctx, (f, a) =>
        publications.listComments(f, a, ctx.body as Parameters<typeof publications.listComments>[2]),
      ),
    ),
  'filing.comment.triage': async (ctx) =>
    view(
      await run(ctx, (f, a) =>
        publications.triageComment(
          f,
          a,
          ctx.query.commentId,
          ctx.body as Parameters<typeof publications.triageComment>[3],
        ),
      ),
    ),

  // The holiday calendar
  'filing.calendar.query': async (ctx) => ({
    days: await calendar.listCalendarDays(filingOf(ctx), { year: ctx.query.year }),
  }),
  'filing.calendar.add': async (ctx) =>
    view(await run(ctx, (f, a) => calendar.addCalendarDay(f, a, ctx.body))),
  'filing.calendar.remove': async (ctx) => {
    await run(ctx, (f, a) => calendar.removeCalendarDay(f, a, ctx.query.day));
    return null;
  },

  // Helpers: pure, no case data
  'filing.helper.thresholds': async (ctx) => {
    requirePermission(await actorOf(ctx), 'filing:helper');
    return view(checkThresholds(ctx.body.parties, ctx.body.referenceYear));
  },
  'filing.helper.simplified': async (ctx) => {
    requirePermission(await actorOf(ctx), 'filing:helper');
    return view(checkSimplified(ctx.body as unknown as Parameters<typeof checkSimplified>[0]));
  },
});
