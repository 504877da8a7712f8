/**
 * 回执 (receipts, issue 24): at submission, and each time the authority serves documents, the case gets a
 * receipt naming every document of the act with its size and SHA-256 as stored. A receipt is written in
 * the act's own transaction and never changed (the tables refuse UPDATE, DELETE and TRUNCATE), so anyone
 * who may read the case can later re-read the stored files and check them against it (`verifyReceipt`).
 */
import { newId } from '../../../auth/tokens.ts';
import type { Db } from '../../../db/database.ts';
import { notFound, type Actor } from '../actor.ts';
import { sha256Hex } from '../documents/store.ts';
import type { ReceiptKind } from '../receipt-tables.ts';
import { accessCase, seesConfidential, type CaseAccess } from './access.ts';
import type { FilingContext } from './context.ts';

/** A document as the receipt records it (the filing.document columns it copies). */
export interface ReceiptDocument {
  id: string;
  title: string;
  file_name: string | null;
  kind: string;
  size: number | string;
  sha256: string;
  file_tenant_id: string;
  attachment_id: string;
  confidential: boolean;
  contributed_by_tenant_id: string;
}

export interface ReceiptInput {
  caseId: string;
  caseNo: string;
  caseTitle: string;
  kind: ReceiptKind;
  act: string;
  at: Date | string;
  /** Null for the system (a deadline job serving a notice). */
  actor: { accountId: string; tenantId: string } | null;
  documents: ReceiptDocument[];
}

/**
 * The rows of one receipt. The live path (writeReceipt) and the demo seed both build receipts here, so
 * a seeded receipt is what the live path would have written.
 */
export function buildReceipt(input: ReceiptInput, id: string = newId()) {
  const receipt = {
    id,
    case_id: input.caseId,
    case_no: input.caseNo,
    case_title: input.caseTitle,
    kind: input.kind,
    act: input.act,
    at: input.at,
    actor_account_id: input.actor?.accountId ?? null,
    actor_tenant_id: input.actor?.tenantId ?? null,
    item_count: input.documents.length,
  };
  const items = input.documents.map((d, i) => ({
    receipt_id: id,
    seq: i + 1,
    document_id: d.id,
    name: d.title,
    file_name: d.file_name,
    kind: d.kind,
    size: Number(d.size),
    sha256: d.sha256,
    file_tenant_id: d.file_tenant_id,
    attachment_id: d.attachment_id,
    confidential: d.confidential,
    contributed_by_tenant_id: d.contributed_by_tenant_id,
  }));
  return { receipt, items };
}

const DOCUMENT_COLUMNS = [
  'id',
  'title',
  'file_name',
  'kind',
  'size',
  'sha256',
  'file_tenant_id',
  'attachment_id',
  'confidential',
  'contributed_by_tenant_id',
] as const;

/**
 * Writes a receipt inside the caller's transaction: of the documents named (`documentIds`, in that
 * order: those served, or a supplement's answer), or else of every document the filing holds (submit).
 */
export async function writeReceipt(
  trx: Db,
  input: Omit<ReceiptInput, 'caseNo' | 'caseTitle' | 'documents'> & { documentIds?: string[] },
): Promise<string> {
  const c = await trx
    .selectFrom('filing.case')
    .select(['case_no', 'title'])
    .where('id', '=', input.caseId)
    .executeTakeFirstOrThrow();
  let documents: ReceiptDocument[];
  if (input.documentIds === undefined) {
    documents = await trx
      .selectFrom('filing.document')
      .select(DOCUMENT_COLUMNS)
      .where('case_id', '=', input.caseId)
      .where('removed_at', 'is', null)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
  } else {
    const ids = input.documentIds;
    const rows = ids.length
      ? await trx.selectFrom('filing.document').select(DOCUMENT_COLUMNS).where('id', 'in', ids).execute()
      : [];
    const byId = new Map<string, ReceiptDocument>(rows.map((r) => [r.id, r]));
    documents = ids.map((id) => byId.get(id)).filter((d): d is ReceiptDocument => d !== undefined);
  }
  const { receipt, items } = buildReceipt({
    ...input,
    caseNo: c.case_no ?? '',
    caseTitle: c.title,
    documents,
  });
  await trx.insertInto('filing.receipt').values(receipt).execute();
  if (items.length) await trx.insertInto('filing.receipt_item').values(items).execute();
  return receipt.id;
}

// ---- Reading and checking

async function namesOf(trx: Db, accountIds: (string | null)[], tenantIds: (string | null)[]) {
  const accounts = accountIds.filter((x): x is string => !!x);
  const tenants = tenantIds.filter((x): x is string => !!x);
  const [a, t] = await Promise.all([
    accounts.length
      ? trx.selectFrom('platform.account').select(['id', 'fullname']).where('id', 'in', accounts).execute()
      : [],
    tenants.length
      ? trx.selectFrom('platform.tenant').select(['id', 'name']).where('id', 'in', tenants).execute()
      : [],
  ]);
  return {
    account: new Map(a.map((x) => [x.id, x.fullname])),
    tenant: new Map(t.map((x) => [x.id, x.name])),
  };
}

/** Items the viewer may see: another party's confidential document stays out (as in the case view). */
const visibleTo =
  (access: CaseAccess) => (item: { confidential: boolean; contributed_by_tenant_id: string }) =>
    !item.confidential || seesConfidential(access, item.contributed_by_tenant_id);

/** The case's receipts, newest first, for anyone who may read the case. */
export async function listReceipts(ctx: FilingContext, actor: Actor, caseId: string) {
  const access = await accessCase(ctx.db, actor, caseId);
  const rows = await ctx.db
    .selectFrom('filing.receipt')
    .selectAll()
    .where('case_id', '=', caseId)
    .orderBy('at', 'desc')
    .orderBy('id')
    .execute();
  const items = rows.length
    ? await ctx.db
        .selectFrom('filing.receipt_item')
        .select(['receipt_id', 'confidential', 'contributed_by_tenant_id'])
        .where(
          'receipt_id',
          'in',
          rows.map((r) => r.id),
        )
        .execute()
    : [];
  const seen = visibleTo(access);
  const names = await namesOf(
    ctx.db,
    rows.map((r) => r.actor_account_id),
    rows.map((r) => r.actor_tenant_id),
  );
  return rows.map((r) => ({
    id: r.id,
    caseId: r.case_id,
    caseNo: r.case_no,
    kind: r.kind,
    act: r.act,
    at: new Date(r.at).toISOString(),
    actorName: r.actor_account_id ? (names.account.get(r.actor_account_id) ?? null) : null,
    actorTenantName: r.actor_tenant_id ? (names.tenant.get(r.actor_tenant_id) ?? null) : null,
    itemCount: items.filter((i) => i.receipt_id === r.id && seen(i)).length,
  }));
}

async function loadReceipt(ctx: FilingContext, actor: Actor, receiptId: string) {
  const r = await ctx.db
    .selectFrom('filing.receipt')
    .selectAll()
    .where('id', '=', receiptId)
    .executeTakeFirst();
  if (!r) throw notFound('receipt');
  // Anyone who may read the case; a stranger is told "not found", as for the case itself.
  const access = await accessCase(ctx.db, actor, r.case_id);
  const all = await ctx.db
    .selectFrom('filing.receipt_item')
    .selectAll()
    .where('receipt_id', '=', receiptId)
    .orderBy('seq')
    .execute();
  const items = all.filter(visibleTo(access));
  const names = await namesOf(ctx.db, [r.actor_account_id], [r.actor_tenant_id]);
  return {
    receipt: {
      id: r.id,
      caseId: r.case_id,
      caseNo: r.case_no,
      caseTitle: r.case_title,
      kind: r.kind,
      act: r.act,
      at: new Date(r.at).toISOString(),
      actorName: r.actor_account_id ? (names.account.get(r.actor_account_id) ?? null) : null,
      actorTenantName: r.actor_tenant_id ? (names.tenant.get(r.actor_tenant_id) ?? null) : null,
      itemCount: items.length,
      totalSize: items.reduce((sum, i) => sum + Number(i.size), 0),
    },
    items,
  };
}

const itemView = (i: {
  seq: number;
  document_id: string;
  name: string;
  file_name: string | null;
  kind: string;
  size: string;
  sha256: string;
}) => ({
  seq: i.seq,
  documentId: i.document_id,
  name: i.name,
  fileName: i.file_name,
  kind: i.kind,
  size: Number(i.size),
  sha256: i.sha256,
});

/** One receipt with the documents the viewer may see. */
export async function getReceipt(ctx: FilingContext, actor: Actor, receiptId: string) {
  const { receipt, items } = await loadReceipt(ctx, actor, receiptId);
  return { ...receipt, items: items.map(itemView) };
}

export type CheckResult = 'MATCH' | 'MISMATCH' | 'MISSING';

/**
 * Re-reads every stored file of the receipt and recomputes its SHA-256: MATCH when it is the recorded
 * one, MISMATCH when the bytes changed, MISSING when the store no longer has them.
 */
export async function verifyReceipt(ctx: FilingContext, actor: Actor, receiptId: string) {
  const { receipt, items } = await loadReceipt(ctx, actor, receiptId);
  const checked = [];
  for (const i of items) {
    let actual: string | null = null;
    try {
      const file = await ctx.store.read(i.file_tenant_id, i.attachment_id);
      actual = file ? sha256Hex(file.content) : null;
    } catch {
      actual = null; // the store lost the content between looking and reading: missing all the same
    }
    const result: CheckResult = actual === null ? 'MISSING' : actual === i.sha256 ? 'MATCH' : 'MISMATCH';
    checked.push({ ...itemView(i), actualSha256: actual, result });
  }
  return {
    ...receipt,
    checkedAt: ctx.now().toISOString(),
    allMatch: checked.every((c) => c.result === 'MATCH'),
    matched: checked.filter((c) => c.result === 'MATCH').length,
    items: checked,
  };
}
