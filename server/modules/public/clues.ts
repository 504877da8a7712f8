/**
 * Reports of concentrations that should have been notified (未依法申报): reporters (any signed-in
 * account, after giving their details), evidence files, clues and their triage by the authority
 * (NEW → ASSIGNED → LINKED, or CLOSED with a reason), each step kept in wyf_clue_step.
 */
import { createHash } from 'node:crypto';
import { newId } from '../../auth/tokens.ts';
import type { Db } from '../../db/database.ts';
import { inTransaction } from '../../db/database.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import type { CheckedFile } from './attachment.ts';
import type { ClueAction, ClueState, IdType } from './tables.ts';
import './tables.ts';

export const MAX_PENDING_EVIDENCE = 20;

const err = (code: number, key: string, params: Record<string, unknown> = {}) =>
  new ApiError(code, `publicData.error.${key}`, params);

export interface ReporterInput {
  realName: string;
  organisation?: string | null;
  idType: IdType;
  idNumber: string;
  contactPhone: string;
  email?: string | null;
  address?: string | null;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export async function saveReporter(db: Db, accountId: string, input: ReporterInput) {
  const email = input.email?.trim() || null;
  if (email && !EMAIL.test(email)) throw err(Code.ILLEGAL_REQUEST, 'invalidEmail');
  const row = {
    real_name: input.realName.trim(),
    organisation: input.organisation?.trim() || null,
    id_type: input.idType,
    id_number: input.idNumber.trim(),
    contact_phone: input.contactPhone.trim(),
    email,
    address: input.address?.trim() || null,
    updated_at: new Date(),
  };
  await db
    .insertInto('filing.wyf_reporter')
    .values({ account_id: accountId, ...row })
    .onConflict((oc) => oc.column('account_id').doUpdateSet(row))
    .execute();
}

export async function reporterOf(db: Db, accountId: string) {
  const r = await db
    .selectFrom('filing.wyf_reporter')
    .selectAll()
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return r
    ? {
        realName: r.real_name,
        organisation: r.organisation,
        idType: r.id_type,
        idNumber: r.id_number,
        contactPhone: r.contact_phone,
        email: r.email,
        address: r.address,
      }
    : null;
}

export async function storeEvidence(db: Db, accountId: string, file: CheckedFile) {
  return inTransaction(db, async (trx) => {
    const pending = await trx
      .selectFrom('filing.wyf_evidence')
      .select((e) => e.fn.countAll<number>().as('n'))
      .where('account_id', '=', accountId)
      .where('clue_id', 'is', null)
      .executeTakeFirstOrThrow();
    if (Number(pending.n) >= MAX_PENDING_EVIDENCE)
      throw err(Code.ILLEGAL_REQUEST, 'tooManyEvidence', { max: MAX_PENDING_EVIDENCE });
    const id = newId();
    await trx
      .insertInto('filing.wyf_evidence')
      .values({
        id,
        account_id: accountId,
        file_name: file.name,
        mime: file.mime,
        size: file.content.byteLength,
        sha256: createHash('sha256').update(file.content).digest('hex'),
        content: file.content,
      })
      .execute();
    return { id, fileName: file.name, size: file.content.byteLength, mime: file.mime };
  });
}

export interface ClueInput {
  targets: string[];
  dealDescription: string;
  description: string;
  evidenceIds?: string[];
}

export async function submitClue(db: Db, accountId: string, input: ClueInput) {
  const targets = [...new Set(input.targets.map((t) => t.trim()).filter(Boolean))];
  if (!targets.length) throw err(Code.ILLEGAL_REQUEST, 'targetsRequired');
  const evidenceIds = [...new Set(input.evidenceIds ?? [])];
  return inTransaction(db, async (trx) => {
    if (!(await reporterOf(trx, accountId))) throw err(Code.ILLEGAL_REQUEST, 'reporterMissing');
    if (evidenceIds.length) {
      const mine = await trx
        .selectFrom('filing.wyf_evidence')
        .select('id')
        .where('id', 'in', evidenceIds)
        .where('account_id', '=', accountId)
        .where('clue_id', 'is', null)
        .forUpdate()
        .execute();
      if (mine.length !== evidenceIds.length) throw err(Code.ILLEGAL_REQUEST, 'evidenceUnknown');
    }
    const id = newId();
    const at = new Date();
    await trx
      .insertInto('filing.wyf_clue')
      .values({
        id,
        reporter_account_id: accountId,
        targets,
        deal_description: input.dealDescription.trim(),
        description: input.description.trim(),
        created_at: at,
      })
      .execute();
    await trx
      .insertInto('filing.wyf_clue_step')
      .values({ id: newId(), clue_id: id, action: 'submit', to_state: 'NEW', by_account_id: accountId, at })
      .execute();
    if (evidenceIds.length)
      await trx
        .updateTable('filing.wyf_evidence')
        .set({ clue_id: id })
        .where('id', 'in', evidenceIds)
        .execute();
    return { id };
  });
}

/** Which moves each action makes. */
const MOVES: Record<Exclude<ClueAction, 'submit'>, { from: ClueState[]; to: ClueState }> = {
  assign: { from: ['NEW', 'ASSIGNED'], to: 'ASSIGNED' },
  link: { from: ['ASSIGNED'], to: 'LINKED' },
  close: { from: ['NEW', 'ASSIGNED'], to: 'CLOSED' },
};

export interface TriageInput {
  id: string;
  action: 'assign' | 'link' | 'close';
  assigneeAccountId?: string;
  caseId?: string;
  reason?: string;
}

export async function triageClue(db: Db, actor: { accountId: string; tenantId: string }, input: TriageInput) {
  const move = MOVES[input.action];
  const reason = input.reason?.trim() || null;
  return inTransaction(db, async (trx) => {
    const clue = await trx
      .selectFrom('filing.wyf_clue')
      .select(['id', 'state'])
      .where('id', '=', input.id)
      .forUpdate()
      .executeTakeFirst();
    if (!clue) throw err(Code.NOT_FOUND, 'clueNotFound');
    if (!move.from.includes(clue.state))
      throw err(Code.ILLEGAL_REQUEST, 'clueStateMoved', { state: clue.state });
    const set: Record<string, unknown> = { state: move.to, updated_at: new Date() };
    let note = reason;
    if (input.action === 'assign') {
      if (!input.assigneeAccountId) throw err(Code.ILLEGAL_REQUEST, 'assigneeRequired');
      const member = await trx
        .selectFrom('platform.tenant_member as m')
        .innerJoin('platform.account as a', 'a.id', 'm.account_id')
        .select(['a.id', 'a.fullname'])
        .where('m.tenant_id', '=', actor.tenantId)
        .where('m.account_id', '=', input.assigneeAccountId)
        .executeTakeFirst();
      if (!member) throw err(Code.ILLEGAL_REQUEST, 'assigneeNotMember');
      set.assignee_account_id = member.id;
      note = reason ?? member.fullname;
    } else if (input.action === 'link') {
      if (!input.caseId) throw err(Code.ILLEGAL_REQUEST, 'caseRequired');
      const c = await trx
        .selectFrom('filing.case')
        .select(['id', 'state'])
        .where('id', '=', input.caseId)
        .executeTakeFirst();
      if (!c || c.state === 'DRAFT') throw err(Code.ILLEGAL_REQUEST, 'caseUnknown');
      set.linked_case_id = c.id;
    } else {
      if (!reason) throw err(Code.ILLEGAL_REQUEST, 'reasonRequired');
      set.close_reason = reason;
    }
    await trx.updateTable('filing.wyf_clue').set(set).where('id', '=', input.id).execute();
    await trx
      .insertInto('filing.wyf_clue_step')
      .values({
        id: newId(),
        clue_id: input.id,
        action: input.action,
        from_state: clue.state,
        to_state: move.to,
        by_account_id: actor.accountId,
        note,
      })
      .execute();
  });
}

export type ClueRow = Record<string, any>;

export function clueView(r: ClueRow) {
  return {
    id: r.id as string,
    state: r.state as ClueState,
    targets: r.targets as string[],
    dealDescription: r.deal_description as string,
    description: r.description as string,
    assigneeAccountId: (r.assignee_account_id ?? null) as string | null,
    assigneeName: (r.assignee_name ?? null) as string | null,
    linkedCaseId: (r.linked_case_id ?? null) as string | null,
    closeReason: (r.close_reason ?? null) as string | null,
    createTime: r.created_at as Date,
    updateTime: (r.updated_at ?? null) as Date | null,
  };
}

export async function clueDetail(db: Db, id: string) {
  const r = await db
    .selectFrom('filing.wyf_clue as c')
    .leftJoin('platform.account as a', 'a.id', 'c.assignee_account_id')
    .selectAll('c')
    .select('a.fullname as assignee_name')
    .where('c.id', '=', id)
    .executeTakeFirst();
  if (!r) throw err(Code.NOT_FOUND, 'clueNotFound');
  const [reporter, evidence, steps] = await Promise.all([
    reporterOf(db, r.reporter_account_id),
    db
      .selectFrom('filing.wyf_evidence')
      .select(['id', 'file_name', 'size', 'mime'])
      .where('clue_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
    db
      .selectFrom('filing.wyf_clue_step as s')
      .leftJoin('platform.account as a', 'a.id', 's.by_account_id')
      .select([
        's.action',
        's.from_state',
        's.to_state',
        's.by_account_id',
        'a.fullname as by_name',
        's.note',
        's.at',
      ])
      .where('s.clue_id', '=', id)
      .orderBy('s.at')
      .orderBy('s.id')
      .execute(),
  ]);
  return {
    ...clueView(r),
    reporter: reporter ?? undefined,
    evidence: evidence.map((e) => ({ id: e.id, fileName: e.file_name, size: Number(e.size), mime: e.mime })),
    steps: steps.map((s) => ({
      action: s.action,
      fromState: s.from_state,
      toState: s.to_state,
      byAccountId: s.by_account_id,
      byName: s.by_name,
      note: s.note,
      at: s.at,
    })),
  };
}
