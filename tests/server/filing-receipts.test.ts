/**
 * Receipts (回执, issue 24) on the real server and file store, over the seeded demo: submitting writes a
 * receipt whose hashes are the SHA-256 of the stored bytes; an act that serves a document writes one;
 * checking a receipt re-reads the stored files (MATCH, then MISMATCH and MISSING once the bytes are
 * changed or removed underneath); receipts cannot be changed; another enterprise reads none of them; the
 * demo seed leaves receipts on its submitted cases the way the live path does.
 */
import { createHash } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { demoTokens } from '../support/demo-sign-in.ts';
import { dbKindsOf } from './databases.ts';
import { fillFiling, TestClock } from './filing-support.ts';
import { filingContext, type FilingContext } from '../../server/modules/filing/service/context.ts';
import type { Actor } from '../../server/modules/filing/actor.ts';
import { FILING_ROLE_PERMISSIONS } from '../../server/modules/filing/permissions.ts';
import type { TenantKind } from '../../server/modules/filing/tables.ts';
import { storageFor } from '../../server/files/context.ts';
import type { LocalFileStorage } from '../../server/files/storage/local-store.ts';
import * as T from '../../server/modules/filing/service/transitions.ts';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

interface Item {
  documentId: string;
  name: string;
  kind: string;
  size: number;
  sha256: string;
  result?: string;
  actualSha256?: string | null;
}

describe.each(dbKindsOf(import.meta.url))('filing receipts (%s)', (kind) => {
  let t: TestServer;
  let ctx: FilingContext;
  const clock = new TestClock('2026-04-01');
  const tokenOf = demoTokens(() => t);
  const as = async (account: string, method: 'GET' | 'POST', path: string, body?: unknown) =>
    call(t, method, path, { token: await tokenOf(account), body });
  const db = () => t.server.database.db;

  async function actorOf(account: string, role: keyof typeof FILING_ROLE_PERMISSIONS): Promise<Actor> {
    const row = await db()
      .selectFrom('platform.account as a')
      .innerJoin('platform.tenant_member as m', 'm.account_id', 'a.id')
      .innerJoin('platform.tenant as t', 't.id', 'm.tenant_id')
      .select(['a.id', 'm.tenant_id', 't.kind'])
      .where('a.account', '=', account)
      .executeTakeFirstOrThrow();
    return {
      accountId: row.id,
      tenantId: row.tenant_id,
      tenantKind: row.kind as TenantKind,
      permissions: new Set(FILING_ROLE_PERMISSIONS[role]),
    };
  }

  /** The bytes the file store holds for a document, read straight from the store. */
  async function storedBytes(documentId: string): Promise<Uint8Array> {
    const d = await db()
      .selectFrom('filing.document')
      .select(['file_tenant_id', 'attachment_id'])
      .where('id', '=', documentId)
      .executeTakeFirstOrThrow();
    const file = await ctx.store.read(d.file_tenant_id, d.attachment_id);
    expect(file, documentId).not.toBeNull();
    return file!.content;
  }

  beforeAll(async () => {
    t = await startTestServer(kind, { seedFilingDemo: true }, { filingWorkers: false });
    // The running server's own store (the file store), at a fixed day so the filing's dates hold.
    ctx = filingContext(db(), {
      now: clock.now,
      store: t.server.filing.ctx.store,
      scheduler: t.server.filing.jobs.scheduler,
    });
  });
  afterAll(async () => t?.close());

  it('writes receipts at submission and service, checks them against the stored bytes, refuses strangers', async () => {
    const filer = await actorOf('zhangwei', 'filer');
    const lead = await actorOf('wangjun', 'reviewLead');
    const { caseId } = await fillFiling(ctx, filer, { procedure: 'SIMPLIFIED', title: '回执测试收购案' });
    await T.submit(ctx, filer, caseId);

    // One SUBMISSION receipt listing every document of the filing, hashes as the store holds them.
    const list = await as('zhangwei', 'POST', '/filing/receipt/list', { caseId });
    expect(list.body.state, list.body.message).toBe(200);
    expect(list.body.data.rows).toHaveLength(1);
    const submission = list.body.data.rows[0];
    expect(submission).toMatchObject({ kind: 'SUBMISSION', act: 'submit', caseId });
    expect(submission.caseNo).toMatch(/^JZSB\d{4}-\d{4}$/);
    const got = await as('zhangwei', 'GET', `/filing/receipt/get?receiptId=${submission.id}`);
    expect(got.body.state, got.body.message).toBe(200);
    expect(got.body.data).toMatchObject({ caseTitle: '回执测试收购案', kind: 'SUBMISSION' });
    const items = got.body.data.items as Item[];
    const documents = await db()
      .selectFrom('filing.document')
      .select('id')
      .where('case_id', '=', caseId)
      .where('removed_at', 'is', null)
      .execute();
    expect(items.map((i) => i.documentId).sort()).toEqual(documents.map((d) => d.id).sort());
    for (const item of items) {
      const bytes = await storedBytes(item.documentId);
      expect(item.sha256).toBe(sha256(bytes));
      expect(item.size).toBe(bytes.byteLength);
    }

    // Checking: every file as recorded.
    const fine = await as('zhangwei', 'GET', `/filing/receipt/verify?receiptId=${submission.id}`);
    expect(fine.body.state, fine.body.message).toBe(200);
    expect((fine.body.data.items as Item[]).map((i) => i.result)).toEqual(items.map(() => 'MATCH'));
    expect(fine.body.data.allMatch).toBe(true);

    // The bytes changed underneath in the storage (one file), and removed (another).
    const storage = storageFor(t.config) as LocalFileStorage;
    writeFileSync(storage.pathOf(items[0].sha256), 'tampered bytes');
    rmSync(storage.pathOf(items[1].sha256));
    const checked = await as('zhangwei', 'GET', `/filing/receipt/verify?receiptId=${submission.id}`);
    const results = checked.body.data.items as Item[];
    expect(results[0]).toMatchObject({
      result: 'MISMATCH',
      actualSha256: sha256(Buffer.from('tampered bytes')),
    });
    expect(results[1]).toMatchObject({ result: 'MISSING', actualSha256: null });
    expect(results.slice(2).map((i) => i.result)).toEqual(items.slice(2).map(() => 'MATCH'));
    expect(checked.body.data.allMatch).toBe(false);
    // The receipt itself still says what was filed.
    const again = await as('zhangwei', 'GET', `/filing/receipt/get?receiptId=${submission.id}`);
    expect((again.body.data.items as Item[]).map((i) => i.sha256)).toEqual(items.map((i) => i.sha256));

    // The authority serves a supplement notice: a SERVICE receipt of that notice, seen by both sides.
    clock.set('2026-04-02');
    const asked = await T.requestSupplement(ctx, lead, caseId, {
      items: '请补交审计报告',
      dueOn: '2026-04-20',
    });
    const served = await as('wangjun', 'POST', '/filing/receipt/list', { caseId });
    expect(served.body.state, served.body.message).toBe(200);
    expect(served.body.data.rows.map((r: { kind: string }) => r.kind)).toEqual(['SERVICE', 'SUBMISSION']);
    const service = served.body.data.rows[0];
    expect(service).toMatchObject({ act: 'requestSupplement', itemCount: 1 });
    const notice = await as('zhangwei', 'GET', `/filing/receipt/get?receiptId=${service.id}`);
    const [noticeItem] = notice.body.data.items as Item[];
    expect(noticeItem).toMatchObject({ documentId: asked.documentId, kind: 'SUPPLEMENT_NOTICE' });
    expect(noticeItem.sha256).toBe(sha256(await storedBytes(asked.documentId!)));
    const noticeCheck = await as('zhangwei', 'GET', `/filing/receipt/verify?receiptId=${service.id}`);
    expect(noticeCheck.body.data.items[0].result).toBe('MATCH');

    // Another enterprise (not a party) learns nothing: list, receipt and check are refused.
    for (const [method, path, body] of [
      ['POST', '/filing/receipt/list', { caseId }],
      ['GET', `/filing/receipt/get?receiptId=${submission.id}`, undefined],
      ['GET', `/filing/receipt/verify?receiptId=${service.id}`, undefined],
    ] as const) {
      const refused = await as('malin', method, path, body);
      expect(refused.body.state, path).toBe(404);
      expect(refused.body.message).toMatch(/[\u4e00-\u9fff]/);
      expect(refused.body.message).not.toContain('filing.');
      expect(JSON.stringify(refused.body.data ?? null)).not.toContain(items[2].sha256);
    }

    // Immutable, like the audit log.
    await expect(
      sql`update filing.receipt set case_no = 'X' where id = ${submission.id}`.execute(db()),
    ).rejects.toThrow(/immutable/);
    await expect(
      sql`delete from filing.receipt_item where receipt_id = ${submission.id}`.execute(db()),
    ).rejects.toThrow(/immutable/);
  });

  it('seeds receipts for the demo’s submitted cases through the live path’s builder', async () => {
    const db0 = db();
    const submitted = await db0
      .selectFrom('filing.case')
      .select(['id', 'case_no'])
      .where('state', '<>', 'DRAFT')
      .where('title', '<>', '回执测试收购案')
      .execute();
    expect(submitted.length).toBeGreaterThan(10);
    const receipts = await db0.selectFrom('filing.receipt').selectAll().execute();
    for (const c of submitted) {
      const mine = receipts.filter((r) => r.case_id === c.id);
      expect(
        mine.filter((r) => r.kind === 'SUBMISSION' && r.act === 'submit'),
        c.id,
      ).toHaveLength(1);
      expect(mine.every((r) => r.case_no === c.case_no)).toBe(true);
    }
    // An accepted case has the acceptance notice's receipt; its files check out against the store.
    const accepted = receipts.find((r) => r.kind === 'SERVICE' && r.act === 'accept')!;
    expect(accepted).toBeDefined();
    const owner = await db0
      .selectFrom('filing.case as c')
      .innerJoin('platform.tenant_member as m', 'm.tenant_id', 'c.owner_tenant_id')
      .innerJoin('platform.account as a', 'a.id', 'm.account_id')
      .select('a.account')
      .where('c.id', '=', accepted.case_id)
      .where('m.is_admin', '=', true)
      .executeTakeFirstOrThrow();
    const check = await as(owner.account, 'GET', `/filing/receipt/verify?receiptId=${accepted.id}`);
    expect(check.body.state, check.body.message).toBe(200);
    expect(check.body.data.items.length).toBe(1);
    expect(check.body.data.items[0]).toMatchObject({ kind: 'ACCEPTANCE_NOTICE', result: 'MATCH' });
    const submission = receipts.find((r) => r.case_id === accepted.case_id && r.kind === 'SUBMISSION')!;
    const seededCheck = await as('wangjun', 'GET', `/filing/receipt/verify?receiptId=${submission.id}`);
    expect(seededCheck.body.state, seededCheck.body.message).toBe(200);
    expect(seededCheck.body.data.items.length).toBeGreaterThan(3);
    expect(seededCheck.body.data.allMatch).toBe(true);
  });
});
