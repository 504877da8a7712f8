/**
 * The authority's switch over a case's review progress (issue 25): whether the public under-review list
 * (and the case page) may show that the case was accepted, entered Phase II, had its clock stopped, and
 * when it is due. Nothing is public until a holder of disclosure:manage in the authority's tenant turns
 * it on, and only while the case is under review after acceptance; each change is written to the filing
 * audit chain (`case.disclosure`). Shaped like ../notice-anonymity.ts.
 */
import { denied, isAuthority, notFound, type Actor } from '../../filing/actor.ts';
import type { FilingContext } from '../../filing/service/context.ts';
import { inUnit } from '../../filing/service/unit.ts';
import type { CaseState } from '../../filing/tables.ts';
import type { PlainDate } from '../../filing/dates.ts';
import { Code } from '../../../http/codes.ts';
import { ApiError } from '../../../http/envelope.ts';
import './tables.ts';

export const DISCLOSURE_MANAGE = 'disclosure:manage';

/** Accepted and not yet decided or withdrawn: the states in which the choice may change. */
export const UNDER_REVIEW_STATES: readonly CaseState[] = [
  'PHASE_I',
  'PHASE_II',
  'SUSPENDED',
  'WITHDRAWAL_PENDING',
];

/** disclosure:manage counts only in the authority's tenant (every tenant admin holds it in their own). */
function requireDisclosureManager(actor: Actor): void {
  if (!isAuthority(actor) || !actor.permissions.has(DISCLOSURE_MANAGE)) throw denied(DISCLOSURE_MANAGE);
}

interface CaseRow {
  id: string;
  case_no: string | null;
  title: string;
  state: CaseState;
  accepted_on: PlainDate | null;
}

interface DisclosureRow {
  progress_public: boolean;
  changed_at: Date;
}

const CASE_COLUMNS = ['id', 'case_no', 'title', 'state', 'accepted_on'] as const;

const plainDate = (v: unknown): string | null =>
  v == null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v);

/** A withdrawal may be asked before acceptance too: only an accepted case is under review. */
const isUnderReview = (c: CaseRow): boolean => UNDER_REVIEW_STATES.includes(c.state) && !!c.accepted_on;

function disclosureView(c: CaseRow, d: DisclosureRow | undefined) {
  return {
    caseId: c.id,
    caseNo: c.case_no,
    title: c.title,
    state: c.state,
    acceptedOn: plainDate(c.accepted_on),
    editable: isUnderReview(c),
    progressPublic: !!d?.progress_public,
    changedAt: d?.changed_at ?? null,
  };
}

const caseIdOf = (v: unknown): string => {
  if (typeof v !== 'string' || !v.trim())
    throw new ApiError(Code.ILLEGAL_REQUEST, 'publicReview.error.caseRequired');
  return v.trim();
};

/** A draft is its filer's alone: the authority does not find it. */
const visibleToAuthority = (c: CaseRow | undefined): c is CaseRow => !!c && c.state !== 'DRAFT';

/** The case with the authority's current choice, for the review case screen's dialog. */
export async function getDisclosure(ctx: FilingContext, actor: Actor, input: { caseId?: unknown }) {
  requireDisclosureManager(actor);
  const caseId = caseIdOf(input.caseId);
  const c = (await ctx.db
    .selectFrom('filing.case')
    .select([...CASE_COLUMNS])
    .where('id', '=', caseId)
    .executeTakeFirst()) as CaseRow | undefined;
  if (!visibleToAuthority(c)) throw notFound('case');
  const d = await ctx.db
    .selectFrom('filing.case_disclosure')
    .select(['progress_public', 'changed_at'])
    .where('case_id', '=', caseId)
    .executeTakeFirst();
  return disclosureView(c, d);
}

/**
 * Makes a case's progress public or not. Only while it is under review after acceptance: a withdrawn
 * case and one not (or no longer) under review are refused with a message naming why. Audited with the
 * old and the new value; the same value again changes and records nothing.
 */
export async function setDisclosure(
  ctx: FilingContext,
  actor: Actor,
  input: { caseId?: unknown; progressPublic?: unknown },
) {
  requireDisclosureManager(actor);
  const caseId = caseIdOf(input.caseId);
  const wanted = input.progressPublic;
  if (typeof wanted !== 'boolean')
    throw new ApiError(Code.ILLEGAL_REQUEST, 'publicReview.error.progressPublicRequired');
  return inUnit(ctx, async (u) => {
    // The case row is locked so a transition cannot end the review between the check and the write.
    const c = (await u.trx
      .selectFrom('filing.case')
      .select([...CASE_COLUMNS])
      .where('id', '=', caseId)
      .forUpdate()
      .executeTakeFirst()) as CaseRow | undefined;
    if (!visibleToAuthority(c)) throw notFound('case');
    if (c.state === 'WITHDRAWN') throw new ApiError(Code.ILLEGAL_REQUEST, 'publicReview.error.withdrawn');
    if (!isUnderReview(c))
      throw new ApiError(Code.ILLEGAL_REQUEST, 'publicReview.error.notUnderReview', { state: c.state });
    const before = await u.trx
      .selectFrom('filing.case_disclosure')
      .select(['progress_public', 'changed_at'])
      .where('case_id', '=', caseId)
      .executeTakeFirst();
    if ((before?.progress_public ?? false) === wanted) return disclosureView(c, before);
    const row = { progress_public: wanted, changed_by: actor.accountId, changed_at: u.at };
    await u.trx
      .insertInto('filing.case_disclosure')
      .values({ case_id: caseId, ...row })
      .onConflict((oc) => oc.column('case_id').doUpdateSet(row))
      .execute();
    await u.audit({
      action: 'case.disclosure',
      actorAccountId: actor.accountId,
      actorTenantId: actor.tenantId,
      caseId,
      objectType: 'case',
      objectId: caseId,
      detail: { progressPublic: wanted, was: before?.progress_public ?? false },
    });
    // Followers of the case hear of its progress once this commits (public/follow).
    if (wanted) u.events.push({ type: 'publication.disclosed', caseId });
    return disclosureView(c, row);
  });
}
