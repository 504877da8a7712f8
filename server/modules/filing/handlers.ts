/**
 * The `filing` catalogue section (schemas/api/filing.yaml) over the filing service (server/modules/filing):
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
  office,
  parts,
  proposals,
  publications,
  transitions,
  worklists,
  type FilingContext,
} from './index.ts';
import { FilingError, requirePermission } from './actor.ts';
import { Code } from '../../http/codes.ts';
import { findAttachment } from '../../files/attachments.ts';
import { mayReadAttachment } from '../files/read-access.ts';
import {
  defineHandlers,
  type HandlerContext,
  type HandlerMap,
  type RoutedHandler,
} from '../../http/handler.ts';
import { loadCatalogue } from '../../../schemas/catalogue.ts';
import { transitionOf } from './service/transition-runner.ts';
import { actorOf } from './actor-of.ts';
import { withCalendarNotes } from './calendar-notes.ts';
import { authorityStaff } from './staff.ts';
import {
  caseOfMarket,
  statesOf,
  explanationOf,
  simplifiedFactsOf,
  thresholdParties,
  caseOfSupplement,
  checkRows,
  introLines,
  withIntrosText,
  listPage,
  pageOf,
  paramOf,
  partyIdByName,
  sectionName,
  sectionRows,
  tenantIdOf,
  withTenantNames,
} from './filer-views.ts';
import { MAX_WORKLIST_PAGE_SIZE } from './service/page-size.ts';

/** `{attachmentId, fileTenantId?}` → the service's `file` reference (an explicit `file` is kept). */
async function withFileRef(
  f: FilingContext,
  a: Awaited<ReturnType<typeof actorOf>>,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const { attachmentId, fileTenantId, ...rest } = body;
  if (rest.file !== undefined || typeof attachmentId !== 'string') return body;
  const tenantId = typeof fileTenantId === 'string' ? fileTenantId : a.tenantId;
  // Only the caller's own space (documents.ts says why), refused before the store is asked, so the
  // answer never tells whether a file of another tenant exists.
  if (tenantId !== a.tenantId) throw new FilingError('fileNotYours', {}, Code.NO_PERMISSION);
  const stored = await f.store.stat(tenantId, attachmentId);
  if (!stored) throw new FilingError('fileMissing');
  return { ...rest, file: { tenantId, attachmentId, sha256: stored.sha256 } };
}

type View = Record<string, unknown>;

/** The service's answers are plain data views; the catalogue's response schemas describe their shapes. */
const view = (value: unknown): View => value as View;

const filingOf = (ctx: HandlerContext): FilingContext => ctx.request.server.filing;

/** Runs a service call as the session's actor. */
/** The attachment ids a filing call's body names (attachmentId, attachmentIds, file.attachmentId). */
function namedFiles(body: unknown): string[] {
  const b = (body ?? {}) as {
    attachmentId?: unknown;
    attachmentIds?: unknown;
    file?: { attachmentId?: unknown };
  };
  const list = Array.isArray(b.attachmentIds)
    ? b.attachmentIds
    : typeof b.attachmentIds === 'string'
      ? b.attachmentIds.split(',')
      : [];
  return [b.attachmentId, b.file?.attachmentId, ...list]
    .filter((x): x is string => typeof x === 'string')
    .map((x) => x.trim())
    .filter(Boolean);
}

/**
 * A file put on a case must be one the caller may read (read-access.ts): a colleague's private file
 * would otherwise reach the case's parties and the authority through it. One not in the caller's space
 * is left to the service (not found there).
 */
async function requireReadableFiles(ctx: HandlerContext): Promise<void> {
  const schema = ctx.auth?.tenantSchema;
  if (!schema) return;
  for (const id of namedFiles(ctx.body)) {
    const row = await findAttachment(ctx.db, schema, id);
    if (row && !(await mayReadAttachment(ctx, row)))
      throw new FilingError('fileNotYours', {}, Code.NO_PERMISSION);
  }
}

async function run<T>(
  ctx: HandlerContext,
  call: (filing: FilingContext, actor: Awaited<ReturnType<typeof actorOf>>) => Promise<T>,
): Promise<T> {
  await requireReadableFiles(ctx);
  return call(filingOf(ctx), await actorOf(ctx));
}

/** The case.view audit detail of a screen's read: the part read, and the administrator acting, if any. */
const viewOf = (ctx: HandlerContext, section?: string): cases.CaseViewDetail => ({
  section,
  actingBy: ctx.auth?.actor?.account ?? null,
});

/**
 * Every filing operation the catalogue names by the state machine's action (`transition: <action>`): taken
 * by the transition runner on the case in ?caseId with the body as its input, answered with its result.
 * Adding such an operation to filing.yaml is all the HTTP side of a new transition needs.
 */
const transitionRoutes: HandlerMap = Object.fromEntries(
  [...loadCatalogue().values()]
    .filter((op) => op.area === 'filing' && op.transition)
    .map((op) => {
      const take = transitionOf(op.transition!);
      if (!take) throw new Error(`${op.id} names the transition ${op.transition}, which has no effect`);
      // The catalogue's query schema of each such operation requires caseId (checked before this runs).
      const route: RoutedHandler = async (ctx) => {
        const { caseId } = ctx.query as { caseId: string };
        return view(await run(ctx, (f, a) => take(f, a, caseId, ctx.body as never)));
      };
      return [op.id, route];
    }),
);

export const filingHandlers: HandlerMap = {
  ...transitionRoutes,
  ...defineHandlers({
    // Cases
    'filing.case.create': async (ctx) => view(await run(ctx, (f, a) => cases.createDraft(f, a, ctx.body))),
    'filing.case.update': async (ctx) =>
      view(await run(ctx, (f, a) => cases.updateCase(f, a, ctx.query.caseId, ctx.body))),
    'filing.case.remove': async (ctx) => {
      await run(ctx, (f, a) => cases.deleteDraft(f, a, ctx.query.caseId));
      return null;
    },
    'filing.case.get': async (ctx) =>
      view(
        withCalendarNotes(
          ctx.lang,
          // A case screen's reads are case views: each call writes one case.view audit entry (cases.ts).
          withIntrosText(await run(ctx, (f, a) => cases.getCase(f, a, ctx.query.caseId, viewOf(ctx)))),
        ),
      ),
    'filing.case.check': async (ctx) =>
      view(await run(ctx, (f, a) => cases.checkFiling(f, a, ctx.query.caseId))),
    'filing.case.mine': async (ctx) => {
      // The list screen sends the spec's list request; older callers {state, page, size}.
      const req = ctx.body;
      const paged = req.requestPage
        ? pageOf(req, MAX_WORKLIST_PAGE_SIZE)
        : { page: req.page, size: req.size };
      const state = (paramOf(req, 'state') ?? req.state) || undefined;
      const states = paramOf(req, 'states');
      const mine = await run(ctx, (f, a) =>
        cases.listMyCases(f, a, {
          state: state as cases.ListQuery['state'],
          states: statesOf(states),
          page: paged.page,
          size: paged.size,
        }),
      );
      return view({ ...mine, ...listPage(mine.rows, mine.total, mine.page, mine.size) });
    },
    'filing.office.items': async (ctx) => {
      const req = ctx.body;
      const { page, size } = pageOf(req);
      const items = await run(ctx, (f, a) =>
        office.officeItems(f, a, { view: paramOf(req, 'view') as office.FilerOfficeView, page, size }),
      );
      return view(listPage(items.rows, items.total, items.page, items.size));
    },
    'filing.case.section': async (ctx) => {
      const req = ctx.body;
      const caseId = String(paramOf(req, 'caseId') ?? '');
      const section = paramOf(req, 'section');
      const { page, size } = pageOf(req);
      const rows =
        section === 'check'
          ? checkRows(
              ctx.lang,
              await run(ctx, (f, a) => cases.checkFiling(f, a, caseId, viewOf(ctx, 'check'))),
            )
          : sectionRows(
              withCalendarNotes(
                ctx.lang,
                (await run(ctx, (f, a) =>
                  cases.getCase(f, a, caseId, viewOf(ctx, sectionName(section))),
                )) as Record<string, unknown>,
              ),
              sectionName(section),
            );
      // One row by its id (what an edit form loads).
      const id = paramOf(req, 'id');
      const picked = typeof id === 'string' && id ? rows.filter((r) => r.id === id) : rows;
      const shown = picked.slice((page - 1) * size, page * size);
      return view({
        // One row asked for by id also comes alone, as `record` (the edit form's load path).
        ...(id && picked.length === 1 ? { record: picked[0] } : {}),
        ...listPage(
          section === 'members' ? await withTenantNames(filingOf(ctx).db, shown) : shown,
          picked.length,
          page,
          size,
        ),
      });
    },

    // Sections
    'filing.party.add': async (ctx) =>
      view(await run(ctx, (f, a) => parts.addParty(f, a, ctx.query.caseId, ctx.body))),
    'filing.party.update': async (ctx) => {
      await run(ctx, (f, a) => parts.updateParty(f, a, ctx.query.partyId, ctx.body));
      return null;
    },
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
    // A holder named like a party of the case is that party (the share form names holders).
    'filing.share.save': async (ctx) => {
      const body = { ...ctx.body } as Record<string, unknown>;
      if (body.partyId === undefined) {
        const caseId = await caseOfMarket(filingOf(ctx).db, ctx.query.marketId);
        const partyId = caseId ? await partyIdByName(filingOf(ctx).db, caseId, body.holderName) : null;
        if (partyId) body.partyId = partyId;
      }
      return view(await run(ctx, (f, a) => parts.saveShare(f, a, ctx.query.marketId, body)));
    },
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
    // The screen writes the intros as lines '<party name>：<text>' (introsText); the names become ids.
    'filing.noticeForm.save': async (ctx) => {
      const { introsText, ...body } = ctx.body;
      if (typeof introsText === 'string')
        body.partyIntros = await Promise.all(
          introLines(introsText).map(async ({ partyName, text }) => ({
            partyId: (await partyIdByName(filingOf(ctx).db, ctx.query.caseId, partyName)) ?? partyName,
            text,
          })),
        );
      await run(ctx, (f, a) => parts.saveNoticeForm(f, a, ctx.query.caseId, body));
      return null;
    },

    // Documents and members
    // The attachment selector gives an attachment id of the caller's space: its SHA-256 is the stored one.
    'filing.document.attach': async (ctx) =>
      view(
        await run(ctx, async (f, a) =>
          documents.attachDocument(f, a, ctx.query.caseId, await withFileRef(f, a, ctx.body)),
        ),
      ),
    'filing.document.remove': async (ctx) => {
      await run(ctx, (f, a) => documents.removeDocument(f, a, ctx.query.documentId));
      return null;
    },
    // JSON carries the bytes as base64 (the browser turns them into a blob to show or save).
    'filing.document.open': async (ctx) => {
      const opened = await run(ctx, (f, a) => documents.openDocument(f, a, ctx.query.documentId));
      return view({
        ...opened,
        content: opened.content ? Buffer.from(opened.content).toString('base64') : null,
      });
    },
    // `tenantId` in a query is the transport's (the session's tenant, stripped before the handler), so the
    // invited tenant's id travels as coPartyTenantId.
    'filing.member.invite': async (ctx) => {
      const tenantId = await tenantIdOf(
        filingOf(ctx).db,
        ctx.query.coPartyTenantId ?? ctx.query.tenantId,
        ctx.query.tenantCode,
      );
      return view(await run(ctx, (f, a) => members.inviteCoParty(f, a, ctx.query.caseId, tenantId)));
    },
    // The invite form's search select: enterprises by name or 统一社会信用代码 (filing:invite only).
    'filing.member.tenantSearch': async (ctx) =>
      run(ctx, (f, a) => members.searchCoPartyTenants(f, a, ctx.query.keyword)),
    // The agent firm may be named by its code (tenantCode) rather than its id.
    'filing.member.authoriseAgent': async (ctx) => {
      const { tenantCode, ...body } = ctx.body;
      const tenantId = await tenantIdOf(filingOf(ctx).db, body.tenantId, tenantCode);
      return view(
        await run(ctx, (f, a) => members.authoriseAgent(f, a, ctx.query.caseId, { ...body, tenantId })),
      );
    },
    'filing.member.revoke': async (ctx) => {
      await run(ctx, (f, a) => members.revokeMembership(f, a, ctx.query.membershipId));
      return null;
    },

    // Transitions the catalogue names by action (`transition:` in filing.yaml) are answered by
    // transitionRoutes above; these are the acts with more to do than take one.
    // Files uploaded in the answer form (attachmentIds) become 补充材料 documents listed with the answer.
    'filing.supplement.answer': async (ctx) => {
      const { attachmentIds, ...body } = ctx.body;
      const documentIds = [...(body.documentIds ?? [])];
      if (attachmentIds?.length) {
        const caseId = await caseOfSupplement(filingOf(ctx).db, ctx.query.supplementId);
        for (const attachmentId of attachmentIds)
          documentIds.push(
            await run(ctx, async (f, a) => {
              const stored = await f.store.stat(a.tenantId, attachmentId);
              if (!stored) throw new FilingError('fileMissing');
              const d = await documents.attachDocument(f, a, caseId, {
                kind: 'SUPPLEMENT',
                title: stored.name.replace(/\.[^.]+$/, ''),
                file: { tenantId: a.tenantId, attachmentId, sha256: stored.sha256 },
              });
              return d.id as string;
            }),
          );
      }
      return view(
        await run(ctx, (f, a) =>
          transitions.answerSupplement(f, a, ctx.query.supplementId, { ...body, documentIds }),
        ),
      );
    },
    'filing.case.requestRemedyStop': async (ctx) =>
      view(await run(ctx, (f, a) => transitions.requestRemedyStop(f, a, ctx.query.caseId, ctx.body))),
    'filing.case.proposeRemedy': async (ctx) =>
      view(await run(ctx, (f, a) => transitions.proposeRemedy(f, a, ctx.query.caseId, ctx.body))),

    // The authority's acts beside the state machine
    'filing.case.assign': async (ctx) => {
      await run(ctx, (f, a) => transitions.assignHandler(f, a, ctx.query.caseId, ctx.body));
      return null;
    },
    'filing.case.propose': async (ctx) =>
      view(await run(ctx, (f, a) => proposals.proposeDecision(f, a, ctx.query.caseId, ctx.body))),
    'filing.proposal.decide': async (ctx) =>
      view(await run(ctx, (f, a) => proposals.decideProposal(f, a, ctx.query.proposalId, ctx.body))),
    'filing.case.raiseConcern': async (ctx) =>
      view(await run(ctx, (f, a) => transitions.raiseConcern(f, a, ctx.query.caseId, ctx.body))),

    // The authority's lists
    'filing.worklist': async (ctx) => view(await run(ctx, (f, a) => worklists.worklist(f, a, ctx.body))),
    'filing.dashboard': async (ctx) => view(await run(ctx, (f, a) => worklists.dashboard(f, a))),
    'filing.staff.list': async (ctx) => view(await authorityStaff(ctx)),

    // Publications and comments
    'filing.publication.clearanceBatch': async (ctx) =>
      view(await run(ctx, (f, a) => publications.publishClearanceBatch(f, a, ctx.body))),
    'filing.publication.decision': async (ctx) =>
      view(await run(ctx, (f, a) => publications.publishDecision(f, a, ctx.query.caseId))),
    'filing.comment.list': async (ctx) =>
      view(await run(ctx, (f, a) => publications.listComments(f, a, ctx.body))),
    'filing.comment.triage': async (ctx) => {
      await run(ctx, (f, a) => publications.triageComment(f, a, ctx.query.commentId, ctx.body));
      return null;
    },

    // The holiday calendar
    'filing.calendar.query': async (ctx) => ({
      days: await calendar.listCalendarDays(filingOf(ctx), { year: ctx.query.year }),
    }),
    'filing.calendar.add': async (ctx) =>
      view(await run(ctx, (f, a) => calendar.addCalendarDay(f, a, ctx.body))),
    'filing.calendar.remove': async (ctx) =>
      view(await run(ctx, (f, a) => calendar.removeCalendarDay(f, a, ctx.query.day))),
    'filing.calendar.import': async (ctx) =>
      view(await run(ctx, (f, a) => calendar.importCalendarYear(f, a, ctx.body))),

    // Helpers: pure, no case data
    // The helper screens send lines of text (partiesText, marketsText) and show the explanation translated.
    'filing.helper.thresholds': async (ctx) => {
      requirePermission(await actorOf(ctx), 'filing:helper');
      const { body } = ctx;
      const parties =
        body.partiesText !== undefined ? thresholdParties(body.partiesText) : (body.parties ?? []);
      const result = checkThresholds(parties, body.referenceYear);
      return view({ ...result, explanation: explanationOf(ctx.lang, result.lines) });
    },
    'filing.helper.simplified': async (ctx) => {
      requirePermission(await actorOf(ctx), 'filing:helper');
      // The body is an open filing-fields object: its facts are checked (and a missing `markets` is none).
      const result = checkSimplified(simplifiedFactsOf(ctx.body as Record<string, unknown>));
      return view({
        ...result,
        explanation: explanationOf(ctx.lang, [
          ...result.criteria.flatMap((c) => c.lines),
          ...result.warnings,
        ]),
      });
    },
  }),
};
