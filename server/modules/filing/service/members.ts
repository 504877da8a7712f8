/**
 * Who takes part in a filing besides its owner: co-parties invited from another tenant (they see the
 * filing and contribute their own data), and agents (a law firm, or one named person of it) authorised
 * per filing by an uploaded 授权委托书, acting for the party that appointed them.
 */
import { newId } from '../../../auth/tokens.ts';
import { FilingError, notFound, requirePermission, type Actor } from '../actor.ts';
import { Code } from '../../../http/codes.ts';
import { isFinal } from '../state-machine.ts';
import { accessAsParty, mayRevokeMembership } from './access.ts';
import type { FilingContext } from './context.ts';
import { requiredText, text } from './input.ts';
import { inUnit } from './unit.ts';

export async function inviteCoParty(ctx: FilingContext, actor: Actor, caseId: string, tenantId: string) {
  const target = requiredText(tenantId, 'tenantId', 64);
  return inUnit(ctx, async (u) => {
    const access = await accessAsParty(u.trx, actor, caseId, 'filing:invite', {
      ownerOnly: true,
      forUpdate: true,
    });
    if (isFinal(access.case.state)) throw new FilingError('caseClosed', { state: access.case.state });
    const tenant = await u.trx
      .selectFrom('platform.tenant')
      .select(['id', 'kind', 'status', 'approve_status'])
      .where('id', '=', target)
      .executeTakeFirst();
    // A tenant awaiting approval (or refused) is not yet a party anyone may name: as the search says.
    if (!tenant || tenant.status !== 'ENABLED' || tenant.approve_status !== 'PASSED')
      throw notFound('tenant');
    if (tenant.kind !== 'enterprise') throw new FilingError('coPartyMustBeEnterprise');
    const existing = await u.trx
      .selectFrom('filing.membership')
      .select('id')
      .where('case_id', '=', caseId)
      .where('tenant_id', '=', target)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirst();
    if (existing) throw new FilingError('alreadyMember');
    const id = newId();
    await u.trx
      .insertInto('filing.membership')
      .values({
        id,
        case_id: caseId,
        tenant_id: target,
        role: 'CO_PARTY',
        invited_by: actor.accountId,
        created_at: u.at,
      })
      .execute();
    await u.audit({
      action: 'membership.invite',
      actorAccountId: actor.accountId,
      actorTenantId: actor.tenantId,
      caseId,
      objectType: 'membership',
      objectId: id,
      detail: { tenantId: target },
    });
    return { id };
  });
}

/** A tenant search answers at most this many enterprises, and needs a keyword of this many characters. */
export const TENANT_SEARCH_LIMIT = 20;
export const TENANT_SEARCH_MIN_CHARS = 2;

/**
 * The enterprises a filer may invite as co-parties, by part of their name or the start of their
 * 统一社会信用代码 (public registration data, answered whole): approved and enabled enterprise tenants
 * only — never an authority, a tenant awaiting approval, or the caller's own — ordered by name.
 */
export async function searchCoPartyTenants(ctx: FilingContext, actor: Actor, keyword: unknown) {
  requirePermission(actor, 'filing:invite');
  const words = requiredText(keyword, 'keyword', 64);
  if ([...words].length < TENANT_SEARCH_MIN_CHARS)
    throw new FilingError('tooShort', { field: 'keyword', min: TENANT_SEARCH_MIN_CHARS });
  const escaped = words.replace(/[\\%_]/g, (c) => `\\${c}`);
  const rows = await ctx.db
    .selectFrom('platform.tenant')
    .select(['id', 'name', 'credit_code'])
    .where('kind', '=', 'enterprise')
    .where('approve_status', '=', 'PASSED')
    .where('status', '=', 'ENABLED')
    .where('id', '<>', actor.tenantId)
    .where((e) =>
      e.or([
        e(e.fn('lower', ['name']), 'like', `%${escaped.toLowerCase()}%`),
        e('credit_code', 'like', `${escaped.toUpperCase()}%`),
      ]),
    )
    .orderBy('name')
    .orderBy('id')
    .limit(TENANT_SEARCH_LIMIT)
    .execute();
  return rows.map((r) => ({ id: r.id, name: r.name, creditCode: r.credit_code }));
}

/**
 * Authorises an agent tenant on this filing for the actor's party, by a 授权委托书 the party uploaded
 * (kind POWER_OF_ATTORNEY). `accountId` narrows it to one named person of the agent tenant.
 */
export async function authoriseAgent(
  ctx: FilingContext,
  actor: Actor,
  caseId: string,
  input: { tenantId: string; poaDocumentId: string; accountId?: string },
) {
  const agentTenant = requiredText(input.tenantId, 'tenantId', 64);
  const poa = requiredText(input.poaDocumentId, 'poaDocumentId', 64);
  const accountId = text(input.accountId, 'accountId', { max: 64 });
  return inUnit(ctx, async (u) => {
    const access = await accessAsParty(u.trx, actor, caseId, 'filing:invite', { forUpdate: true });
    if (access.role === 'AGENT') throw new FilingError('agentCannotDelegate', {}, Code.NO_PERMISSION);
    if (isFinal(access.case.state)) throw new FilingError('caseClosed', { state: access.case.state });
    const tenant = await u.trx
      .selectFrom('platform.tenant')
      .select(['id', 'kind', 'status'])
      .where('id', '=', agentTenant)
      .executeTakeFirst();
    if (!tenant || tenant.status !== 'ENABLED') throw notFound('tenant');
    if (tenant.kind === 'authority' || tenant.id === access.principalTenantId)
      throw new FilingError('agentTenantInvalid');
    const doc = await u.trx
      .selectFrom('filing.document')
      .select(['kind', 'contributed_by_tenant_id'])
      .where('id', '=', poa)
      .where('case_id', '=', caseId)
      .where('removed_at', 'is', null)
      .executeTakeFirst();
    if (!doc || doc.kind !== 'POWER_OF_ATTORNEY' || doc.contributed_by_tenant_id !== access.principalTenantId)
      throw new FilingError('powerOfAttorneyRequired');
    if (accountId) {
      const member = await u.trx
        .selectFrom('platform.tenant_member')
        .select('account_id')
        .where('tenant_id', '=', agentTenant)
        .where('account_id', '=', accountId)
        .executeTakeFirst();
      if (!member) throw notFound('account');
    }
    const existing = await u.trx
      .selectFrom('filing.membership')
      .select('id')
      .where('case_id', '=', caseId)
      .where('tenant_id', '=', agentTenant)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirst();
    if (existing) throw new FilingError('alreadyMember');
    const id = newId();
    await u.trx
      .insertInto('filing.membership')
      .values({
        id,
        case_id: caseId,
        tenant_id: agentTenant,
        role: 'AGENT',
        on_behalf_of_tenant_id: access.principalTenantId,
        account_id: accountId,
        poa_document_id: poa,
        invited_by: actor.accountId,
        created_at: u.at,
      })
      .execute();
    await u.audit({
      action: 'membership.authoriseAgent',
      actorAccountId: actor.accountId,
      actorTenantId: actor.tenantId,
      caseId,
      objectType: 'membership',
      objectId: id,
      detail: { tenantId: agentTenant, poaDocumentId: poa, accountId },
    });
    return { id };
  });
}

/** Ends a co-party's or agent's membership: the owner ends any, a party ends the agents it appointed. */
export async function revokeMembership(ctx: FilingContext, actor: Actor, membershipId: string) {
  return inUnit(ctx, async (u) => {
    const m = await u.trx
      .selectFrom('filing.membership')
      .selectAll()
      .where('id', '=', membershipId)
      .where('status', '=', 'ACTIVE')
      .executeTakeFirst();
    if (!m) throw notFound('membership');
    const access = await accessAsParty(u.trx, actor, m.case_id, 'filing:invite', { forUpdate: true });
    if (m.role === 'FILER') throw new FilingError('cannotRevokeFiler');
    // The owner ends any membership; an agent (the owner's too) and a co-party end only the agents
    // appointed for the same principal — never another party's agent.
    if (!mayRevokeMembership(access, m)) throw new FilingError('ownerOnly', {}, Code.NO_PERMISSION);
    await u.trx
      .updateTable('filing.membership')
      .set({ status: 'REVOKED', revoked_at: u.at })
      .where('id', '=', membershipId)
      .execute();
    await u.audit({
      action: 'membership.revoke',
      actorAccountId: actor.accountId,
      actorTenantId: actor.tenantId,
      caseId: m.case_id,
      objectType: 'membership',
      objectId: membershipId,
    });
  });
}
