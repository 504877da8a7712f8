/**
 * One unit of work: a transaction, the instant and China date it runs at, and the events it announces
 * after commit. Every service function that changes something runs inside one.
 */
import type { Db } from '../../../db/database.ts';
import { chinaDate, type PlainDate } from '../dates.ts';
import type { HolidayCalendar } from '../calendar.ts';
import { appendAudit, type AuditInput } from '../audit.ts';
import { SYSTEM_ACTOR, type ActorOrSystem } from '../actor.ts';
import type { FilingContext, FilingEvent } from './context.ts';
import { loadCalendar } from './calendar-table.ts';
import { writeReceipt } from './receipts.ts';

export interface Unit {
  ctx: FilingContext;
  trx: Db;
  at: Date;
  today: PlainDate;
  events: FilingEvent[];
  /** Documents served to the members in this unit: the next recorded transition writes their receipt. */
  served: string[];
  calendar(): Promise<HolidayCalendar>;
  audit(input: AuditInput): Promise<void>;
}

export async function inUnit<T>(ctx: FilingContext, work: (u: Unit) => Promise<T>): Promise<T> {
  const events: FilingEvent[] = [];
  const at = ctx.now();
  const result = await ctx.db.transaction().execute(async (trx) => {
    let calendar: HolidayCalendar | undefined;
    const unit: Unit = {
      ctx,
      trx,
      at,
      today: chinaDate(at),
      events,
      served: [],
      calendar: async () => (calendar ??= await loadCalendar(trx)),
      audit: async (input) => void (await appendAudit(trx, input, at)),
    };
    return work(unit);
  });
  if (events.length) ctx.emit(events);
  return result;
}

export interface TransitionRecord {
  caseId: string;
  action: string;
  from: string | null;
  to: string;
  actor: ActorOrSystem;
  reason?: string | null;
  ground?: string | null;
  documentIds?: string[];
  detail?: Record<string, unknown>;
}

/** Writes the transition (who, when, from, to, why, documents) and its audit entry. */
export async function recordTransition(u: Unit, t: TransitionRecord): Promise<void> {
  const system = t.actor === SYSTEM_ACTOR;
  const accountId = system ? null : (t.actor as Exclude<ActorOrSystem, typeof SYSTEM_ACTOR>).accountId;
  const tenantId = system ? null : (t.actor as Exclude<ActorOrSystem, typeof SYSTEM_ACTOR>).tenantId;
  await u.trx
    .insertInto('filing.transition')
    .values({
      case_id: t.caseId,
      action: t.action,
      from_state: t.from,
      to_state: t.to,
      actor_account_id: accountId,
      actor_tenant_id: tenantId,
      by_system: system,
      reason: t.reason ?? null,
      ground: t.ground ?? null,
      document_ids: t.documentIds ?? [],
      detail: JSON.stringify(t.detail ?? {}),
      at: u.at,
    })
    .execute();
  await u.audit({
    action: `transition.${t.action}`,
    actorAccountId: accountId,
    actorTenantId: tenantId,
    caseId: t.caseId,
    objectType: 'case',
    objectId: t.caseId,
    detail: {
      from: t.from,
      to: t.to,
      reason: t.reason ?? null,
      ground: t.ground ?? null,
      documentIds: t.documentIds ?? [],
      ...(t.detail ?? {}),
    },
  });
  await settleProposals(u, t, accountId);
  // Every act that gave the parties documents leaves a receipt of them (service/receipts.ts).
  const served = u.served.splice(0);
  if (served.length)
    await writeReceipt(u.trx, {
      caseId: t.caseId,
      kind: 'SERVICE',
      act: t.action,
      at: u.at,
      actor: accountId ? { accountId, tenantId: tenantId! } : null,
      documentIds: served,
    });
  if (t.from !== t.to)
    u.events.push({ type: 'case.transition', caseId: t.caseId, action: t.action, from: t.from, to: t.to });
}

/** Transitions only the authority sees in a case's history (the parties never learn of a proposal). */
export const INTERNAL_ACTIONS: readonly string[] = ['propose', 'answerProposal'];

/** The decisions a delegated reviewer may propose (拟办意见) and the lead takes. */
export const PROPOSABLE_ACTIONS = [
  'accept',
  'returnFiling',
  'deemNotFiled',
  'clearPhaseI',
  'furtherReview',
] as const;

/**
 * A transition settles the case's pending proposal: the lead's decision adopts it (the proposed action) or
 * overrules it (another decision); any other move of the case (the filer withdrew or answered, the period
 * ran out) closes it. Moves that keep the state and decide nothing (a 补正 order, an extension) leave it.
 */
async function settleProposals(u: Unit, t: TransitionRecord, accountId: string | null): Promise<void> {
  if (INTERNAL_ACTIONS.includes(t.action)) return;
  const decides = (PROPOSABLE_ACTIONS as readonly string[]).includes(t.action);
  if (!decides && t.from === t.to) return;
  const pending = await u.trx
    .selectFrom('filing.proposal')
    .select(['id', 'action'])
    .where('case_id', '=', t.caseId)
    .where('state', '=', 'PENDING')
    .execute();
  for (const p of pending) {
    const state = !decides ? 'CLOSED' : p.action === t.action ? 'ADOPTED' : 'OVERRULED';
    await u.trx
      .updateTable('filing.proposal')
      .set({ state, decided_by: accountId, decided_at: u.at, decided_action: t.action })
      .where('id', '=', p.id)
      .execute();
    await u.audit({
      action: `proposal.${state.toLowerCase()}`,
      actorAccountId: accountId,
      actorTenantId: accountId ? (t.actor as { tenantId: string }).tenantId : null,
      caseId: t.caseId,
      objectType: 'proposal',
      objectId: p.id,
      detail: { proposed: p.action, taken: t.action },
    });
  }
}
