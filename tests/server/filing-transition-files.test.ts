/**
 * Every authority transition takes the authority's own files (attachmentIds of its store space), on both
 * databases: each file becomes a REVIEW_ATTACHMENT document listed with the transition and its audit
 * entry, served with the notice to every member tenant and seen by the filer; an id that is not a file of
 * the caller's space (another tenant's file, an unknown id, a malformed list) refuses the transition
 * with a translated error and writes nothing.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { dbKindsOf } from './databases.ts';
import { fillFiling, makeWorld, testContext, TestClock, type World } from './filing-support.ts';
import type { FilingContext } from '../../server/modules/filing/service/context.ts';
import type { Actor } from '../../server/modules/filing/actor.ts';
import * as T from '../../server/modules/filing/service/transitions.ts';
import { getCase } from '../../server/modules/filing/service/cases.ts';
import { openDocument } from '../../server/modules/filing/service/documents.ts';
import { FilingError } from '../../server/modules/filing/actor.ts';
import { verifyAuditChain } from '../../server/modules/filing/audit.ts';
import { translate } from '../../server/http/i18n.ts';
import type { Db } from '../../server/db/database.ts';

async function refusal(p: Promise<unknown>): Promise<FilingError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(FilingError);
  return err as FilingError;
}

describe.each(dbKindsOf(import.meta.url))('authority transition files on %s', (kind) => {
  let t: TestServer;
  let w: World;
  let ctx: FilingContext;
  let db: Db;
  const clock = new TestClock('2026-04-01');
  beforeAll(async () => {
    t = await startTestServer(kind, { seedDemo: false }, { filingWorkers: false });
    db = t.server.database.db;
    w = await makeWorld(db);
    ctx = testContext(db, clock, t.server.filing.jobs.scheduler);
  });
  afterAll(async () => t?.close());

  const put = async (actor: Actor, name: string) =>
    (
      await ctx.store.put({
        tenantId: actor.tenantId,
        name,
        mime: 'application/pdf',
        content: new TextEncoder().encode(`%PDF-1.4 ${name} ${Math.random()}`),
      })
    ).attachmentId;

  /** What a refused transition must leave untouched. */
  const snapshot = async (caseId: string) => ({
    state: (await getCase(ctx, w.lead, caseId)).case,
    documents: (
      await db
        .selectFrom('filing.document')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('case_id', '=', caseId)
        .executeTakeFirstOrThrow()
    ).n,
    transitions: (
      await db
        .selectFrom('filing.transition')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('case_id', '=', caseId)
        .executeTakeFirstOrThrow()
    ).n,
    served: (
      await db
        .selectFrom('filing.served_document')
        .select((e) => e.fn.countAll<number>().as('n'))
        .where('case_id', '=', caseId)
        .executeTakeFirstOrThrow()
    ).n,
    audit: (
      await db
        .selectFrom('filing.audit_log')
        .select((e) => e.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  });

  /**
   * Runs one transition first with bad attachment ids (each refused, translated, nothing written), then
   * with a file of the lead's own space: the file is a document listed with the transition and its audit
   * entry, served to the filer with the notice, and opened by the filer.
   */
  async function withFiles(
    caseId: string,
    action: string,
    run: (attachmentIds: unknown) => Promise<unknown>,
  ): Promise<string> {
    const before = await snapshot(caseId);
    const theirs = await put(w.filer, `申报人文件-${action}.pdf`);
    for (const bad of [[theirs], ['no-such-file'], 'not-a-list', [await put(w.lead, 'x.pdf'), 42]]) {
      const err = await refusal(run(bad));
      expect(['fileMissing', 'invalidValue']).toContain(err.reason);
      expect(translate('zh-CN', err.key, err.params)).toMatch(/[\u4e00-\u9fff]/);
      expect(translate('zh-CN', err.key, err.params)).not.toContain('filing.');
      expect(await snapshot(caseId)).toEqual(before);
    }
    const mine = await put(w.lead, `${action}审查意见.pdf`);
    await run([mine]);
    const doc = await db
      .selectFrom('filing.document')
      .selectAll()
      .where('case_id', '=', caseId)
      .where('kind', '=', 'REVIEW_ATTACHMENT')
      .where('attachment_id', '=', mine)
      .executeTakeFirstOrThrow();
    expect(doc).toMatchObject({
      file_tenant_id: w.authority,
      confidential: false,
      title: `${action}审查意见`,
    });
    // Listed with the transition (the case's history as the filer sees it) and its audit entry.
    const filerView = await getCase(ctx, w.filer, caseId);
    const moves = filerView.transitions.filter((x) => x.action === action);
    const move = moves[moves.length - 1] as { documentIds: string[] };
    expect(move.documentIds).toContain(doc.id);
    expect(move.documentIds.length).toBeGreaterThanOrEqual(2); // the notice and the file
    expect(filerView.documents.map((d) => d.id)).toContain(doc.id);
    const audit = await db
      .selectFrom('filing.audit_log')
      .select('detail')
      .where('case_id', '=', caseId)
      .where('action', '=', `transition.${action}`)
      .orderBy('seq', 'desc')
      .executeTakeFirstOrThrow();
    expect((audit.detail as { documentIds: string[] }).documentIds).toContain(doc.id);
    // Served with the notice to every member tenant; the filer opens it (first-opened time kept).
    expect(filerView.served.map((s) => s.documentId)).toContain(doc.id);
    expect(filerView.served.map((s) => s.documentId)).toContain(move.documentIds[0]);
    const opened = await openDocument(ctx, w.filer, doc.id);
    expect(new TextDecoder().decode(opened.content!)).toContain(`${action}审查意见.pdf`);
    const served = await db
      .selectFrom('filing.served_document')
      .select(['first_opened_at'])
      .where('document_id', '=', doc.id)
      .where('tenant_id', '=', w.filerTenant)
      .executeTakeFirstOrThrow();
    expect(served.first_opened_at).not.toBeNull();
    return doc.id;
  }

  it('takes files on every transition of a normal case through Phase II to a prohibition', async () => {
    clock.set('2026-04-01');
    const { caseId } = await fillFiling(ctx, w.filer, { procedure: 'NORMAL', title: '甲集团收购乙公司案' });
    await T.submit(ctx, w.filer, caseId);
    clock.set('2026-04-03');
    await withFiles(caseId, 'requestSupplement', (attachmentIds) =>
      T.requestSupplement(ctx, w.reviewer, caseId, {
        items: '请补充乙公司近三年审计报告。',
        dueOn: '2026-04-20',
        attachmentIds: attachmentIds as string[],
      }),
    );
    // The reviewer's own file: the authority's space, whoever of its staff uploaded it.
    const sup = (await getCase(ctx, w.filer, caseId)).supplements[0] as { id: string };
    await T.answerSupplement(ctx, w.filer, sup.id, { answer: '已补充提交审计报告。' });
    clock.set('2026-05-08');
    await withFiles(caseId, 'accept', (attachmentIds) =>
      T.accept(ctx, w.lead, caseId, {
        reason: '申报文件、资料完备，予以立案。',
        attachmentIds: attachmentIds as string[],
      }),
    );
    clock.set('2026-06-01');
    await withFiles(caseId, 'furtherReview', (attachmentIds) =>
      T.furtherReview(ctx, w.lead, caseId, {
        reason: '可能具有排除、限制竞争效果，需进一步审查。',
        attachmentIds: attachmentIds as string[],
      }),
    );
    clock.set('2026-07-01');
    await withFiles(caseId, 'extend', (attachmentIds) =>
      T.extendPhaseII(ctx, w.lead, caseId, {
        days: 30,
        ground: 'OPERATOR_AGREES',
        reason: '经营者同意延长审查期限',
        attachmentIds: attachmentIds as string[],
      }),
    );
    clock.set('2026-07-10');
    await withFiles(caseId, 'stopClock', (attachmentIds) =>
      T.stopClock(ctx, w.lead, caseId, {
        ground: 'NEW_FACTS',
        reason: '交易方案发生调整，需核实新情况。',
        attachmentIds: attachmentIds as string[],
      }),
    );
    clock.set('2026-07-14');
    await withFiles(caseId, 'restartClock', (attachmentIds) =>
      T.restartClock(ctx, w.lead, caseId, {
        reason: '新情况已核实。',
        attachmentIds: attachmentIds as string[],
      }),
    );
    clock.set('2026-07-15');
    await withFiles(caseId, 'raiseConcern', (attachmentIds) =>
      T.raiseConcern(ctx, w.lead, caseId, {
        text: '集中可能在华东地区水泥市场产生排除、限制竞争效果。',
        opinionDueOn: '2026-07-30',
        attachmentIds: attachmentIds as string[],
      }),
    );
    clock.set('2026-08-03');
    await withFiles(caseId, 'decide', (attachmentIds) =>
      T.decide(ctx, w.lead, caseId, {
        decision: 'PROHIBITED',
        reason: '具有排除、限制竞争效果，且无有效救济措施。',
        attachmentIds: attachmentIds as string[],
      }),
    );
    const final = await getCase(ctx, w.filer, caseId);
    expect(final.case).toMatchObject({ state: 'PROHIBITED' });
    expect(final.documents.filter((d) => d.kind === 'REVIEW_ATTACHMENT')).toHaveLength(8);
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });

  it('takes files on clearance in Phase I and on refusing and consenting to a withdrawal', async () => {
    clock.set('2026-03-02');
    const first = await fillFiling(ctx, w.filer, { procedure: 'NORMAL', title: '丙公司收购丁公司案' });
    await T.submit(ctx, w.filer, first.caseId);
    await T.accept(ctx, w.lead, first.caseId, { reason: '申报文件、资料完备，予以立案。' });
    clock.set('2026-03-20');
    await withFiles(first.caseId, 'clearPhaseI', (attachmentIds) =>
      T.clearPhaseI(ctx, w.lead, first.caseId, {
        reason: '经初步审查，不实施进一步审查。',
        attachmentIds: attachmentIds as string[],
      }),
    );

    const second = await fillFiling(ctx, w.filer, { procedure: 'NORMAL', title: '戊公司收购己公司案' });
    await T.submit(ctx, w.filer, second.caseId);
    await T.accept(ctx, w.lead, second.caseId, { reason: '申报文件、资料完备，予以立案。' });
    await T.requestWithdrawal(ctx, w.filer, second.caseId, { reason: '交易各方终止交易。' });
    await withFiles(second.caseId, 'refuseWithdrawal', (attachmentIds) =>
      T.refuseWithdrawal(ctx, w.lead, second.caseId, {
        reason: '撤回理由不充分。',
        attachmentIds: attachmentIds as string[],
      }),
    );
    await T.requestWithdrawal(ctx, w.filer, second.caseId, { reason: '交易已终止，协议已解除。' });
    await withFiles(second.caseId, 'consentWithdrawal', (attachmentIds) =>
      T.consentWithdrawal(ctx, w.lead, second.caseId, {
        reason: '同意撤回。',
        attachmentIds: attachmentIds as string[],
      }),
    );
    expect((await getCase(ctx, w.filer, second.caseId)).case).toMatchObject({ state: 'WITHDRAWN' });
  });

  it('takes files on return and deemed-not-filed, served to the filer with the notice', async () => {
    clock.set('2026-03-09');
    const returned = await fillFiling(ctx, w.filer, { procedure: 'SIMPLIFIED', title: '庚公司收购辛公司案' });
    await T.submit(ctx, w.filer, returned.caseId);
    await withFiles(returned.caseId, 'returnFiling', (attachmentIds) =>
      T.returnFiling(ctx, w.lead, returned.caseId, {
        reason: '相关市场界定过窄，合计份额可能超过15%。',
        attachmentIds: attachmentIds as string[],
      }),
    );

    const lapsed = await fillFiling(ctx, w.filer, { procedure: 'NORMAL', title: '壬公司收购癸公司案' });
    await T.submit(ctx, w.filer, lapsed.caseId);
    await T.requestSupplement(ctx, w.reviewer, lapsed.caseId, {
      items: '请补充集中协议的中文译本。',
      dueOn: '2026-03-16',
    });
    clock.set('2026-03-18');
    await withFiles(lapsed.caseId, 'deemNotFiled', (attachmentIds) =>
      T.deemNotFiled(ctx, w.lead, lapsed.caseId, {
        reason: '逾期未补交材料，视为未申报。',
        attachmentIds: attachmentIds as string[],
      }),
    );
  });
});
