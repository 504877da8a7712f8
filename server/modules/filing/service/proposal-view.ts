/**
 * What a case's 拟办意见 look like to an authority viewer (the case view reads it) and who stands where on
 * a delegated case: its delegated reviewer (the handler while delegated) and the lead who delegated it.
 * Kept apart from proposals.ts (which runs transitions) so the case view does not depend on transitions.
 */
import type { Db } from '../../../db/database.ts';
import { has, type Actor } from '../actor.ts';
import { ruleFor } from '../state-machine.ts';
import type { CaseState } from '../tables.ts';
import { view, views } from './rows.ts';
import { PROPOSABLE_ACTIONS } from './unit.ts';

export interface Delegation {
  region: string | null;
  handler: string | null;
  /** The lead whose assignment delegated the case (the latest assignment that set the region). */
  lead: string | null;
}

export async function delegationOf(trx: Db, caseId: string): Promise<Delegation> {
  const c = await trx
    .selectFrom('filing.case')
    .select(['delegated_region', 'handler_account_id'])
    .where('id', '=', caseId)
    .executeTakeFirstOrThrow();
  const assigned = c.delegated_region
    ? await trx
        .selectFrom('filing.transition')
        .select('actor_account_id')
        .where('case_id', '=', caseId)
        .where('action', 'in', ['assign', 'reassign'])
        .orderBy('id', 'desc')
        .executeTakeFirst()
    : undefined;
  return {
    region: c.delegated_region,
    handler: c.handler_account_id,
    lead: assigned?.actor_account_id ?? null,
  };
}

/** Whether the actor is the delegated reviewer of this case (its handler while it is delegated). */
export function isDelegatedReviewer(actor: Actor, d: Delegation): boolean {
  return Boolean(d.region) && d.handler === actor.accountId && has(actor, 'review:read');
}

/** Whether the actor decides this case's proposals: the lead who delegated it (holding review:decide). */
export function isDelegatingLead(actor: Actor, d: Delegation): boolean {
  return Boolean(d.region) && d.lead === actor.accountId && has(actor, 'review:decide');
}

/** The case's proposals (newest first) for an authority viewer, and what this viewer may do about them. */
export async function proposalsOf(trx: Db, actor: Actor, caseId: string, state: CaseState) {
  const rows = await trx
    .selectFrom('filing.proposal as p')
    .leftJoin('platform.account as a', 'a.id', 'p.proposed_by')
    .selectAll('p')
    .select('a.fullname as proposed_by_name')
    .where('p.case_id', '=', caseId)
    .orderBy('p.proposed_at', 'desc')
    .execute();
  const d = await delegationOf(trx, caseId);
  const actions: string[] = [];
  if (isDelegatedReviewer(actor, d) && PROPOSABLE_ACTIONS.some((a) => ruleFor(a).from.includes(state)))
    actions.push('propose');
  if (isDelegatingLead(actor, d) && rows.some((r) => r.state === 'PENDING')) actions.push('decideProposal');
  const pending = rows.find((r) => r.state === 'PENDING');
  return { proposals: views(rows), pendingProposal: pending ? view(pending) : null, actions };
}
