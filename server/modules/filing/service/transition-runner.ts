/**
 * The one way a transition of the state machine is taken. From the action's entry in TRANSITIONS
 * (state-machine.ts) and its effect (the *-transitions.ts files), in one unit of work: check the input,
 * lock the case as the entry's side and permission allow, check its state, run the effect's guards, check
 * the phase's period has not run out, run the effect, move the case to the entry's target, attach the
 * authority's files, record the transition (audit entry, receipt of the documents served, event).
 */
import { FilingError, notFound, type Actor } from '../actor.ts';
import { Code } from '../../../http/codes.ts';
import { ruleFor, takenIn, type TransitionRule } from '../state-machine.ts';
import type { CaseState } from '../tables.ts';
import type { PlainDate } from '../dates.ts';
import { currentClock, type ClockDeps, type ClockRow } from '../clocks.ts';
import { accessAsAuthority, accessAsParty, type CaseAccess } from './access.ts';
import type { FilingContext } from './context.ts';
import { periodOver, TIME_BOUND_ACTIONS } from './decision-timing.ts';
import { attachReviewFiles, generateAndServe } from './documents.ts';
import type { GeneratedKind } from '../documents/kinds.ts';
import type { TemplateData } from '../documents/templates.ts';
import { writeReceipt } from './receipts.ts';
import { ids } from './input.ts';
import { inUnit, recordTransition, type Unit } from './unit.ts';

export interface TransitionResult {
  caseId: string;
  from: CaseState;
  to: CaseState;
  documentId?: string;
}

/** What an effect works with: the case locked and read as the actor may, and the checked input. */
export interface Step<I> {
  u: Unit;
  actor: Actor;
  caseId: string;
  /** The id the caller named: the case's, or (with `locate`) the object's the act is on. */
  key: string;
  access: CaseAccess;
  from: CaseState;
  input: I;
  /** A time-bound action's phase clock (PHASE_I/II, locked), checked to be in time before `run`. */
  phaseClock?: ClockRow;
}

/** What an effect did, for the runner to finish the transition with. */
export interface Outcome<R> {
  /** The target: required when the entry names several (or 'RETURN'), or the act keeps the state. */
  to?: CaseState;
  /** More columns of the case, set with the move. */
  set?: Record<string, unknown>;
  /** The notice or decision served (the first of the transition's documents, the answer's documentId). */
  notice?: string;
  /** The filer's own documents the act rests on. */
  documentIds?: string[];
  reason?: string | null;
  ground?: string | null;
  detail?: Record<string, unknown>;
  /** The filer's SUBMISSION receipt of what it filed: every document, or these. */
  receipt?: { documentIds?: string[] };
  /** More of the answer to the caller. */
  result?: R;
}

export interface TransitionEffect<A extends unknown[], I, G, R> {
  action: string;
  /** Checks the caller's input before anything is read (a bad field is refused first). */
  input(...raw: A): I;
  /** The case of an act named by another object (an answer by its request), locked before the case. */
  locate?(u: Unit, key: string): Promise<string>;
  /** The refusals on the case's data that come before the period check; what they found goes to `run`. */
  guard?(step: Step<I>): Promise<G>;
  /** What this transition does beyond the common steps: its rows, clocks and notice. */
  run(step: Step<I>, found: G): Promise<Outcome<R>>;
}

/** A transition's service function: (ctx, actor, caseId or the object's id, the caller's input). */
export type TakeTransition = (
  ctx: FilingContext,
  actor: Actor,
  key: string,
  ...raw: never[]
) => Promise<TransitionResult>;

/** Every effect by its action, for the operations the catalogue names by action (`transition:`). */
const BY_ACTION = new Map<string, TakeTransition>();

/** The service function of an action, or undefined when no effect is declared for it. */
export function transitionOf(action: string): TakeTransition | undefined {
  return BY_ACTION.get(action);
}

/** An effect as the service function of its action: (ctx, actor, caseId or object id, input). */
export function transition<A extends unknown[], I, G, R = object>(effect: TransitionEffect<A, I, G, R>) {
  ruleFor(effect.action); // an effect of an action the table does not declare fails at load
  if (BY_ACTION.has(effect.action)) throw new Error(`two effects for the transition ${effect.action}`);
  const take = (ctx: FilingContext, actor: Actor, key: string, ...raw: A): Promise<TransitionResult & R> =>
    runTransition(ctx, actor, effect, key, raw);
  BY_ACTION.set(effect.action, take as unknown as TakeTransition);
  return take;
}

export async function runTransition<A extends unknown[], I, G, R>(
  ctx: FilingContext,
  actor: Actor,
  effect: TransitionEffect<A, I, G, R>,
  key: string,
  raw: A,
): Promise<TransitionResult & R> {
  const rule = ruleFor(effect.action);
  const input = effect.input(...raw);
  return inUnit(ctx, async (u) => {
    const caseId = effect.locate ? await effect.locate(u, key) : key;
    const access = await accessFor(u, actor, caseId, rule);
    const from = access.case.state;
    if (!takenIn(rule, from)) throw wrongState(rule.action, from);
    const step: Step<I> = { u, actor, caseId, key, access, from, input };
    const timeBound = TIME_BOUND_ACTIONS.includes(rule.action);
    if (timeBound) step.phaseClock = await currentClock(u.trx, caseId, from as 'PHASE_I' | 'PHASE_II');
    const found = (await effect.guard?.(step)) as G;
    // After its due date the phase belongs to the deadline job (deemed cleared): nobody acts on it any more.
    if (timeBound) assertInTime(step.phaseClock, u.today);
    const out = await effect.run(step, found);
    const to = targetOf(rule, from, out.to);
    // An act that keeps the state outside the table's moves (a 补正 order, its answer) leaves the case row.
    if (to !== from || !rule.keepsStateIn?.includes(from)) await moveCase(u, caseId, to, out.set);
    // The authority's own files attached to its act: served with the notice (a bad id refuses it all).
    const attached =
      rule.side === 'authority'
        ? await attachReviewFiles(u, actor, caseId, (input as Attaching).attachmentIds, { serve: true })
        : [];
    await recordTransition(u, {
      caseId,
      action: rule.action,
      from,
      to,
      actor,
      reason: out.reason,
      ground: out.ground,
      documentIds: [...(out.notice ? [out.notice] : []), ...(out.documentIds ?? []), ...attached],
      detail: out.detail,
    });
    if (out.receipt)
      await writeReceipt(u.trx, {
        caseId,
        kind: 'SUBMISSION',
        act: rule.action,
        at: u.at,
        actor,
        ...out.receipt,
      });
    const documentId = out.notice ? { documentId: out.notice } : {};
    return { caseId, from, to, ...documentId, ...out.result } as TransitionResult & R;
  });
}

/** An authority's act names the files of its store space it attaches (documents.ts attachReviewFiles). */
type Attaching = { attachmentIds?: unknown };

/** The side and permission of the table's entry; the filer side's steps are the owner's (or its agent's). */
function accessFor(u: Unit, actor: Actor, caseId: string, rule: TransitionRule): Promise<CaseAccess> {
  if (!rule.permission) throw new Error(`${rule.action} is the system's`);
  return rule.side === 'filer'
    ? accessAsParty(u.trx, actor, caseId, rule.permission, { ownerOnly: true, forUpdate: true })
    : accessAsAuthority(u.trx, actor, caseId, rule.permission);
}

function targetOf(rule: TransitionRule, from: CaseState, to: CaseState | undefined): CaseState {
  const declared = rule.to.length === 1 && rule.to[0] !== 'RETURN' ? rule.to[0] : undefined;
  const target = to ?? declared;
  if (!target) throw new Error(`${rule.action}: its effect must name the target`);
  if (target !== from && !rule.to.includes(target) && !rule.to.includes('RETURN'))
    throw new Error(`${rule.action}: ${target} is not a target of the table`);
  return target;
}

export const wrongState = (action: string, state: CaseState) =>
  new FilingError('wrongState', { action, state }, Code.WARNING);

function assertInTime(clock: { due_on: PlainDate } | undefined, today: PlainDate): void {
  if (clock && periodOver(clock, today)) throw new FilingError('periodExpired', { dueOn: clock.due_on });
}

export async function moveCase(u: Unit, caseId: string, to: CaseState, set: Record<string, unknown> = {}) {
  await u.trx
    .updateTable('filing.case')
    .set((e) => ({ state: to, updated_at: u.at, version: e('version', '+', 1), ...set }))
    .where('id', '=', caseId)
    .execute();
}

/** Validated ids of documents of this case (the documents an answer or a remedy rests on). */
export async function caseDocuments(u: Unit, caseId: string, raw: unknown): Promise<string[]> {
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

/** Generates the act's notice or decision from its template and serves it to every member tenant. */
export function serve(s: Step<unknown>, kind: GeneratedKind, extra?: Partial<TemplateData>): Promise<string> {
  return generateAndServe(s.u, s.caseId, kind, s.actor, extra);
}

export async function clockDeps(u: Unit): Promise<ClockDeps> {
  return { trx: u.trx, calendar: await u.calendar(), scheduler: u.ctx.scheduler };
}
