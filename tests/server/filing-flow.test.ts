/**
 * The filing state machine end to end on both databases: a simplified case from draft to clearance and
 * publication; a normal case through Phase II with an extension, a stop and restart of the clock (due
 * dates checked against hand-computed dates across holidays) and a conditional decision; withdrawal,
 * return and refiling, a lapsed supplement.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../support/server.ts';
import { dbKindsOf } from './databases.ts';
import {
  refused,
  fillFiling,
  makeWorld,
  testContext,
  TestClock,
  upload,
  type World,
} from './filing-support.ts';
import type { FilingContext } from '../../server/modules/filing/service/context.ts';
import * as T from '../../server/modules/filing/service/transitions.ts';
import { createDraft, getCase, checkFiling, listMyCases } from '../../server/modules/filing/service/cases.ts';
import { openDocument } from '../../server/modules/filing/service/documents.ts';
import {
  listComments,
  publishClearanceBatch,
  publishDecision,
  submitComment,
  triageComment,
} from '../../server/modules/filing/service/publications.ts';
import { worklist } from '../../server/modules/filing/service/worklists.ts';
import { processDueClocks } from '../../server/modules/filing/service/deadlines.ts';
import { verifyAuditChain } from '../../server/modules/filing/audit.ts';
import { translate } from '../../server/http/i18n.ts';
import {
  addCalendarDay,
  listCalendarDays,
  loadCalendar,
  removeCalendarDay,
} from '../../server/modules/filing/service/calendar-service.ts';
import { periodEnd } from '../../server/modules/filing/calendar.ts';

describe.each(dbKindsOf(import.meta.url))('filing flow on %s', (kind) => {
  let t: TestServer;
  let w: World;
  let ctx: FilingContext;
  const clock = new TestClock('2026-02-02');
  beforeAll(async () => {
    t = await startTestServer(kind, { seedDemo: false }, { filingWorkers: false });
    w = await makeWorld(t.server.database.db);
    ctx = testContext(t.server.database.db, clock, t.server.filing.jobs.scheduler);
  });
  afterAll(async () => t?.close());

  it('walks a simplified case from draft to clearance and the public list', async () => {
    clock.set('2026-02-02');
    const { caseId, acquirer } = await fillFiling(ctx, w.filer, {
      procedure: 'SIMPLIFIED',
      documents: false,
    });
    // Submit is refused until the documents the procedure needs are there, naming the section.
    const err = await refused(T.submit(ctx, w.filer, caseId), 'incomplete');
    expect(err.params).toEqual({ section: 'documents' });
    expect(translate('zh-CN', err.key, err.params)).toBe('申报内容不完整，请先补全“申报文件”部分');
    const check = await checkFiling(ctx, w.filer, caseId);
    expect(check.sections.filter((s) => !s.complete).map((s) => s.section)).toEqual(['documents']);
    for (const kind of [
      'NOTIFICATION_FORM',
      'COMPETITION_STATEMENT',
      'AGREEMENT',
      'UNDERTAKING',
      'NOTICE_FORM',
    ])
      await upload(ctx, w.filer, caseId, kind);
    const view0 = await getCase(ctx, w.filer, caseId);
    for (const p of view0.parties as { id: string }[]) {
      await upload(ctx, w.filer, caseId, 'FINANCIAL_REPORT', { partyId: p.id, confidential: true });
      await upload(ctx, w.filer, caseId, 'IDENTITY', { partyId: p.id });
    }
    // Drafts are the filer's own: the authority does not see them.
    await refused(getCase(ctx, w.lead, caseId), 'notFound');

    const submitted = await T.submit(ctx, w.filer, caseId);
    expect(submitted).toMatchObject({ from: 'DRAFT', to: 'SUBMITTED' });
    expect(submitted.caseNo).toMatch(/^JZSB2026-\d{4}$/);
    expect((await worklist(ctx, w.reviewer, { list: 'awaitingCheck' })).rows.map((r) => r.id)).toContain(
      caseId,
    );

    // 补交: due on Saturday 14 Feb 2026, a 调休 working day, so the date stands.
    clock.set('2026-02-03');
    const sup = await T.requestSupplement(ctx, w.reviewer, caseId, {
      items: '请补充苏南建材有限公司2025年度审计报告的中文译本。',
      dueOn: '2026-02-14',
    });
    expect(sup.to).toBe('AWAITING_SUPPLEMENT');
    const afterRequest = await getCase(ctx, w.filer, caseId);
    expect(afterRequest.supplements[0]).toMatchObject({ dueOn: '2026-02-14', state: 'OPEN' });
    expect(afterRequest.clocks.find((c) => c.kind === 'SUPPLEMENT')).toMatchObject({
      nominalDueOn: '2026-02-14',
      dueOn: '2026-02-14',
    });
    await refused(T.accept(ctx, w.lead, caseId, { reason: '申报文件、资料完备，予以立案。' }), 'wrongState');

    clock.set('2026-02-10');
    const answerDoc = await upload(ctx, w.filer, caseId, 'SUPPLEMENT');
    const answered = await T.answerSupplement(ctx, w.filer, sup.supplementId, {
      answer: '已补充提交。',
      documentIds: [answerDoc],
    });
    expect(answered).toMatchObject({ from: 'AWAITING_SUPPLEMENT', to: 'SUBMITTED' });

    // Only the lead accepts: a reviewer lacks review:accept.
    clock.set('2026-02-12');
    await refused(T.accept(ctx, w.reviewer, caseId, { reason: '申报文件、资料完备，予以立案。' }), 'denied');
    // The lead's reason is required (bounded), translated when missing, and a refusal changes nothing.
    const noReason = await refused(T.accept(ctx, w.lead, caseId, { reason: '  ' }), 'required');
    expect(translate('zh-CN', noReason.key, noReason.params)).toBe('请填写理由');
    await refused(T.accept(ctx, w.lead, caseId, { reason: '理'.repeat(4001) }), 'tooLong');
    expect((await getCase(ctx, w.lead, caseId)).case).toMatchObject({ state: 'SUBMITTED' });
    // The lead attaches a file of the authority's own store space; a file of another tenant's space is
    // not the authority's: refused, and nothing is attached or moved.
    const leadFile = await ctx.store.put({
      tenantId: w.lead.tenantId,
      name: '立案审查意见.pdf',
      mime: 'application/pdf',
      content: new TextEncoder().encode('%PDF-1.4 立案审查意见'),
    });
    const filerFile = await ctx.store.put({
      tenantId: w.filer.tenantId,
      name: '申报人文件.pdf',
      mime: 'application/pdf',
      content: new TextEncoder().encode('%PDF-1.4 申报人文件'),
    });
    await refused(
      T.accept(ctx, w.lead, caseId, {
        reason: '申报文件、资料完备，予以立案。',
        attachmentIds: [leadFile.attachmentId, filerFile.attachmentId],
      }),
      'fileMissing',
    );
    const unchanged = await getCase(ctx, w.lead, caseId);
    expect(unchanged.case).toMatchObject({ state: 'SUBMITTED' });
    expect(unchanged.documents.map((d) => d.kind)).not.toContain('REVIEW_ATTACHMENT');
    const accepted = await T.accept(ctx, w.lead, caseId, {
      reason: '申报文件、资料完备，予以立案。',
      attachmentIds: [leadFile.attachmentId],
    });
    // Phase I: 30 days from Thu 12 Feb → Sat 14 Mar → Mon 16 Mar. Notice: 10 days → Sun 22 Feb, inside the
    // Spring Festival holiday (15–23 Feb) → Tue 24 Feb.
    expect(accepted).toMatchObject({ to: 'PHASE_I', phaseIDueOn: '2026-03-16', noticeUntil: '2026-02-24' });
    const inPhaseI = await getCase(ctx, w.filer, caseId);
    expect(inPhaseI.clocks.find((c) => c.kind === 'PHASE_I')).toMatchObject({
      startedOn: '2026-02-12',
      nominalDueOn: '2026-03-14',
      dueOn: '2026-03-16',
      state: 'RUNNING',
    });
    // 2026 is in the holiday table: no warning about the due dates.
    expect(inPhaseI.calendarGap).toBeNull();
    expect(inPhaseI.documents.map((d) => d.kind)).toContain('ACCEPTANCE_NOTICE');
    // The lead's file is a document of the case every member sees, listed with the transition.
    const attached = inPhaseI.documents.find((d) => d.kind === 'REVIEW_ATTACHMENT');
    expect(attached).toMatchObject({ title: '立案审查意见', confidential: false, sha256: leadFile.sha256 });
    expect(inPhaseI.transitions.find((x) => x.action === 'accept')).toMatchObject({
      reason: '申报文件、资料完备，予以立案。',
      documentIds: expect.arrayContaining([attached!.id]),
    });

    // The public notice is live: a comment arrives and is triaged.
    const notice = await t.server.database.db
      .selectFrom('filing.publication')
      .selectAll()
      .where('case_id', '=', caseId)
      .where('kind', '=', 'NOTICE')
      .executeTakeFirstOrThrow();
    expect(notice).toMatchObject({ notice_state: 'LIVE', live_from: '2026-02-12', live_until: '2026-02-24' });
    expect((notice.notice_form as { summary: string }).summary).toContain('100%股权');
    clock.set('2026-02-20');
    await refused(
      submitComment(ctx, notice.id, { name: '王先生', text: '请关注华东地区水泥价格。' }),
      'contactRequired',
    );
    const { id: commentId } = await submitComment(ctx, notice.id, {
      organisation: '某水泥行业协会',
      contact: 'contact@cement.example.cn',
      text: '请关注华东地区水泥价格。',
    });
    const comments = await listComments(ctx, w.reviewer, { triage: 'NEW', caseId });
    expect(comments.rows.map((c) => c.id)).toEqual([commentId]);
    await refused(listComments(ctx, w.filer, {}), 'denied');
    await triageComment(ctx, w.reviewer, commentId, { triage: 'RELEVANT', note: '转主办人研究' });

    // No decision while the notice runs; the day after it closes the lead clears.
    clock.set('2026-02-24');
    await refused(T.clearPhaseI(ctx, w.lead, caseId), 'noticeStillLive');
    // The case view offers what the call takes: not yet 不实施进一步审查, but 进一步审查 already.
    const duringNotice = (await getCase(ctx, w.lead, caseId)).actions;
    expect(duringNotice).not.toContain('clearPhaseI');
    expect(duringNotice).toContain('furtherReview');
    clock.set('2026-02-25');
    expect((await getCase(ctx, w.lead, caseId)).actions).toContain('clearPhaseI');
    const cleared = await T.clearPhaseI(ctx, w.lead, caseId, { reason: '经初步审查，不实施进一步审查。' });
    expect(cleared.to).toBe('CLEARED');
    const closedNotice = await t.server.database.db
      .selectFrom('filing.publication')
      .select('notice_state')
      .where('id', '=', notice.id)
      .executeTakeFirstOrThrow();
    expect(closedNotice.notice_state).toBe('CLOSED');
    await refused(submitComment(ctx, notice.id, { anonymous: true, text: '晚到的意见' }), 'noticeNotLive');

    // Served decision: the filer opens it, the first-opened time is kept.
    const decided = await getCase(ctx, w.filer, caseId);
    const decisionDoc = decided.documents.find((d) => d.kind === 'CLEARANCE_DECISION')!;
    const opened = await openDocument(ctx, w.filer, decisionDoc.id as string);
    expect(new TextDecoder().decode(opened.content!)).toContain('不予禁止');
    const served = (await getCase(ctx, w.filer, caseId)).served.find((s) => s.documentId === decisionDoc.id)!;
    expect(served.firstOpenedAt).toBeTruthy();
    expect(decided.transitions.map((x) => x.action)).toEqual([
      'submit',
      'requestSupplement',
      'answerSupplement',
      'accept',
      'clearPhaseI',
    ]);

    // The publisher lists it in a batch of unconditional clearances.
    const batch = await publishClearanceBatch(ctx, w.publisher, {
      title: '2026年2月无条件批准经营者集中案件列表',
      publishedOn: '2026-02-27',
    });
    expect(batch.count).toBe(1);
    const row = await t.server.database.db
      .selectFrom('filing.publication')
      .selectAll()
      .where('batch_id', '=', batch.batchId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      seq: 1,
      parties: '华东水泥集团有限公司、苏南建材有限公司',
      decided_on: '2026-02-25',
      kind: 'CLEARANCE',
    });
    await refused(
      publishClearanceBatch(ctx, w.publisher, { title: '再次', publishedOn: '2026-02-28' }),
      'noCasesToPublish',
    );
    expect(acquirer).toBeTruthy();
  });

  it('walks a normal case through Phase II: extension, stop and restart across National Day, conditional decision', async () => {
    clock.set('2026-04-01');
    const { caseId } = await fillFiling(ctx, w.filer, {
      procedure: 'NORMAL',
      title: '华东水泥集团有限公司与江南建材股份有限公司新设合营企业案',
    });
    await T.submit(ctx, w.filer, caseId);
    clock.set('2026-05-08');
    const accepted = await T.accept(ctx, w.lead, caseId, { reason: '申报文件、资料完备，予以立案。' });
    expect(accepted.phaseIDueOn).toBe('2026-06-08'); // 30 days → Sun 7 Jun → Mon 8 Jun
    expect(accepted.noticeUntil).toBeUndefined(); // nothing of a normal case is public

    clock.set('2026-06-01');
    await refused(
      T.furtherReview(ctx, w.reviewer, caseId, { reason: '可能具有排除、限制竞争效果' }),
      'denied',
    );
    const p2 = await T.furtherReview(ctx, w.lead, caseId, {
      reason: '可能具有排除、限制竞争效果，需进一步审查。',
    });
    expect(p2.phaseIIDueOn).toBe('2026-08-31'); // 90 days → Sun 30 Aug → Mon 31 Aug

    clock.set('2026-07-01');
    const ext = await T.extendPhaseII(ctx, w.lead, caseId, {
      days: 30,
      ground: 'OPERATOR_AGREES',
      reason: '经营者同意延长审查期限',
    });
    expect(ext).toMatchObject({ dueOn: '2026-09-29', extensionDays: 30 }); // 120 days → Tue 29 Sep
    const tooLong = await refused(
      T.extendPhaseII(ctx, w.lead, caseId, {
        days: 31,
        ground: 'MATERIAL_CHANGE',
        reason: '情况发生重大变化',
      }),
      'extensionTooLong',
    );
    expect(tooLong.params).toEqual({ max: 60, used: 30, asked: 31 });

    // Stop-the-clock only on an AML art 32 ground and its condition.
    clock.set('2026-07-10');
    await refused(
      T.stopClock(ctx, w.lead, caseId, { ground: 'REMEDY_EVALUATION', reason: '评估承诺方案' }),
      'groundNoFilerRequest',
    );
    await refused(
      T.stopClock(ctx, w.lead, caseId, { ground: 'DOCUMENTS_NOT_SUPPLIED', reason: '未补正' }),
      'groundNoOverdueOrder',
    );
    await refused(T.stopClock(ctx, w.lead, caseId, { ground: 'BUSY' as never, reason: 'x' }), 'invalidValue');
    const stopped = await T.stopClock(ctx, w.lead, caseId, {
      ground: 'NEW_FACTS',
      reason: '交易方案发生调整，需核实新情况。',
    });
    expect(stopped).toMatchObject({ from: 'PHASE_II', to: 'SUSPENDED' });
    await refused(
      T.extendPhaseII(ctx, w.lead, caseId, { days: 10, ground: 'OPERATOR_AGREES', reason: 'x' }),
      'wrongState',
    );

    clock.set('2026-07-14');
    const restarted = await T.restartClock(ctx, w.lead, caseId, { reason: '新情况已核实。' });
    // 4 days stopped: nominal 29 Sep + 4 = Sat 3 Oct, inside National Day (1–7 Oct) → Thu 8 Oct.
    expect(restarted).toMatchObject({ to: 'PHASE_II', daysStopped: 4, dueOn: '2026-10-08' });
    const view = await getCase(ctx, w.lead, caseId);
    expect(view.clocks.find((c) => c.kind === 'PHASE_II')).toMatchObject({
      startedOn: '2026-06-01',
      lengthDays: 90,
      extensionDays: 30,
      stoppedDays: 4,
      nominalDueOn: '2026-10-03',
      dueOn: '2026-10-08',
      state: 'RUNNING',
    });

    // Conditions need a remedy proposal on file, and the conditions with their term.
    clock.set('2026-09-15');
    await refused(
      T.decide(ctx, w.lead, caseId, {
        decision: 'CLEARED_WITH_CONDITIONS',
        reason: '附条件',
        conditions: '剥离',
        conditionTerm: '五年',
      }),
      'remedyRequired',
    );
    await T.proposeRemedy(ctx, w.filer, caseId, {
      kind: 'STRUCTURAL',
      text: '剥离位于苏州的一条熟料生产线。',
    });
    await refused(
      T.decide(ctx, w.lead, caseId, { decision: 'CLEARED_WITH_CONDITIONS', reason: '附条件' }),
      'conditionsRequired',
    );
    // A filer can never decide, whatever permissions its own tenant hands out.
    const rogue = {
      ...w.filer,
      permissions: new Set([...w.filer.permissions, 'review:decide', 'review:read']),
    };
    await refused(T.decide(ctx, rogue, caseId, { decision: 'CLEARED', reason: '自行批准' }), 'denied');
    const decided = await T.decide(ctx, w.lead, caseId, {
      decision: 'CLEARED_WITH_CONDITIONS',
      reason: '经审查，附加限制性条件批准。',
      conditions: '剥离位于苏州的一条熟料生产线；五年内不提高华东地区水泥出厂价格。',
      conditionTerm: '自决定生效之日起五年',
    });
    expect(decided.to).toBe('CLEARED_WITH_CONDITIONS');
    const pub = await publishDecision(ctx, w.publisher, caseId);
    const published = await t.server.database.db
      .selectFrom('filing.publication')
      .selectAll()
      .where('id', '=', pub.id)
      .executeTakeFirstOrThrow();
    expect(published).toMatchObject({
      kind: 'CONDITIONAL',
      condition_term: '自决定生效之日起五年',
      decided_on: '2026-09-15',
    });
    expect(published.full_text).toContain('剥离位于苏州的一条熟料生产线');
    const actions = (await getCase(ctx, w.filer, caseId)).transitions.map((x) => x.action);
    expect(actions).toEqual([
      'submit',
      'accept',
      'furtherReview',
      'extend',
      'stopClock',
      'restartClock',
      'decide',
    ]);
  });

  it('returns to the state it left when a withdrawal is refused, and withdraws on consent', async () => {
    clock.set('2026-03-02');
    const { caseId } = await fillFiling(ctx, w.filer, {
      procedure: 'SIMPLIFIED',
      title: '甲公司收购乙公司股权案（撤回）',
    });
    await T.submit(ctx, w.filer, caseId);
    await T.accept(ctx, w.lead, caseId, { reason: '申报文件、资料完备，予以立案。' });
    clock.set('2026-03-05');
    await refused(T.requestWithdrawal(ctx, w.filer, caseId, { reason: '' }), 'required');
    await T.requestWithdrawal(ctx, w.filer, caseId, { reason: '交易各方终止交易。' });
    const refusedW = await T.refuseWithdrawal(ctx, w.lead, caseId, { reason: '撤回理由不充分。' });
    expect(refusedW).toMatchObject({ from: 'WITHDRAWAL_PENDING', to: 'PHASE_I' });
    await T.requestWithdrawal(ctx, w.filer, caseId, { reason: '交易已终止，协议已解除。' });
    const consented = await T.consentWithdrawal(ctx, w.lead, caseId);
    expect(consented.to).toBe('WITHDRAWN');
    const notice = await t.server.database.db
      .selectFrom('filing.publication')
      .select(['hidden_at', 'notice_state'])
      .where('case_id', '=', caseId)
      .executeTakeFirstOrThrow();
    expect(notice.hidden_at).not.toBeNull(); // withdrawn cases are not listed by name
    const clocks = await t.server.database.db
      .selectFrom('filing.clock')
      .select('state')
      .where('case_id', '=', caseId)
      .execute();
    expect(clocks.every((c) => c.state !== 'RUNNING')).toBe(true);
  });

  it('returns a simplified filing that does not meet the criteria, refiled as a linked normal case', async () => {
    clock.set('2026-03-09');
    const { caseId } = await fillFiling(ctx, w.filer, {
      procedure: 'SIMPLIFIED',
      title: '丙公司收购丁公司股权案',
    });
    await T.submit(ctx, w.filer, caseId);
    await refused(T.returnFiling(ctx, w.reviewer, caseId, { reason: '份额' }), 'denied');
    await T.returnFiling(ctx, w.lead, caseId, { reason: '相关市场界定过窄，合计份额可能超过15%。' });
    const { id: refiled } = await createDraft(ctx, w.filer, {
      refiledFromId: caseId,
      procedure: 'SIMPLIFIED',
    });
    const view = await getCase(ctx, w.filer, refiled);
    expect(view.case).toMatchObject({ procedure: 'NORMAL', refiledFromId: caseId, state: 'DRAFT' });
    const mine = await listMyCases(ctx, w.filer, { state: 'RETURNED' });
    expect(mine.rows.map((r) => r.id)).toContain(caseId);
  });

  it('flags a lapsed supplement for the lead, who confirms the filing is deemed not filed', async () => {
    clock.set('2026-03-09');
    const { caseId } = await fillFiling(ctx, w.filer, {
      procedure: 'SIMPLIFIED',
      title: '戊公司收购己公司资产案',
    });
    await T.submit(ctx, w.filer, caseId);
    const sup = await T.requestSupplement(ctx, w.reviewer, caseId, {
      items: '补充资产评估报告',
      dueOn: '2026-03-20',
    });
    await refused(T.deemNotFiled(ctx, w.lead, caseId, { reason: '逾期未补充提交。' }), 'supplementNotLapsed');
    clock.set('2026-03-21');
    const outcomes = await processDueClocks(ctx);
    expect(outcomes.filter((o) => o.caseId === caseId).map((o) => o.outcome)).toEqual(['supplementLapsed']);
    await refused(T.answerSupplement(ctx, w.filer, sup.supplementId, { answer: '迟交' }), 'supplementClosed');
    const lapsed = await worklist(ctx, w.lead, { list: 'supplementLapsed' });
    expect(lapsed.rows.map((r) => r.id)).toContain(caseId);
    await refused(T.deemNotFiled(ctx, w.lead, caseId, { reason: '' }), 'required');
    expect((await getCase(ctx, w.lead, caseId)).case).toMatchObject({ state: 'AWAITING_SUPPLEMENT' });
    const done = await T.deemNotFiled(ctx, w.lead, caseId, { reason: '逾期未补充提交资产评估报告。' });
    expect(done.to).toBe('DEEMED_NOT_FILED');
    // The reason is recorded with the transition, in the case's history.
    const history = (await getCase(ctx, w.filer, caseId)).transitions;
    expect(history.find((x) => x.action === 'deemNotFiled')).toMatchObject({
      reason: '逾期未补充提交资产评估报告。',
    });
  });

  it('lets an administrator maintain the holiday calendar that due dates are counted on', async () => {
    const cal = await listCalendarDays(ctx, { year: 2026 });
    expect(cal.filter((d) => d.kind === 'HOLIDAY')).toHaveLength(33);
    expect(cal.find((d) => d.day === '2026-02-14')).toMatchObject({ kind: 'WORKDAY', name: '春节调休上班' });
    await refused(
      addCalendarDay(ctx, w.filer, { day: '2027-01-01', kind: 'HOLIDAY', name: '元旦' }),
      'denied',
    );
    await refused(
      addCalendarDay(ctx, w.admin, { day: '2027-02-30', kind: 'HOLIDAY', name: '元旦' }),
      'invalidDate',
    );
    await refused(
      addCalendarDay(ctx, w.admin, { day: '2026-10-01', kind: 'HOLIDAY', name: '国庆节' }),
      'calendarDayExists',
    );
    // A period ending on Friday 1 Jan 2027 rolls once the administrator enters the holiday (to Mon 4 Jan).
    expect(periodEnd(await loadCalendar(t.server.database.db), '2026-12-02', 30).due).toBe('2027-01-01');
    await addCalendarDay(ctx, w.admin, {
      day: '2027-01-01',
      kind: 'HOLIDAY',
      name: '元旦',
      source: '国务院办公厅通知',
    });
    expect(periodEnd(await loadCalendar(t.server.database.db), '2026-12-02', 30).due).toBe('2027-01-04');
    await removeCalendarDay(ctx, w.admin, '2027-01-01');
    await refused(removeCalendarDay(ctx, w.admin, '2027-01-01'), 'notFound');
  });

  it('keeps every transition in a verifiable audit chain', async () => {
    const result = await verifyAuditChain(t.server.database.db);
    expect(result.ok).toBe(true);
    expect(result.checked).toBeGreaterThan(30);
  });
});
