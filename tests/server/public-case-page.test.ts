/**
 * The public page of a case (publicity.case.get, issue 25) and the filing and acceptance date filters of
 * the clearance and decision lists: a cleared case with its notice and batch, a conditional decision
 * linked to its notice, one answer (404) for an unknown and for a hidden case, filing and acceptance dates
 * only where public (a decision, or the authority's disclosure), the sitemap's case numbers, and the four
 * filters on the lists and the open data, bad values refused in the caller's language.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/auth/tokens.ts';
import { addDays, chinaDate } from '../../server/modules/filing/dates.ts';
import { countPublicCases, publicCaseNumbers } from '../../server/modules/public/case-page/case-numbers.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { db, demoTenantId } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

const today = chinaDate(new Date());

describe.each(dbKindsOf(import.meta.url))('public case page on %s', (kind) => {
  let t: TestServer;
  const ids: Record<string, string> = {};

  const post = (path: string, body: unknown, lang = 'zh-CN') =>
    call(t, 'POST', path, { body, headers: { 'accept-language': lang } });
  const casePage = (caseNo: string, lang = 'zh-CN') => post('/publicity/case/get', { caseNo }, lang);
  const list = (path: string, parameters: { key: string; value: unknown }[], lang = 'zh-CN') =>
    post(path, { parameters, requestPage: { pageNo: 1, limit: 50 } }, lang);
  /** The case numbers of a list's rows of this test (the year 1998 no other row uses). */
  const numbers = (r: Awaited<ReturnType<typeof post>>) =>
    (r.body.data.dataResult as { caseNo: string | null }[])
      .map((x) => x.caseNo)
      .filter((n) => n?.startsWith('JZSB1998-'))
      .sort();

  async function makeCase(row: Record<string, unknown>) {
    const id = newId();
    await db(t)
      .insertInto('filing.case')
      .values({ id, owner_tenant_id: await demoTenantId(t), title: '案件', ...row } as never)
      .execute();
    return id;
  }
  async function pub(row: Record<string, unknown>) {
    const id = newId();
    await db(t)
      .insertInto('filing.publication')
      .values({ id, parties: '', industries: [], ...row } as never)
      .execute();
    return id;
  }

  beforeAll(async () => {
    t = await startTestServer(kind, {}, { filingWorkers: false });
    ids.batch = newId();
    await db(t)
      .insertInto('filing.publication_batch')
      .values({ id: ids.batch, title: '1998年无条件批准案件列表', published_on: '2021-08-15' })
      .execute();

    // Cleared: filed at 01:00 on 1 July in China (30 June in UTC), notice, then a clearance in a batch.
    ids.cleared = await makeCase({
      case_no: 'JZSB1998-0001',
      state: 'CLEARED',
      procedure: 'SIMPLIFIED',
      submitted_at: new Date('2021-06-30T17:00:00Z'),
      accepted_on: '2021-07-10',
    });
    const facts = {
      procedure: 'SIMPLIFIED',
      industries: ['C2720', 'F5131'],
      transaction_mode: 'EQUITY_ACQUISITION',
    };
    ids.clearedNotice = await pub({
      ...facts,
      kind: 'NOTICE',
      case_id: ids.cleared,
      title: '甲科技收购乙医药股权案（公示）',
      parties: '甲科技有限公司、乙医药股份有限公司',
      notice_state: 'CLOSED',
      live_from: '2021-07-10',
      live_until: '2021-07-19',
      notice_form: JSON.stringify({
        title: '甲科技收购乙医药股权案',
        summary: '甲科技拟收购乙医药 60% 股权',
        reasons: [1],
      }),
    });
    ids.clearance = await pub({
      ...facts,
      kind: 'CLEARANCE',
      case_id: ids.cleared,
      batch_id: ids.batch,
      seq: 3,
      title: '甲科技收购乙医药股权案',
      parties: '甲科技有限公司、乙医药股份有限公司',
      decided_on: '2021-08-01',
    });

    // Conditional: a simplified notice first, then a conditional decision published in full.
    ids.conditional = await makeCase({
      case_no: 'JZSB1998-0002',
      state: 'CLEARED_WITH_CONDITIONS',
      submitted_at: new Date('2021-03-01T02:00:00Z'),
      accepted_on: '2021-03-15',
    });
    ids.conditionalNotice = await pub({
      kind: 'NOTICE',
      case_id: ids.conditional,
      procedure: 'SIMPLIFIED',
      notice_state: 'CLOSED',
      live_from: '2021-03-15',
      live_until: '2021-03-24',
      title: '丙能源与丁矿业新设合营企业案',
      parties: '丙能源集团、丁矿业有限公司',
    });
    ids.decision = await pub({
      kind: 'CONDITIONAL',
      case_id: ids.conditional,
      procedure: 'NORMAL',
      title: '丙能源与丁矿业新设合营企业案',
      parties: '丙能源集团、丁矿业有限公司',
      industries: ['B0610'],
      transaction_mode: 'JOINT_VENTURE',
      decided_on: '2021-09-01',
      published_at: new Date('2021-09-05T20:00:00Z'),
      full_text: '<p>审查决定</p><script>alert(1)</script>',
      conditions: '剥离相关业务',
      condition_term: '五年',
    });

    // Open: accepted two days ago, its notice live.
    ids.open = await makeCase({
      case_no: 'JZSB1998-0003',
      state: 'PHASE_I',
      procedure: 'SIMPLIFIED',
      submitted_at: new Date(`${addDays(today, -20)}T04:00:00Z`),
      accepted_on: addDays(today, -2),
    });
    ids.openNotice = await pub({
      kind: 'NOTICE',
      case_id: ids.open,
      procedure: 'SIMPLIFIED',
      notice_state: 'LIVE',
      live_from: addDays(today, -2),
      live_until: addDays(today, 7),
      title: '戊物流收购己仓储案',
      parties: '戊物流、己仓储',
    });

    // Never public: a withdrawn case (its notice hidden), a notice not yet live, a decision of tomorrow.
    ids.withdrawn = await makeCase({ case_no: 'JZSB1998-0004', state: 'WITHDRAWN' });
    await pub({
      kind: 'NOTICE',
      case_id: ids.withdrawn,
      procedure: 'SIMPLIFIED',
      notice_state: 'CLOSED',
      live_from: '2021-05-01',
      live_until: '2021-05-10',
      hidden_at: new Date(),
      title: '撤回案',
    });
    ids.scheduled = await makeCase({ case_no: 'JZSB1998-0005', state: 'PHASE_I', procedure: 'SIMPLIFIED' });
    await pub({
      kind: 'NOTICE',
      case_id: ids.scheduled,
      procedure: 'SIMPLIFIED',
      notice_state: 'SCHEDULED',
      live_from: addDays(today, 1),
      live_until: addDays(today, 10),
      title: '尚未公示案',
    });
    ids.tomorrow = await makeCase({ case_no: 'JZSB1998-0006', state: 'PROHIBITED' });
    await pub({
      kind: 'PROHIBITION',
      case_id: ids.tomorrow,
      decided_on: addDays(today, 1),
      title: '明日禁止案',
    });
  }, 120_000);
  afterAll(async () => t?.close());

  it('shows a cleared case: facts, the whole timeline, its notice with the 公示表 and its batch', async () => {
    const r = await casePage('JZSB1998-0001');
    expect(r.body.state).toBe(200);
    expect(r.body.data).toEqual({
      caseNo: 'JZSB1998-0001',
      name: '甲科技收购乙医药股权案',
      parties: ['甲科技有限公司', '乙医药股份有限公司'],
      procedure: 'SIMPLIFIED',
      industries: ['C2720', 'F5131'],
      transactionMode: 'EQUITY_ACQUISITION',
      timeline: [
        { event: 'FILED', date: '2021-07-01' },
        { event: 'ACCEPTED', date: '2021-07-10' },
        { event: 'NOTICE_FROM', date: '2021-07-10' },
        { event: 'NOTICE_UNTIL', date: '2021-07-19' },
        { event: 'DECIDED', date: '2021-08-01' },
        { event: 'PUBLISHED', date: '2021-08-15' },
      ],
      notice: {
        id: ids.clearedNotice,
        liveFrom: '2021-07-10',
        liveUntil: '2021-07-19',
        state: 'CLOSED',
        commentable: false,
        noticeForm: { title: '甲科技收购乙医药股权案', summary: '甲科技拟收购乙医药 60% 股权', reasons: [1] },
      },
      decision: {
        id: ids.clearance,
        decisionType: 'CLEARANCE',
        decidedOn: '2021-08-01',
        publishedOn: '2021-08-15',
        batchId: ids.batch,
        batchTitle: '1998年无条件批准案件列表',
        seq: 3,
        conditions: null,
        conditionTerm: null,
        fullText: null,
        variations: [],
      },
    });
  });

  it('shows a conditional decision in full (sanitised) with a link to its notice, and the details name the case', async () => {
    const r = await casePage('JZSB1998-0002');
    expect(r.body.state).toBe(200);
    const page = r.body.data;
    expect(page).toMatchObject({
      name: '丙能源与丁矿业新设合营企业案',
      procedure: 'NORMAL',
      industries: ['B0610'],
      transactionMode: 'JOINT_VENTURE',
      notice: { id: ids.conditionalNotice, state: 'CLOSED' },
      decision: {
        id: ids.decision,
        decisionType: 'CONDITIONAL',
        decidedOn: '2021-09-01',
        publishedOn: '2021-09-06',
        batchId: null,
        conditions: '剥离相关业务',
        conditionTerm: '五年',
      },
    });
    expect(page.decision.fullText).toContain('审查决定');
    expect(page.decision.fullText).not.toContain('script');
    expect(page.timeline.map((e: { event: string }) => e.event)).toEqual([
      'FILED',
      'ACCEPTED',
      'NOTICE_FROM',
      'NOTICE_UNTIL',
      'DECIDED',
      'PUBLISHED',
    ]);
    // The detail pages carry the number the case page is found by.
    expect((await post('/publicity/decision/get', { id: ids.decision })).body.data.caseNo).toBe(
      'JZSB1998-0002',
    );
    expect((await post('/publicity/notice/get', { id: ids.conditionalNotice })).body.data.caseNo).toBe(
      'JZSB1998-0002',
    );
  });

  it('answers an unknown and a non-public case alike: 404 with a translated message', async () => {
    const unknown = await casePage('JZSB1998-9999');
    expect(unknown.body).toMatchObject({
      state: 404,
      message: '未找到该案件，或该案件尚无公开信息',
      data: null,
    });
    for (const caseNo of ['JZSB1998-0004', 'JZSB1998-0005', 'JZSB1998-0006']) {
      const r = await casePage(caseNo);
      expect({ caseNo, body: r.body }).toEqual({ caseNo, body: unknown.body });
    }
    expect((await casePage('JZSB1998-9999', 'en')).body.message).toBe(
      'This case was not found, or nothing of it is public yet',
    );
    // A request without a number is refused before any lookup.
    expect((await post('/publicity/case/get', {})).body.state).toBe(6010101);
  });

  it('hides the filing and acceptance of an open case until the authority discloses its progress', async () => {
    const hidden = await casePage('JZSB1998-0003');
    expect(hidden.body.data.timeline).toEqual([
      { event: 'NOTICE_FROM', date: addDays(today, -2) },
      { event: 'NOTICE_UNTIL', date: addDays(today, 7) },
    ]);
    expect(hidden.body.data).toMatchObject({ decision: null, notice: { state: 'LIVE', commentable: true } });

    await db(t)
      .insertInto('filing.case_disclosure')
      .values({ case_id: ids.open, progress_public: false })
      .execute();
    expect((await casePage('JZSB1998-0003')).body.data.timeline).toHaveLength(2);

    await db(t)
      .updateTable('filing.case_disclosure')
      .set({ progress_public: true })
      .where('case_id', '=', ids.open)
      .execute();
    expect((await casePage('JZSB1998-0003')).body.data.timeline).toEqual([
      { event: 'FILED', date: addDays(today, -20) },
      { event: 'ACCEPTED', date: addDays(today, -2) },
      { event: 'NOTICE_FROM', date: addDays(today, -2) },
      { event: 'NOTICE_UNTIL', date: addDays(today, 7) },
    ]);
  });

  it('gives a case whose progress the authority made public a page before anything is published', async () => {
    const id = await makeCase({
      case_no: 'JZSB1998-0009',
      state: 'PHASE_II',
      procedure: 'NORMAL',
      submitted_at: new Date(`${addDays(today, -60)}T04:00:00Z`),
      accepted_on: addDays(today, -50),
    });
    await db(t)
      .insertInto('filing.clock')
      .values({
        id: newId(),
        case_id: id,
        kind: 'PHASE_II',
        started_on: addDays(today, -20),
        length_days: 90,
        nominal_due_on: addDays(today, 70),
        due_on: addDays(today, 70),
      } as never)
      .execute();
    // Nothing published, nothing disclosed: no page.
    expect((await casePage('JZSB1998-0009')).body.state).toBe(404);
    await db(t).insertInto('filing.case_disclosure').values({ case_id: id, progress_public: true }).execute();
    const page = await casePage('JZSB1998-0009');
    expect(page.body.state).toBe(200);
    expect(page.body.data).toMatchObject({ procedure: 'NORMAL', notice: null, decision: null });
    expect(page.body.data.timeline).toEqual([
      { event: 'FILED', date: addDays(today, -60) },
      { event: 'ACCEPTED', date: addDays(today, -50) },
      { event: 'PHASE_II', date: addDays(today, -20) },
    ]);
    // Withdrawn, it has no page however it was disclosed.
    await db(t).updateTable('filing.case').set({ state: 'WITHDRAWN' }).where('id', '=', id).execute();
    expect((await casePage('JZSB1998-0009')).body.state).toBe(404);
  });

  it('lists the public case numbers with the day each page last changed, for the sitemap', async () => {
    const d = db(t);
    const ours = (rows: { caseNo: string }[]) => rows.filter((r) => r.caseNo.startsWith('JZSB1998-'));
    expect(ours(await publicCaseNumbers(d, { limit: 1000 }))).toEqual([
      { caseNo: 'JZSB1998-0001', lastChanged: '2021-08-15' },
      { caseNo: 'JZSB1998-0002', lastChanged: '2021-09-06' },
      // Its progress was made public today (the test before): the page changed then.
      { caseNo: 'JZSB1998-0003', lastChanged: today },
    ]);
    const total = await countPublicCases(d);
    const paged = [
      ...(await publicCaseNumbers(d, { limit: 2, offset: 0 })),
      ...(await publicCaseNumbers(d, { limit: 1000, offset: 2 })),
    ];
    expect(paged).toHaveLength(total);
    expect(paged).toEqual(await publicCaseNumbers(d, { limit: 1000 }));
  });

  it('filters clearances and decisions by filing day (in China) and acceptance day', async () => {
    const clearances = (parameters: { key: string; value: unknown }[]) =>
      list('/publicity/clearance/query', parameters).then(numbers);
    const decisions = (parameters: { key: string; value: unknown }[]) =>
      list('/publicity/decision/query', parameters).then(numbers);
    // Filed at 01:00 on 1 July in China: that day, not 30 June.
    expect(await clearances([{ key: 'filedFrom', value: '2021-07-01' }])).toEqual(['JZSB1998-0001']);
    expect(await clearances([{ key: 'filedTo', value: '2021-06-30' }])).toEqual([]);
    expect(
      await clearances([
        { key: 'filedFrom', value: '2021-07-01' },
        { key: 'filedTo', value: '2021-07-01' },
      ]),
    ).toEqual(['JZSB1998-0001']);
    expect(await clearances([{ key: 'acceptedFrom', value: '2021-07-10' }])).toEqual(['JZSB1998-0001']);
    expect(await clearances([{ key: 'acceptedFrom', value: '2021-07-11' }])).toEqual([]);
    expect(
      await decisions([
        { key: 'acceptedFrom', value: '2021-03-15' },
        { key: 'acceptedTo', value: '2021-03-15' },
      ]),
    ).toEqual(['JZSB1998-0002']);
    expect(await decisions([{ key: 'acceptedTo', value: '2021-03-14' }])).toEqual([]);
    expect(await decisions([{ key: 'filedTo', value: '2021-03-01' }])).toEqual(['JZSB1998-0002']);
    // A publication without a case has no filing day: it is not in a filtered list.
    const unnumbered = await list('/publicity/decision/query', [{ key: 'filedFrom', value: '1990-01-01' }]);
    expect(
      (unnumbered.body.data.dataResult as { caseNo: string | null }[]).every((r) => r.caseNo !== null),
    ).toBe(true);
  });

  it('applies the same filters to the open data', async () => {
    const r = await fetch(
      `${t.api}/publicity/openData/clearance?format=json&filedFrom=2021-07-01&filedTo=2021-07-01`,
    );
    expect(r.status).toBe(200);
    const rows = (await r.json()) as { case_no: string | null }[];
    expect(rows.map((x) => x.case_no).filter((n) => n?.startsWith('JZSB1998-'))).toEqual(['JZSB1998-0001']);
    const bad = await fetch(`${t.api}/publicity/openData/decision?format=json&acceptedTo=2021-3-1`, {
      headers: { 'accept-language': 'en' },
    });
    expect(((await bad.json()) as { state: number; message: string }).message).toBe(
      'The value of the filter "Accepted to" is not valid',
    );
  });

  it('refuses a bad date, a range that ends before it starts and the filters on the notice list', async () => {
    const bad = await list('/publicity/clearance/query', [{ key: 'filedFrom', value: '2021-02-30' }]);
    expect(bad.body).toMatchObject({ state: 6010101, message: '查询条件“申报日期（起）”的值无效' });
    const reversed = await list(
      '/publicity/decision/query',
      [
        { key: 'acceptedFrom', value: '2021-03-16' },
        { key: 'acceptedTo', value: '2021-03-15' },
      ],
      'zh-TW',
    );
    expect(reversed.body).toMatchObject({ state: 6010101, message: '查詢條件「受理日期（止）」的值無效' });
    const onNotices = await list('/publicity/notice/query', [{ key: 'filedFrom', value: '2021-07-01' }]);
    expect(onNotices.body.state).toBe(6010101);
  });
});
