/**
 * The holiday calendar as the authority's administrator keeps it (issue 24): a year imported from a pasted
 * list replaces that year's entries; a list with bad lines is refused whole, naming the lines, with nothing
 * changed; only calendar:manage holders change it (over HTTP too); a case whose due date falls on a newly
 * added holiday moves to the next working day with a note in its history, and back when the holiday goes;
 * every change is in the audit log, whose chain still verifies. Both databases.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTenantSpace } from '../../server/modules/spaces.ts';
import { issueSession } from '../../server/auth/session.ts';
import { verifyAuditChain } from '../../server/modules/filing/audit.ts';
import {
  addCalendarDay,
  importCalendarYear,
  listCalendarDays,
  removeCalendarDay,
} from '../../server/modules/filing/service/calendar-service.ts';
import { getCase } from '../../server/modules/filing/service/cases.ts';
import type { FilingContext } from '../../server/modules/filing/service/context.ts';
import * as T from '../../server/modules/filing/service/transitions.ts';
import { Code } from '../../server/http/codes.ts';
import { translate } from '../../server/http/i18n.ts';
import { withCalendarNotes } from '../../server/modules/filing/calendar-notes.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { makeAccount } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';
import { refused, fillFiling, makeWorld, testContext, TestClock, type World } from './filing-support.ts';

describe.each(dbKindsOf(import.meta.url))('holiday calendar administration on %s', (kind) => {
  let t: TestServer;
  let w: World;
  let ctx: FilingContext;
  let caseId: string;
  const clock = new TestClock('2027-02-01');
  const db = () => t.server.database.db;
  const year2027 = async () =>
    (await listCalendarDays(ctx, { year: 2027 })).map((d) => `${d.day} ${d.kind} ${d.name}`);
  const phaseIDue = async () =>
    (
      await db()
        .selectFrom('filing.clock')
        .select('due_on')
        .where('case_id', '=', caseId)
        .where('kind', '=', 'PHASE_I')
        .executeTakeFirstOrThrow()
    ).due_on;
  const auditCount = async () =>
    Number(
      (
        await db()
          .selectFrom('filing.audit_log')
          .select((e) => e.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  beforeAll(async () => {
    t = await startTestServer(kind, { seedDemo: false }, { filingWorkers: false });
    w = await makeWorld(db());
    await createTenantSpace(db(), w.authority);
    ctx = testContext(db(), clock, t.server.filing.jobs.scheduler);
    // Accepted on Mon 1 Feb 2027: Phase I ends on Wed 3 Mar 2027, an ordinary working day.
    ({ caseId } = await fillFiling(ctx, w.filer, { procedure: 'NORMAL' }));
    await T.submit(ctx, w.filer, caseId);
    const accepted = await T.accept(ctx, w.lead, caseId, { reason: '申报文件、资料完备，予以立案。' });
    expect(accepted.phaseIDueOn).toBe('2027-03-03');
    clock.set('2027-02-10');
  });
  afterAll(async () => t?.close());

  it('moves a due date that falls on a newly added holiday to the next working day, with a note, and back', async () => {
    const added = await addCalendarDay(ctx, w.admin, {
      day: '2027-03-03',
      kind: 'HOLIDAY',
      name: '测试假日',
    });
    expect(added).toEqual({ recomputedCases: 1 });
    expect(await phaseIDue()).toBe('2027-03-04');
    // The case's history carries the move, as a sentence in the reader's language.
    const afterAdd = withCalendarNotes('zh-CN', await getCase(ctx, w.lead, caseId));
    const notes = afterAdd.transitions.filter((x) => x.action === 'calendarChange');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ fromState: 'PHASE_I', toState: 'PHASE_I' });
    expect(notes[0].reason).toBe('节假日日历变更：初步审查期限由 2027-03-03 调整为 2027-03-04');
    // The parties see it too (it moves their deadline), in English for an English reader.
    const filerView = withCalendarNotes('en', await getCase(ctx, w.filer, caseId));
    expect(filerView.transitions.find((x) => x.action === 'calendarChange')?.reason).toBe(
      'Holiday calendar changed: Phase I due date moved from 2027-03-03 to 2027-03-04',
    );

    // A day no due date rolls over moves nothing and notes nothing.
    expect(await addCalendarDay(ctx, w.admin, { day: '2027-06-01', kind: 'HOLIDAY', name: '无关' })).toEqual({
      recomputedCases: 0,
    });

    const removed = await removeCalendarDay(ctx, w.admin, '2027-03-03');
    expect(removed).toEqual({ recomputedCases: 1 });
    expect(await phaseIDue()).toBe('2027-03-03');
    const afterRemove = withCalendarNotes('zh-CN', await getCase(ctx, w.lead, caseId));
    expect(afterRemove.transitions.filter((x) => x.action === 'calendarChange').map((x) => x.reason)).toEqual(
      [
        '节假日日历变更：初步审查期限由 2027-03-03 调整为 2027-03-04',
        '节假日日历变更：初步审查期限由 2027-03-04 调整为 2027-03-03',
      ],
    );
  });

  it('imports a pasted year, replacing that year only, and recounts the due dates it moves', async () => {
    const before2026 = (await listCalendarDays(ctx, { year: 2026 })).length;
    expect(before2026).toBeGreaterThan(30);
    expect(await year2027()).toEqual(['2027-06-01 HOLIDAY 无关']);
    const text = [
      '# 2027 年部分节假日',
      '2027-01-01 休 元旦',
      '',
      '2027-02-10~2027-02-12 放假 春节',
      '2027-02-07 班 春节调休',
      '2027-03-03 HOLIDAY 测试假日',
      '2027-03-06 workday 测试调休',
    ].join('\r\n');
    const done = await importCalendarYear(ctx, w.admin, { year: 2027, text, source: '国办发明电' });
    expect(done).toEqual({ holidays: 5, workdays: 2, recomputedCases: 1 });
    expect(await year2027()).toEqual([
      '2027-01-01 HOLIDAY 元旦',
      '2027-02-07 WORKDAY 春节调休',
      '2027-02-10 HOLIDAY 春节',
      '2027-02-11 HOLIDAY 春节',
      '2027-02-12 HOLIDAY 春节',
      '2027-03-03 HOLIDAY 测试假日',
      '2027-03-06 WORKDAY 测试调休',
    ]);
    expect((await listCalendarDays(ctx, { year: 2026 })).length).toBe(before2026);
    expect(await phaseIDue()).toBe('2027-03-04');
  });

  it('refuses a list with bad lines whole, naming every bad line, and changes nothing', async () => {
    const before = await year2027();
    const audits = await auditCount();
    const text = [
      '2027-01-01 休 元旦', // 1 fine
      '2027-02-30 休 不存在', // 2 no such date
      '2028-01-01 休 明年', // 3 another year
      '2027-04-05 歇 清明', // 4 unknown kind
      '2027-04-07 班 周三', // 5 a working day on a Wednesday
      '2027-01-01 休 元旦again', // 6 the same day twice
      `2027-05-01 休 ${'长'.repeat(51)}`, // 7 name too long
      '2027-05-03', // 8 no kind, no name
      '2027-10-07~2027-10-01 休 倒序', // 9 a range backwards
    ].join('\n');
    const err = await refused(
      importCalendarYear(ctx, w.admin, { year: 2027, text }),
      'calendarImportInvalid',
    );
    expect(err.params).toMatchObject({ lines: '2, 3, 4, 5, 6, 7, 8, 9', line: 2, problem: 'date' });
    expect(translate('zh-CN', err.key, err.params)).toBe(
      '第 2, 3, 4, 5, 6, 7, 8, 9 行有误，未导入任何内容（第 2 行：日期无效（应为 YYYY-MM-DD，区间用 ~ 连接））',
    );
    expect(err.causeDetail).toEqual([
      { line: 2, problem: 'date' },
      { line: 3, problem: 'outsideYear' },
      { line: 4, problem: 'kind' },
      { line: 5, problem: 'notWeekend' },
      { line: 6, problem: 'duplicate' },
      { line: 7, problem: 'name' },
      { line: 8, problem: 'format' },
      { line: 9, problem: 'range' },
    ]);
    await refused(
      importCalendarYear(ctx, w.admin, { year: 2027, text: '# 只有注释\n\n' }),
      'calendarImportEmpty',
    );
    expect(await year2027()).toEqual(before);
    expect(await auditCount()).toBe(audits);
    expect(await phaseIDue()).toBe('2027-03-04');
  });

  it('lets only calendar:manage holders change the calendar, over HTTP too', async () => {
    const before = await year2027();
    const audits = await auditCount();
    const text = '2027-01-01 休 元旦';
    for (const actor of [w.reviewer, w.lead, w.filer])
      await refused(importCalendarYear(ctx, actor, { year: 2027, text }), 'denied');
    await refused(
      addCalendarDay(ctx, w.reviewer, { day: '2027-07-01', kind: 'HOLIDAY', name: 'x' }),
      'denied',
    );
    await refused(removeCalendarDay(ctx, w.filer, '2027-01-01'), 'denied');

    const systemId = (
      await db()
        .selectFrom('platform.subsystem')
        .select('id')
        .where('alias', '=', 'merger')
        .executeTakeFirstOrThrow()
    ).id;
    const tokenOf = async (account: string, tenantId: string, admin: boolean) => {
      const made = await makeAccount(t, { account: `cal_${kind}_${account}`, tenantId, admin });
      return (await issueSession(db(), made.id, 600, { tenantId, systemId })).access_token;
    };
    // A member of the authority with no role, and an enterprise's administrator: refused, translated.
    await createTenantSpace(db(), w.filerTenant);
    for (const token of [
      await tokenOf('member', w.authority, false),
      await tokenOf('boss', w.filerTenant, true),
    ]) {
      const res = await call(t, 'POST', '/filing/calendar/import', {
        token,
        body: { year: 2027, text },
        headers: { 'accept-language': 'zh-CN' },
      });
      expect(res.body.state).toBe(6010104);
      expect(res.body.message).toMatch(/[\u4e00-\u9fff]/);
    }
    // The authority's administrator holds calendar:manage: a bad list is refused with the lines named.
    const head = await tokenOf('head', w.authority, true);
    const bad = await call(t, 'POST', '/filing/calendar/import', {
      token: head,
      body: { year: 2027, text: '2027-01-01 休 元旦\n2027-13-01 休 坏' },
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(bad.body.state).toBe(Code.ILLEGAL_REQUEST);
    expect(bad.body.message).toContain('第 2 行有误');
    expect(await year2027()).toEqual(before);
    expect(await auditCount()).toBe(audits);
  });

  it('audits every change with its actor and days, and the chain still verifies', async () => {
    const entries = await db()
      .selectFrom('filing.audit_log')
      .select(['action', 'actor_account_id', 'case_id', 'object_id', 'detail'])
      .where('action', 'in', [
        'calendar.add',
        'calendar.remove',
        'calendar.import',
        'transition.calendarChange',
      ])
      .orderBy('seq')
      .execute();
    const detail = (e: (typeof entries)[number]) =>
      (typeof e.detail === 'string' ? JSON.parse(e.detail) : e.detail) as Record<string, unknown>;
    expect(entries.map((e) => e.action)).toEqual([
      'transition.calendarChange',
      'calendar.add',
      'calendar.add',
      'transition.calendarChange',
      'calendar.remove',
      'transition.calendarChange',
      'calendar.import',
    ]);
    for (const e of entries) expect(e.actor_account_id).toBe(w.admin.accountId);
    expect(entries.filter((e) => e.action === 'transition.calendarChange').map((e) => e.case_id)).toEqual([
      caseId,
      caseId,
      caseId,
    ]);
    expect(detail(entries[1])).toMatchObject({
      added: [{ day: '2027-03-03', kind: 'HOLIDAY', name: '测试假日' }],
      recomputedCases: 1,
    });
    expect(detail(entries[4])).toMatchObject({
      removed: [{ day: '2027-03-03', kind: 'HOLIDAY', name: '测试假日' }],
      recomputedCases: 1,
    });
    const imported = detail(entries[6]);
    expect(entries[6].object_id).toBe('2027');
    expect(imported).toMatchObject({ holidays: 5, workdays: 2, recomputedCases: 1 });
    expect(imported.removed).toEqual([{ day: '2027-06-01', kind: 'HOLIDAY', name: '无关' }]);
    expect((imported.added as { day: string }[]).map((d) => d.day)).toEqual([
      '2027-01-01',
      '2027-02-07',
      '2027-02-10',
      '2027-02-11',
      '2027-02-12',
      '2027-03-03',
      '2027-03-06',
    ]);
    expect(await verifyAuditChain(db())).toMatchObject({ ok: true });
  });

  it('answers an import over HTTP with what it stored', async () => {
    const systemId = (
      await db()
        .selectFrom('platform.subsystem')
        .select('id')
        .where('alias', '=', 'merger')
        .executeTakeFirstOrThrow()
    ).id;
    const head = await makeAccount(t, { account: `cal_${kind}_head2`, tenantId: w.authority, admin: true });
    const token = (await issueSession(db(), head.id, 600, { tenantId: w.authority, systemId })).access_token;
    const res = await call(t, 'POST', '/filing/calendar/import', {
      token,
      body: { year: 2028, text: '2028-01-01 休 元旦\n2028-01-26~2028-02-01 休 春节\n2028-02-05 班 春节调休' },
    });
    expect(res.body).toMatchObject({
      state: 200,
      data: { holidays: 8, workdays: 1, recomputedCases: 0 },
    });
  });
});
