/**
 * 拟办意见 on both databases: on a simplified case delegated to a provincial bureau, only its delegated
 * reviewer proposes a decision (reasoning and the authority's own files); the lead who delegated it sees
 * the proposal on the case and in his worklists and decides: sends it back, adopts it (the proposed
 * transition runs as his) or decides otherwise (the proposal is overruled). The parties never see a
 * proposal, its files or its history entries.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { dbKindsOf } from './databases.ts';
import { fillFiling, makeActor, makeWorld, testContext, TestClock, type World } from './filing-support.ts';
import type { FilingContext } from '../../server/modules/filing/service/context.ts';
import { FilingError, type Actor } from '../../server/modules/filing/actor.ts';
import * as T from '../../server/modules/filing/service/transitions.ts';
import { decideProposal, proposeDecision } from '../../server/modules/filing/service/proposals.ts';
import { getCase } from '../../server/modules/filing/service/cases.ts';
import { worklist } from '../../server/modules/filing/service/worklists.ts';
import { verifyAuditChain } from '../../server/modules/filing/audit.ts';
import { translate } from '../../server/http/i18n.ts';
import type { Db } from '../../server/db/database.ts';

const REGION = '江苏省市场监督管理局';

async function refused(p: Promise<unknown>, reason: string): Promise<FilingError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, `expected refusal ${reason}`).toBeInstanceOf(FilingError);
  expect((err as FilingError).reason).toBe(reason);
  const text = translate('zh-CN', (err as FilingError).key, (err as FilingError).params);
  expect(text).toMatch(/[\u4e00-\u9fff]/);
  expect(text).not.toContain('filing.');
  return err as FilingError;
}

describe.each(dbKindsOf(import.meta.url))('delegated proposals on %s', (kind) => {
  let t: TestServer;
  let w: World;
  let ctx: FilingContext;
  let db: Db;
  let delegate: Actor;
  let otherLead: Actor;
  const clock = new TestClock('2026-03-02');
  beforeAll(async () => {
    t = await startTestServer(kind, { seedDemo: false }, { filingWorkers: false });
    db = t.server.database.db;
    w = await makeWorld(db);
    ctx = testContext(db, clock, t.server.filing.jobs.scheduler);
    delegate = await makeActor(db, w.authority, 'authority', 'delegatedReviewer', '省局审查员');
    otherLead = await makeActor(db, w.authority, 'authority', 'reviewLead', '另一处长');
  });
  afterAll(async () => t?.close());

  const file = async (actor: Actor, name: string) =>
    (
      await ctx.store.put({
        tenantId: actor.tenantId,
        name,
        mime: 'application/pdf',
        content: new TextEncoder().encode(`%PDF-1.4 ${name}`),
      })
    ).attachmentId;

  async function delegatedCase(title: string): Promise<string> {
    const { caseId } = await fillFiling(ctx, w.filer, { procedure: 'SIMPLIFIED', title });
    await T.submit(ctx, w.filer, caseId);
    await T.assignHandler(ctx, w.lead, caseId, {
      handlerAccountId: delegate.accountId,
      delegatedRegion: REGION,
    });
    return caseId;
  }

  const proposalRows = (caseId: string) =>
    db
      .selectFrom('filing.proposal')
      .selectAll()
      .where('case_id', '=', caseId)
      .orderBy('proposed_at')
      .execute();
  const listed = async (actor: Actor, list: 'proposals' | 'myPending') =>
    (await worklist(ctx, actor, { list })).rows as { id: string; proposedAction: string | null }[];

  it('lets only the delegated reviewer propose, shows it to the lead only, and the lead sends it back or adopts it', async () => {
    clock.set('2026-03-02');
    const caseId = await delegatedCase('江苏甲公司收购乙公司股权案');

    // Only the delegated reviewer of this case proposes; nothing is written by a refusal.
    const input = { action: 'accept', reason: '申报材料齐全，建议立案。' };
    await refused(proposeDecision(ctx, w.reviewer, caseId, input), 'notDelegatedReviewer');
    await refused(proposeDecision(ctx, w.lead, caseId, input), 'notDelegatedReviewer');
    await refused(proposeDecision(ctx, w.filer, caseId, input), 'denied');
    await refused(proposeDecision(ctx, delegate, caseId, { ...input, action: 'decide' }), 'invalidValue');
    await refused(proposeDecision(ctx, delegate, caseId, { ...input, reason: ' ' }), 'required');
    await refused(proposeDecision(ctx, delegate, caseId, { ...input, action: 'clearPhaseI' }), 'wrongState');
    const theirs = await file(w.filer, '申报人文件.pdf');
    await refused(
      proposeDecision(ctx, delegate, caseId, { ...input, attachmentIds: [theirs] }),
      'fileMissing',
    );
    expect(await proposalRows(caseId)).toEqual([]);
    expect(
      await db
        .selectFrom('filing.document')
        .select('id')
        .where('case_id', '=', caseId)
        .where('kind', '=', 'REVIEW_ATTACHMENT')
        .execute(),
    ).toEqual([]);

    // The delegated reviewer sees that he may propose; he proposes with his reasoning and a file.
    expect((await getCase(ctx, delegate, caseId)).actions).toContain('propose');
    expect((await getCase(ctx, w.lead, caseId)).actions).not.toContain('propose');
    const note = await file(delegate, '拟办审查报告.pdf');
    const first = await proposeDecision(ctx, delegate, caseId, { ...input, attachmentIds: [note] });
    expect(first).toMatchObject({ action: 'accept', leadAccountId: w.lead.accountId });

    // The lead who delegated sees it on the case and in his worklists (待办 and 拟办); nobody else.
    const leadView = await getCase(ctx, w.lead, caseId);
    expect(leadView.pendingProposal).toMatchObject({
      id: first.id,
      action: 'accept',
      reason: '申报材料齐全，建议立案。',
      state: 'PENDING',
      proposedByName: '省局审查员',
    });
    expect(leadView.actions).toContain('decideProposal');
    expect(leadView.transitions.map((x) => x.action)).toContain('propose');
    const proposalDoc = leadView.documents.find((d) => d.kind === 'REVIEW_ATTACHMENT');
    expect(proposalDoc).toMatchObject({ title: '拟办审查报告', confidential: true });
    expect((await listed(w.lead, 'proposals')).find((r) => r.id === caseId)?.proposedAction).toBe('accept');
    expect((await listed(w.lead, 'myPending')).map((r) => r.id)).toContain(caseId);
    expect((await listed(otherLead, 'proposals')).map((r) => r.id)).not.toContain(caseId);
    expect((await getCase(ctx, otherLead, caseId)).actions).not.toContain('decideProposal');
    // The parties never learn of it: no proposal, history entry, file or served copy.
    const filerView = await getCase(ctx, w.filer, caseId);
    expect(filerView.proposals).toEqual([]);
    expect(filerView.pendingProposal).toBeNull();
    expect(filerView.transitions.map((x) => x.action)).not.toContain('propose');
    expect(filerView.documents.map((d) => d.id)).not.toContain(proposalDoc!.id);
    expect(filerView.served.map((s) => s.documentId)).not.toContain(proposalDoc!.id);

    // Only the lead who delegated decides.
    await refused(decideProposal(ctx, delegate, first.id, { adopt: true }), 'notDelegatingLead');
    await refused(decideProposal(ctx, otherLead, first.id, { adopt: true }), 'notDelegatingLead');
    await refused(decideProposal(ctx, w.filer, first.id, { adopt: true }), 'notDelegatingLead');
    await refused(decideProposal(ctx, w.lead, first.id, { adopt: false }), 'required');
    expect((await getCase(ctx, w.lead, caseId)).case).toMatchObject({ state: 'SUBMITTED' });

    // Sent back with the lead's reasoning: the case stays; the reviewer proposes again.
    const back = await decideProposal(ctx, w.lead, first.id, {
      adopt: false,
      reason: '请核实相关市场份额后再提出意见。',
    });
    expect(back.state).toBe('REJECTED');
    await refused(decideProposal(ctx, w.lead, first.id, { adopt: true }), 'proposalClosed');
    expect((await listed(w.lead, 'proposals')).map((r) => r.id)).not.toContain(caseId);
    const again = await proposeDecision(ctx, delegate, caseId, {
      action: 'accept',
      reason: '已核实份额，建议立案。',
    });
    // A newer proposal supersedes a pending one.
    const latest = await proposeDecision(ctx, delegate, caseId, {
      action: 'returnFiling',
      reason: '合计份额超过15%，不符合简易案件标准，建议退回。',
    });
    const states = async () => Object.fromEntries((await proposalRows(caseId)).map((p) => [p.id, p.state]));
    expect(await states()).toEqual({
      [first.id]: 'REJECTED',
      [again.id]: 'SUPERSEDED',
      [latest.id]: 'PENDING',
    });

    // Adopted: the proposed transition runs as the lead's, with the proposal's reasoning and his file.
    const leadFile = await file(w.lead, '退回意见.pdf');
    const adopted = await decideProposal(ctx, w.lead, latest.id, { adopt: true, attachmentIds: [leadFile] });
    expect(adopted).toMatchObject({ state: 'ADOPTED', transition: { from: 'SUBMITTED', to: 'RETURNED' } });
    const rows = await proposalRows(caseId);
    expect(rows.find((r) => r.id === latest.id)).toMatchObject({
      state: 'ADOPTED',
      decided_by: w.lead.accountId,
      decided_action: 'returnFiling',
    });
    const after = await getCase(ctx, w.filer, caseId);
    expect(after.case).toMatchObject({ state: 'RETURNED' });
    const move = after.transitions.find((x) => x.action === 'returnFiling')!;
    expect(move).toMatchObject({
      reason: '合计份额超过15%，不符合简易案件标准，建议退回。',
      actorAccountId: w.lead.accountId,
    });
    expect(after.transitions.map((x) => x.action)).not.toContain('answerProposal');
    expect((await listed(w.lead, 'myPending')).map((r) => r.id)).not.toContain(caseId);
    expect((await verifyAuditChain(db)).ok).toBe(true);
  });

  it('overrules a proposal when the lead decides otherwise, and refuses a case that is not delegated', async () => {
    clock.set('2026-03-09');
    const caseId = await delegatedCase('江苏丙公司收购丁公司股权案');
    const p = await proposeDecision(ctx, delegate, caseId, {
      action: 'returnFiling',
      reason: '建议退回。',
    });
    await T.accept(ctx, w.lead, caseId, { reason: '经复核，符合简易案件标准，予以立案。' });
    expect((await proposalRows(caseId))[0]).toMatchObject({
      id: p.id,
      state: 'OVERRULED',
      decided_action: 'accept',
      decided_by: w.lead.accountId,
    });
    expect((await getCase(ctx, w.lead, caseId)).pendingProposal).toBeNull();
    await refused(decideProposal(ctx, w.lead, p.id, { adopt: true }), 'proposalClosed');

    // In Phase I the delegated reviewer may propose clearance; adopting it is refused while the notice
    // runs (the transition's own guard), and the proposal stays pending.
    const clear = await proposeDecision(ctx, delegate, caseId, {
      action: 'clearPhaseI',
      reason: '公示期内无异议，建议不实施进一步审查。',
    });
    await refused(decideProposal(ctx, w.lead, clear.id, { adopt: true }), 'noticeStillLive');
    expect((await proposalRows(caseId)).find((r) => r.id === clear.id)?.state).toBe('PENDING');

    // The same reviewer handling a case that is not delegated has nothing to propose on it.
    const { caseId: plain } = await fillFiling(ctx, w.filer, {
      procedure: 'SIMPLIFIED',
      title: '戊公司收购己公司股权案',
    });
    await T.submit(ctx, w.filer, plain);
    await T.assignHandler(ctx, w.lead, plain, { handlerAccountId: delegate.accountId });
    await refused(
      proposeDecision(ctx, delegate, plain, { action: 'accept', reason: '建议立案。' }),
      'notDelegatedReviewer',
    );
    expect((await getCase(ctx, delegate, plain)).actions).not.toContain('propose');
  });
});
