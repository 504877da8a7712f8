/** Drafts and the case record: create, edit while editable, read (filtered for the viewer), list, check. */
import { newId } from '../../../auth/tokens.ts';
import type { Db } from '../../../db/database.ts';
import { FilingError, denied, has, requirePermission, type Actor } from '../actor.ts';
import { checkCompleteness, INDUSTRY_CODE, type Completeness, type FilingBundle } from '../completeness.ts';
import { TRANSACTION_MODES, type CaseState } from '../tables.ts';
import { Code } from '../../../http/codes.ts';
import {
  accessAsParty,
  accessCase,
  assertEditable,
  contributedByViewer,
  editableNow,
  mayRevokeMembership,
  seesConfidential,
  type CaseAccess,
} from './access.ts';
import type { FilingContext } from './context.ts';
import { amount, bool, date, int, known, oneOf, text } from './input.ts';
import { view, views } from './rows.ts';
import { inUnit, INTERNAL_ACTIONS } from './unit.ts';
import { appendAudit } from '../audit.ts';
import { proposalsOf } from './proposal-view.ts';
import { availableActions, isFinal, keptActions } from '../state-machine.ts';
import { daysBetween, chinaDate } from '../dates.ts';
import { calendarGap, coveredYears } from './calendar-service.ts';
import {
  extensionLeft,
  noOpenSupplement,
  noticeStillLive,
  periodOver,
  returnable,
  supplementAnswerable,
  supplementLapsed,
  TIME_BOUND_ACTIONS,
} from './decision-timing.ts';
import { MAX_WORKLIST_PAGE_SIZE, pageSizeOf } from './page-size.ts';

const CASE_FIELDS = [
  'title',
  'procedure',
  'basis',
  'calledInOn',
  'transactionMode',
  'isHorizontal',
  'isVertical',
  'isConglomerate',
  'jvAbroadNoChinaActivity',
  'foreignTargetNoChinaActivity',
  'dealValue',
  'dealCurrency',
  'signingDate',
  'plannedClosingDate',
  'referenceYear',
  'industries',
  'rationale',
  'simplifiedReasons',
] as const;

export type CaseInput = Partial<Record<(typeof CASE_FIELDS)[number], unknown>> & {
  version?: number;
  refiledFromId?: string;
};

/** Validated column values for the fields present in the input (absent fields stay as they are). */
function caseColumns(input: Record<string, unknown>) {
  const set: Record<string, unknown> = {};
  const has = (k: string) => Object.prototype.hasOwnProperty.call(input, k);
  if (has('title')) set.title = text(input.title, 'title', { max: 200 }) ?? '';
  if (has('procedure')) set.procedure = oneOf(input.procedure, 'procedure', ['SIMPLIFIED', 'NORMAL'], true);
  if (has('basis')) set.basis = oneOf(input.basis, 'basis', ['THRESHOLD_MET', 'CALLED_IN', 'VOLUNTARY']);
  if (has('calledInOn')) set.called_in_on = date(input.calledInOn, 'calledInOn');
  if (has('transactionMode'))
    set.transaction_mode = oneOf(input.transactionMode, 'transactionMode', TRANSACTION_MODES);
  for (const [k, col] of [
    ['isHorizontal', 'is_horizontal'],
    ['isVertical', 'is_vertical'],
    ['isConglomerate', 'is_conglomerate'],
    ['jvAbroadNoChinaActivity', 'jv_abroad_no_china_activity'],
    ['foreignTargetNoChinaActivity', 'foreign_target_no_china_activity'],
  ] as const)
    if (has(k)) set[col] = bool(input[k], k) ?? false;
  if (has('dealValue')) set.deal_value = amount(input.dealValue, 'dealValue');
  if (has('dealCurrency')) {
    const cur = text(input.dealCurrency, 'dealCurrency', { max: 3 });
    if (cur && !/^[A-Z]{3}$/.test(cur)) throw new FilingError('invalidValue', { field: 'dealCurrency' });
    set.deal_currency = cur;
  }
  if (has('signingDate')) set.signing_date = date(input.signingDate, 'signingDate');
  if (has('plannedClosingDate'))
    set.planned_closing_date = date(input.plannedClosingDate, 'plannedClosingDate');
  if (has('referenceYear')) set.reference_year = int(input.referenceYear, 'referenceYear', 1990, 2100);
  if (has('industries')) {
    const list = input.industries;
    if (
      !Array.isArray(list) ||
      list.length > 20 ||
      list.some((c) => typeof c !== 'string' || !INDUSTRY_CODE.test(c))
    )
      throw new FilingError('invalidValue', { field: 'industries' });
    set.industries = [...new Set(list as string[])];
  }
  if (has('rationale')) set.rationale = text(input.rationale, 'rationale', { max: 5000 });
  if (has('simplifiedReasons')) {
    const list = input.simplifiedReasons;
    if (!Array.isArray(list) || list.some((n) => !Number.isInteger(n) || n < 1 || n > 6))
      throw new FilingError('invalidValue', { field: 'simplifiedReasons' });
    set.simplified_reasons = [...new Set(list as number[])].sort();
  }
  return set;
}

export async function createDraft(
  ctx: FilingContext,
  actor: Actor,
  input: CaseInput = {},
): Promise<{ id: string }> {
  requirePermission(actor, 'filing:edit');
  if (actor.tenantKind === 'authority') throw denied('filing:edit');
  const fields = known(input, [...CASE_FIELDS, 'refiledFromId']);
  const columns = caseColumns(fields);
  return inUnit(ctx, async (u) => {
    let refiledFrom: string | null = null;
    if (fields.refiledFromId !== undefined) {
      // A returned simplified filing comes back as a normal one, linked to the first.
      const access = await accessCase(u.trx, actor, String(fields.refiledFromId));
      if (!access.ownerSide || access.case.state !== 'RETURNED') throw new FilingError('refileOnlyReturned');
      refiledFrom = access.case.id;
      columns.procedure = 'NORMAL';
    }
    const id = newId();
    await u.trx
      .insertInto('filing.case')
      .values({
        id,
        owner_tenant_id: actor.tenantId,
        created_by: actor.accountId,
        refiled_from_id: refiledFrom,
        ...(columns as object),
      })
      .execute();
    await u.trx
      .insertInto('filing.membership')
      .values({
        id: newId(),
        case_id: id,
        tenant_id: actor.tenantId,
        role: 'FILER',
        invited_by: actor.accountId,
      })
      .execute();
    await u.audit({
      action: 'case.create',
      actorAccountId: actor.accountId,
      actorTenantId: actor.tenantId,
      caseId: id,
      objectType: 'case',
      objectId: id,
      detail: { refiledFrom },
    });
    return { id };
  });
}

/** Saves case fields of a draft (or while answering a supplement). `version` guards against lost updates. */
export async function updateCase(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  input: CaseInput,
): Promise<{ version: number }> {
  const fields = known(input, [...CASE_FIELDS, 'version']);
  const columns = caseColumns(fields);
  return inUnit(ctx, async (u) => {
    const access = await accessAsParty(u.trx, actor, caseId, 'filing:edit', {
      ownerOnly: true,
      forUpdate: true,
    });
    assertEditable(access);
    if (fields.version !== undefined && fields.version !== access.case.version)
      throw new FilingError('staleVersion', { version: access.case.version }, Code.WARNING);
    if (
      access.case.state !== 'DRAFT' &&
      'procedure' in columns &&
      columns.procedure !== access.case.procedure
    )
      throw new FilingError('procedureFixed');
    const version = access.case.version + 1;
    await u.trx
      .updateTable('filing.case')
      .set({ ...(columns as object), version, updated_at: u.at })
      .where('id', '=', caseId)
      .execute();
    return { version };
  });
}

/** Everything of a case, unfiltered: for completeness, templates and the authority. */
export async function loadBundle(trx: Db, caseId: string) {
  const [c, parties, turnovers, markets, shares, jurisdictions, noticeForm, documents] = await Promise.all([
    trx.selectFrom('filing.case').selectAll().where('id', '=', caseId).executeTakeFirstOrThrow(),
    trx
      .selectFrom('filing.party')
      .selectAll()
      .where('case_id', '=', caseId)
      .orderBy('sn')
      .orderBy('created_at')
      .execute(),
    trx.selectFrom('filing.turnover').selectAll().where('case_id', '=', caseId).orderBy('year').execute(),
    trx.selectFrom('filing.market').selectAll().where('case_id', '=', caseId).orderBy('sn').execute(),
    trx.selectFrom('filing.market_share').selectAll().where('case_id', '=', caseId).execute(),
    trx.selectFrom('filing.jurisdiction').selectAll().where('case_id', '=', caseId).orderBy('sn').execute(),
    trx.selectFrom('filing.notice_form').selectAll().where('case_id', '=', caseId).executeTakeFirst(),
    trx
      .selectFrom('filing.document')
      .selectAll()
      .where('case_id', '=', caseId)
      .where('removed_at', 'is', null)
      .orderBy('created_at')
      .execute(),
  ]);
  return {
    case: c,
    parties,
    turnovers,
    markets: markets.map((m) => ({ ...m, shares: shares.filter((s) => s.market_id === m.id) })),
    jurisdictions,
    noticeForm: noticeForm ?? null,
    documents,
  };
}

export type Bundle = Awaited<ReturnType<typeof loadBundle>>;

export function completenessOf(b: Bundle): Completeness {
  return checkCompleteness(b as unknown as FilingBundle);
}

/** Section-by-section validation, for the wizard ("which section is incomplete"). */
export async function checkFiling(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  viewed?: CaseViewDetail,
): Promise<Completeness> {
  return ctx.db.transaction().execute(async (trx) => {
    await accessCase(trx, actor, caseId);
    const result = completenessOf(await loadBundle(trx, caseId));
    if (viewed) await recordCaseView(trx, actor, caseId, viewed, ctx.now());
    return result;
  });
}

/**
 * The case as the viewer may see it: other parties' confidential figures (exact turnovers and shares)
 * are left out and their confidential documents are not listed; public bands stay. `viewed`: a person
 * opened the case (a screen's read, not an internal one), so the audit log gets a case.view entry.
 */
export async function getCase(ctx: FilingContext, actor: Actor, caseId: string, viewed?: CaseViewDetail) {
  return ctx.db.transaction().execute(async (trx) => {
    const access = await accessCase(trx, actor, caseId);
    const b = await loadBundle(trx, caseId);
    const result = await caseView(trx, access, b, actor, ctx.now());
    if (viewed) await recordCaseView(trx, actor, caseId, viewed, ctx.now());
    return result;
  });
}

/** What a case.view entry says beyond actor and case: which part was read, and who acted as the viewer. */
export interface CaseViewDetail {
  section?: string;
  actingBy?: string | null;
}

/**
 * One audit append per view, last in the read's transaction: the chain's advisory lock is held only
 * from here to the commit, and a refused read (accessCase threw) leaves no entry.
 */
async function recordCaseView(trx: Db, actor: Actor, caseId: string, viewed: CaseViewDetail, at: Date) {
  await appendAudit(
    trx,
    {
      action: 'case.view',
      actorAccountId: actor.accountId,
      actorTenantId: actor.tenantId,
      caseId,
      objectType: 'case',
      objectId: caseId,
      detail: {
        ...(viewed.section ? { section: viewed.section } : {}),
        ...(viewed.actingBy ? { actingBy: viewed.actingBy } : {}),
      },
    },
    at,
  );
}

async function caseView(trx: Db, access: CaseAccess, b: Bundle, actor: Actor, now: Date) {
  const sees = (by: string) => seesConfidential(access, by);
  const [
    clocks,
    transitions,
    supplements,
    members,
    served,
    withdrawals,
    handler,
    remedies,
    concerns,
    calendarYears,
    notice,
  ] = await Promise.all([
    trx
      .selectFrom('filing.clock')
      .selectAll()
      .where('case_id', '=', b.case.id)
      .orderBy('created_at')
      .execute(),
    trx.selectFrom('filing.transition').selectAll().where('case_id', '=', b.case.id).orderBy('id').execute(),
    trx
      .selectFrom('filing.supplement')
      .selectAll()
      .where('case_id', '=', b.case.id)
      .orderBy('requested_at')
      .execute(),
    trx
      .selectFrom('filing.membership as m')
      .innerJoin('platform.tenant as t', 't.id', 'm.tenant_id')
      .select([
        'm.id',
        'm.tenant_id',
        'm.role',
        'm.on_behalf_of_tenant_id',
        'm.account_id',
        'm.poa_document_id',
        'm.status',
        'm.created_at',
        't.name as tenant_name',
        't.kind as tenant_kind',
      ])
      .where('m.case_id', '=', b.case.id)
      .execute(),
    trx.selectFrom('filing.served_document').selectAll().where('case_id', '=', b.case.id).execute(),
    trx
      .selectFrom('filing.withdrawal')
      .selectAll()
      .where('case_id', '=', b.case.id)
      .orderBy('requested_at')
      .execute(),
    b.case.handler_account_id
      ? trx
          .selectFrom('platform.account')
          .select(['id', 'fullname', 'mobile', 'email'])
          .where('id', '=', b.case.handler_account_id)
          .executeTakeFirst()
      : Promise.resolve(undefined),
    trx.selectFrom('filing.remedy').selectAll().where('case_id', '=', b.case.id).orderBy('version').execute(),
    trx
      .selectFrom('filing.concern')
      .selectAll()
      .where('case_id', '=', b.case.id)
      .orderBy('raised_at')
      .execute(),
    coveredYears(trx),
    trx
      .selectFrom('filing.publication')
      .select(['notice_state', 'live_until'])
      .where('case_id', '=', b.case.id)
      .where('kind', '=', 'NOTICE')
      .executeTakeFirst(),
  ]);
  const side = access.authority ? 'authority' : 'filer';
  // 拟办意见 stay inside the authority: proposals, and what this viewer may do about them.
  const proposed = access.authority
    ? await proposalsOf(trx, actor, b.case.id, b.case.state as CaseState)
    : { proposals: [], pendingProposal: null, actions: [] as string[] };
  const titles = new Map(
    b.documents
      .filter((d) => !d.confidential || sees(d.contributed_by_tenant_id))
      .map((d) => [d.id, d.title]),
  );
  const submitted = b.case.submitted_at ? chinaDate(new Date(b.case.submitted_at)) : null;
  // What this viewer may change now, by the rules the calls check (access.ts, documents.ts): the screens
  // offer add, edit, remove and attach only where the server would take them.
  const state = b.case.state as CaseState;
  const mayEdit = !access.authority && has(actor, 'filing:edit') && editableNow(state);
  const mayAttach = !access.authority && has(actor, 'filing:edit') && !isFinal(state);
  const mayChange = (contributedBy: string) => mayEdit && contributedByViewer(access, contributedBy);
  // The state allows a move; its timing may not yet (decision-timing.ts, as the transitions judge it).
  const today = chinaDate(now);
  const phaseClock = clocks.find(
    (c) =>
      c.state === 'RUNNING' &&
      ((c.kind === 'PHASE_I' && state === 'PHASE_I') || (c.kind === 'PHASE_II' && state === 'PHASE_II')),
  );
  const inTime = (action: string) =>
    !(TIME_BOUND_ACTIONS.includes(action) && periodOver(phaseClock, today)) &&
    !(action === 'clearPhaseI' && noticeStillLive(notice, today));
  // …nor the case's data (the guards of the transitions' effects that need no input from the caller, by
  // the same predicates).
  const answerable = supplements.some((s) => supplementAnswerable(s, today));
  const dataAllows = (action: string) =>
    (action !== 'answerSupplement' || answerable) &&
    (action !== 'deemNotFiled' || supplements.some((s) => supplementLapsed(s, today))) &&
    (action !== 'returnFiling' || returnable(b.case)) &&
    (action !== 'accept' || noOpenSupplement(supplements)) &&
    (action !== 'extend' || extensionLeft(phaseClock));
  const permitted = new Set([...actor.permissions].filter((p) => has(actor, p as never)));
  // The table's moves from this state, then the acts it takes keeping the state (a 补正 order during
  // review; the filer answers an open request whatever the state), as the runner accepts them.
  const moves = [...availableActions(state, side, permitted), ...keptActions(state, side, permitted)].map(
    (t) => t.action,
  );
  return {
    case: {
      ...view(b.case),
      // The case form's 保存 (updateCase: the owner side, while editable).
      mayUpdate: mayEdit && access.ownerSide,
      // Never below zero: a filing submitted late in the day (UTC) is still "today" in China.
      daysWaiting:
        submitted && ['SUBMITTED', 'AWAITING_SUPPLEMENT'].includes(b.case.state)
          ? Math.max(0, daysBetween(submitted, chinaDate(now)))
          : null,
    },
    // Due dates in a year the holiday table does not hold yet (shown as a warning on the case).
    calendarGap: calendarGap(clocks, calendarYears),
    viewer: {
      authority: access.authority,
      role: access.role,
      ownerSide: access.ownerSide,
      principalTenantId: access.principalTenantId,
      mayEdit,
      mayAttach,
      // members.ts: the owner side invites co-parties until the case is closed.
      mayInvite: !access.authority && access.ownerSide && has(actor, 'filing:invite') && !isFinal(state),
      // The case's 审计记录 tab (filing.audit.query): the authority's audit:read holders.
      auditRead: access.authority && has(actor, 'audit:read'),
    },
    // A co-party contributes data but takes no step of the procedure (submit, answer, withdraw).
    actions:
      access.authority || access.ownerSide
        ? moves.filter(inTime).filter(dataAllows).concat(proposed.actions)
        : [],
    handler: handler ? { name: handler.fullname, mobile: handler.mobile, email: handler.email } : null,
    parties: b.parties.map((p): Record<string, unknown> => ({
      ...view(p),
      mayChange: mayChange(p.contributed_by_tenant_id),
    })),
    turnovers: b.turnovers.map((t): Record<string, unknown> => {
      const v: Record<string, unknown> = { ...view(t), mayChange: mayChange(t.contributed_by_tenant_id) };
      if (sees(t.contributed_by_tenant_id)) return { ...v, confidentialHidden: false };
      return { ...v, worldwide: null, china: null, rateToCny: null, confidentialHidden: true };
    }),
    // Markets and jurisdictions are the owner side's (parts.ts: ownerOnly); a share is its contributor's,
    // and any party may add its own share to a market.
    markets: b.markets.map((m) => ({
      ...view({ ...m, shares: undefined }),
      mayChange: mayEdit && access.ownerSide,
      mayAddShare: mayEdit,
      shares: m.shares.map((s): Record<string, unknown> =>
        sees(s.contributed_by_tenant_id)
          ? { ...view(s), confidentialHidden: false, mayChange: mayChange(s.contributed_by_tenant_id) }
          : { ...view(s), share: null, confidentialHidden: true, mayChange: false },
      ),
    })),
    jurisdictions: b.jurisdictions.map((j): Record<string, unknown> => ({
      ...view(j),
      mayChange: mayEdit && access.ownerSide,
    })),
    // The 公示表's 保存 likewise (parts.ts saveNoticeForm: owner side, while editable).
    noticeForm: b.noticeForm ? { ...view(b.noticeForm), mayUpdate: mayEdit && access.ownerSide } : null,
    documents: b.documents
      .filter((d) => !d.confidential || sees(d.contributed_by_tenant_id))
      .map((d): Record<string, unknown> => ({
        ...view(d),
        mayChange: !d.generated && mayChange(d.contributed_by_tenant_id),
        // A public version or a translation of it (documents.ts: the original must be the viewer's).
        mayAttachTo: mayAttach && contributedByViewer(access, d.contributed_by_tenant_id),
      })),
    clocks: views(clocks),
    // Each move with the titles of its documents (the notice and the files attached) this viewer sees.
    transitions: views(
      access.authority ? transitions : transitions.filter((t) => !INTERNAL_ACTIONS.includes(t.action)),
    ).map((t): Record<string, unknown> => ({
      ...t,
      documentTitles: ((t.documentIds as string[] | undefined) ?? [])
        .map((id) => titles.get(id))
        .filter(Boolean)
        .join('、'),
    })),
    proposals: proposed.proposals,
    pendingProposal: proposed.pendingProposal,
    supplements: views(supplements),
    members: (access.authority || access.ownerSide
      ? members
      : members.filter((m) => m.status === 'ACTIVE')
    ).map((m): Record<string, unknown> => ({
      ...view(m),
      mayRevoke: !access.authority && has(actor, 'filing:invite') && mayRevokeMembership(access, m),
    })),
    served: access.authority
      ? views(served)
      : views(
          served.filter((s) => s.tenant_id === access.principalTenantId || s.tenant_id === actor.tenantId),
        ),
    withdrawals: views(withdrawals),
    remedies: views(remedies),
    concerns: views(concerns),
  };
}

export interface ListQuery {
  state?: CaseState;
  /** Any of these states (the office lists: drafts, in review, to answer, closed). */
  states?: CaseState[];
  page?: number;
  size?: number;
}

/** The cases of the actor's tenant (as filer, co-party or agent): one indexed query over memberships. */
export async function listMyCases(ctx: FilingContext, actor: Actor, query: ListQuery = {}) {
  requirePermission(actor, 'filing:read');
  if (actor.tenantKind === 'authority') throw denied('filing:read');
  const size = pageSizeOf(query.size, MAX_WORKLIST_PAGE_SIZE);
  const page = Math.max(query.page ?? 1, 1);
  let q = ctx.db
    .selectFrom('filing.membership as m')
    .innerJoin('filing.case as c', 'c.id', 'm.case_id')
    .where('m.tenant_id', '=', actor.tenantId)
    .where('m.status', '=', 'ACTIVE')
    .where((e) => e.or([e('m.account_id', 'is', null), e('m.account_id', '=', actor.accountId)]));
  if (query.state) q = q.where('c.state', '=', query.state);
  if (query.states?.length) q = q.where('c.state', 'in', query.states);
  const [rows, total] = await Promise.all([
    q
      .select([
        'c.id',
        'c.case_no',
        'c.title',
        'c.procedure',
        'c.state',
        'c.submitted_at',
        'c.accepted_on',
        'c.decided_on',
        'c.updated_at',
        'm.role',
        // The nearest due date of a running clock (Phase I/II, supplement, notice), for the filer's list.
        (e) =>
          e
            .selectFrom('filing.clock as k')
            .select((k) => k.fn.min('k.due_on').as('d'))
            .whereRef('k.case_id', '=', 'c.id')
            .where('k.state', '=', 'RUNNING')
            .as('due_on'),
      ])
      .orderBy('c.updated_at', 'desc')
      .limit(size)
      .offset((page - 1) * size)
      .execute(),
    q.select((e) => e.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: views(rows), total: Number(total.n), page, size };
}

/** Removes a draft that was never submitted (the owner side only). */
export async function deleteDraft(ctx: FilingContext, actor: Actor, caseId: string): Promise<void> {
  await inUnit(ctx, async (u) => {
    const access = await accessAsParty(u.trx, actor, caseId, 'filing:edit', {
      ownerOnly: true,
      forUpdate: true,
    });
    if (access.case.state !== 'DRAFT') throw new FilingError('notEditable', { state: access.case.state });
    await u.trx.deleteFrom('filing.case').where('id', '=', caseId).execute();
    await u.audit({
      action: 'case.deleteDraft',
      actorAccountId: actor.accountId,
      actorTenantId: actor.tenantId,
      caseId,
      objectType: 'case',
      objectId: caseId,
    });
  });
}
