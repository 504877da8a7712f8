/**
 * Who may do what on one case. The authority (tenant kind 'authority') reads every filed case with
 * review:read and review:allCases, a delegated reviewer (review:read alone) the cases it handles; everyone else reaches a case only through an active membership of its tenant (filer,
 * invited co-party, or an agent authorised by a 授权委托书 — then as its principal). Data a party
 * contributes is tagged with that party's tenant ("principal"); confidential data is visible to the
 * authority and to its principal only.
 */
import type { Db } from '../../../db/database.ts';
import { FilingError, denied, has, notFound, type Actor } from '../actor.ts';
import type { FilingPermission } from '../permissions.ts';
import type { CaseState, MembershipRole } from '../tables.ts';
import { Code } from '../../../http/codes.ts';

export interface CaseRow {
  id: string;
  owner_tenant_id: string;
  state: CaseState;
  procedure: 'SIMPLIFIED' | 'NORMAL';
  suspended_from: 'PHASE_I' | 'PHASE_II' | null;
  case_no: string | null;
  title: string;
  version: number;
  handler_account_id: string | null;
}

export interface CaseAccess {
  case: CaseRow;
  /** The actor reads as the authority. */
  authority: boolean;
  /** For a party member: its role on the case and the tenant whose data it acts for. */
  role: MembershipRole | null;
  principalTenantId: string | null;
  /** The actor's principal is the case's owner (the filer side). */
  ownerSide: boolean;
}

export async function loadCase(trx: Db, caseId: string, forUpdate = false): Promise<CaseRow> {
  let q = trx
    .selectFrom('filing.case')
    .select([
      'id',
      'owner_tenant_id',
      'state',
      'procedure',
      'suspended_from',
      'case_no',
      'title',
      'version',
      'handler_account_id',
    ])
    .where('id', '=', caseId);
  if (forUpdate) q = q.forUpdate();
  const row = await q.executeTakeFirst();
  if (!row) throw notFound('case');
  return row as CaseRow;
}

/** Resolves the actor's standing on a case, or refuses as not found (a stranger learns nothing). */
export async function accessCase(
  trx: Db,
  actor: Actor,
  caseId: string,
  forUpdate = false,
): Promise<CaseAccess> {
  const c = await loadCase(trx, caseId, forUpdate);
  if (actor.tenantKind === 'authority') {
    if (!has(actor, 'review:read') || c.state === 'DRAFT') throw notFound('case');
    // A delegated (provincial) reviewer reaches only the cases delegated to it, that it handles.
    if (!has(actor, 'review:allCases') && c.handler_account_id !== actor.accountId) throw notFound('case');
    return { case: c, authority: true, role: null, principalTenantId: null, ownerSide: false };
  }
  const m = await trx
    .selectFrom('filing.membership')
    .select(['role', 'on_behalf_of_tenant_id', 'account_id'])
    .where('case_id', '=', caseId)
    .where('tenant_id', '=', actor.tenantId)
    .where('status', '=', 'ACTIVE')
    .executeTakeFirst();
  // An agent authorised for one named person counts only for that person.
  if (!m || (m.role === 'AGENT' && m.account_id && m.account_id !== actor.accountId)) throw notFound('case');
  if (!has(actor, 'filing:read')) throw denied('filing:read');
  const principal = m.role === 'AGENT' ? m.on_behalf_of_tenant_id! : actor.tenantId;
  return {
    case: c,
    authority: false,
    role: m.role,
    principalTenantId: principal,
    ownerSide: principal === c.owner_tenant_id,
  };
}

/** A party-side action on a case: the permission, and (unless any member may) the owner side. */
export async function accessAsParty(
  trx: Db,
  actor: Actor,
  caseId: string,
  permission: FilingPermission,
  opts: { ownerOnly?: boolean; forUpdate?: boolean } = {},
): Promise<CaseAccess & { principalTenantId: string }> {
  if (actor.tenantKind === 'authority') throw denied(permission);
  const access = await accessCase(trx, actor, caseId, opts.forUpdate);
  if (!has(actor, permission)) throw denied(permission);
  if (opts.ownerOnly && !access.ownerSide) throw new FilingError('ownerOnly', {}, Code.NO_PERMISSION);
  return access as CaseAccess & { principalTenantId: string };
}

/** An authority action: the permission (review:* only counts inside the authority tenant). */
export async function accessAsAuthority(
  trx: Db,
  actor: Actor,
  caseId: string,
  permission: FilingPermission,
  forUpdate = true,
): Promise<CaseAccess> {
  if (!has(actor, permission)) throw denied(permission);
  return accessCase(trx, actor, caseId, forUpdate);
}

/** Whether a viewer may see a row's confidential content. */
export function seesConfidential(access: CaseAccess, contributedBy: string): boolean {
  return access.authority || access.principalTenantId === contributedBy;
}

export const EDITABLE_STATES: CaseState[] = ['DRAFT', 'AWAITING_SUPPLEMENT'];

/**
 * Whether the case's data may change in this state (the draft, or while a supplement is asked for). The
 * case view tells the screens the same (cases.ts: viewer.mayEdit, each row's mayChange), so a button is
 * offered exactly when the call would be taken.
 */
export function editableNow(state: CaseState): boolean {
  return EDITABLE_STATES.includes(state);
}

/** Whether a row was contributed by the viewer's side (its principal, for an agent). */
export function contributedByViewer(access: CaseAccess, contributedBy: string): boolean {
  return access.principalTenantId === contributedBy;
}

/**
 * Whether the viewer may end a membership: the owner side (not its agent) ends any co-party or agent; an
 * agent or a co-party ends only the agents appointed for its own principal. Never the filer.
 */
export function mayRevokeMembership(
  access: CaseAccess,
  m: { role: string; status: string; on_behalf_of_tenant_id: string | null },
): boolean {
  if (m.role === 'FILER' || m.status !== 'ACTIVE') return false;
  return (
    (access.ownerSide && access.role !== 'AGENT') ||
    (m.role === 'AGENT' && m.on_behalf_of_tenant_id === access.principalTenantId)
  );
}

export function assertEditable(access: CaseAccess): void {
  if (!editableNow(access.case.state)) throw new FilingError('notEditable', { state: access.case.state });
}

/** A row contributed by another party is not the actor's to change. */
export function assertContributor(access: CaseAccess, contributedBy: string): void {
  if (!contributedByViewer(access, contributedBy))
    throw new FilingError('notYourData', {}, Code.NO_PERMISSION);
}
