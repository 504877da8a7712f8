/**
 * The public side (issue 13) on both databases: the query page's lists and details (visibility rules:
 * withdrawn, hidden, undecided and normal-procedure rows never listed), checked filters with translated
 * refusals, the two-character keyword search and its bigram index, public comments (captcha, rate limits,
 * anonymity, closed notices, sniffed attachments), the open data (CSV, JSON), the Atom feed, news with
 * sanitising and the authority-only management, and the lifecycle of a report of an unnotified deal.
 */
import { XMLParser } from 'fast-xml-parser';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/auth/tokens.ts';
import { addDays, chinaDate } from '../../server/modules/filing/dates.ts';
import { OPEN_DATA_FIELDS } from '../../server/modules/public/open-data.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { makeExe, makePdf, makePng } from '../support/file-fixtures.ts';
import { db, demoTenantId, loginToken, makeAccount, makeTenant, solveCaptcha } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

const today = chinaDate(new Date());

/** A small RFC 4180 reader (quoted cells may hold commas, quotes and line ends). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 1;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else cell += c;
  }
  if (cell || row.length) rows.push([...row, cell]);
  return rows;
}

describe.each(dbKindsOf(import.meta.url))('public side on %s', (kind) => {
  let t: TestServer;
  let authority: string;
  let lead: string; // authority admin: every tenant permission, in the authority's tenant
  let plain: string; // authority member without a role
  let plainId: string;
  let enterpriseAdmin: string;
  let reporter: string;
  let otherReporter: string;
  const ids: Record<string, string> = {};
  let batchId: string;

  let ipSeq = 0;
  /** Each comment from its own address, so the per-address limit (5 a minute) is tested on its own. */
  const freshIp = () => `198.51.100.${(++ipSeq % 250) + 1}`;
  const post = (path: string, body: unknown, token?: string, lang = 'zh-CN', ip?: string) =>
    call(t, 'POST', path, {
      body,
      token,
      headers: { 'accept-language': lang, ...(ip ? { 'x-forwarded-for': ip } : {}) },
    });
  const list = (path: string, parameters: { key: string; value: unknown }[] = [], extra = {}) =>
    post(path, { parameters, requestPage: { pageNo: 1, limit: 50 }, ...extra });
  const titles = (r: Awaited<ReturnType<typeof post>>) =>
    (r.body.data.dataResult as { caseName?: string; title?: string }[]).map((x) => x.caseName ?? x.title);

  async function pub(row: Record<string, unknown>) {
    const id = newId();
    await db(t)
      .insertInto('filing.publication')
      .values({ id, parties: '', industries: [], ...row } as never)
      .execute();
    return id;
  }

  beforeAll(async () => {
    t = await startTestServer(
      kind,
      { rateLimitPerMinute: 10_000, trustProxy: ['127.0.0.1'] },
      { filingWorkers: false },
    );
    authority = await makeTenant(t, `pubauth_${kind}`);
    await db(t)
      .updateTable('platform.tenant')
      .set({ kind: 'authority' })
      .where('id', '=', authority)
      .execute();
    const enterprise = await demoTenantId(t);
    const a = await makeAccount(t, { account: `pub_lead_${kind}`, tenantId: authority, admin: true });
    const p = await makeAccount(t, { account: `pub_plain_${kind}`, tenantId: authority });
    const e = await makeAccount(t, { account: `pub_ent_${kind}`, tenantId: enterprise, admin: true });
    const r1 = await makeAccount(t, { account: `pub_rep_${kind}` });
    const r2 = await makeAccount(t, { account: `pub_rep2_${kind}` });
    plainId = p.id;
    [lead, plain, enterpriseAdmin, reporter, otherReporter] = await Promise.all(
      [a, p, e, r1, r2].map(async (x) => (await loginToken(t, x.account, x.password)).access_token),
    );

    batchId = newId();
    await db(t)
      .insertInto('filing.publication_batch')
      .values({
        id: batchId,
        title: '2021年第三季度无条件批准经营者集中案件列表',
        published_on: '2021-10-15',
      })
      .execute();
    const withdrawnCase = newId();
    const liveCase = newId();
    await db(t)
      .insertInto('filing.case')
      .values([
        { id: withdrawnCase, owner_tenant_id: enterprise, title: '撤回', state: 'WITHDRAWN' },
        { id: liveCase, owner_tenant_id: enterprise, title: '审查中', state: 'PHASE_I', procedure: 'NORMAL' },
      ] as never)
      .execute();
    ids.liveCase = liveCase;
    // Numbered cases behind some publications (a year no other row of the database uses).
    const numbered = { owner_tenant_id: enterprise, title: '已编号' };
    const [caseC1, caseC2, caseN1, caseD1] = [newId(), newId(), newId(), newId()];
    await db(t)
      .insertInto('filing.case')
      .values([
        { ...numbered, id: caseC1, case_no: 'JZSB1999-0101', state: 'CLEARED' },
        { ...numbered, id: caseC2, case_no: 'JZSB1999-0102', state: 'CLEARED' },
        { ...numbered, id: caseN1, case_no: 'JZSB1999-0110', state: 'PHASE_I' },
        { ...numbered, id: caseD1, case_no: 'JZSB1999-0201', state: 'CLEARED_WITH_CONDITIONS' },
      ] as never)
      .execute();
    const clearance = { kind: 'CLEARANCE', batch_id: batchId };
    ids.c1 = await pub({
      ...clearance,
      case_id: caseC1,
      seq: 1,
      title: '鑫淼科技有限公司收购澜沧医药股份有限公司股权案',
      parties: '鑫淼科技有限公司、澜沧医药股份有限公司',
      decided_on: '2021-09-01',
      procedure: 'SIMPLIFIED',
      industries: ['C2720'],
      transaction_mode: 'EQUITY_ACQUISITION',
    });
    ids.c2 = await pub({
      ...clearance,
      case_id: caseC2,
      seq: 2,
      title: '北辰能源集团与南岳矿业新设合营企业案',
      parties: '北辰能源集团有限公司、南岳矿业有限公司',
      decided_on: '2021-08-10',
      procedure: 'NORMAL',
      industries: ['B0610'],
      transaction_mode: 'JOINT_VENTURE',
    });
    // Never public: a withdrawn case, a hidden row, a row without a decision.
    await pub({
      ...clearance,
      seq: 3,
      title: '撤回鑫淼收购案',
      case_id: withdrawnCase,
      decided_on: '2021-09-02',
    });
    await pub({
      ...clearance,
      seq: 4,
      title: '隐藏鑫淼收购案',
      decided_on: '2021-09-02',
      hidden_at: new Date(),
    });
    await pub({ ...clearance, seq: 5, title: '未审结鑫淼收购案' });

    const form = {
      title: '鑫淼新材料收购案',
      summary: '交易概况',
      parties: [{ name: '鑫淼新材料有限公司' }],
    };
    const live = {
      kind: 'NOTICE',
      procedure: 'SIMPLIFIED',
      notice_state: 'LIVE',
      live_from: addDays(today, -2),
      live_until: addDays(today, 5),
    };
    ids.n1 = await pub({
      ...live,
      case_id: caseN1,
      title: '鑫淼新材料有限公司收购华岳化工有限公司股权案',
      parties: '鑫淼新材料有限公司、华岳化工有限公司',
      notice_form: JSON.stringify(form),
    });
    ids.n2 = await pub({ ...live, title: '澜沧化工收购案', allow_anonymous: false });
    ids.n3 = await pub({
      kind: 'NOTICE',
      procedure: 'SIMPLIFIED',
      notice_state: 'CLOSED',
      live_from: '2023-03-01',
      live_until: '2023-03-14',
      title: '已结束公示案',
    });
    // Still marked live, but past its last day (the closing job has not run): closed for the public.
    ids.n5 = await pub({
      ...live,
      live_from: addDays(today, -20),
      live_until: addDays(today, -8),
      title: '过期公示案',
    });
    // A normal case under review: nothing of it is public.
    await pub({ ...live, procedure: 'NORMAL', case_id: liveCase, title: '普通程序鑫淼审查中案' });

    ids.d1 = await pub({
      kind: 'CONDITIONAL',
      case_id: caseD1,
      title: '附条件批准收购案',
      parties: '甲公司、乙公司',
      decided_on: '2020-05-05',
      procedure: 'NORMAL',
      full_text: '<p>审查决定</p><script>alert(1)</script>',
      conditions: '剥离相关业务',
      condition_term: '自生效之日起五年',
    });
    ids.d2 = await pub({
      kind: 'PROHIBITION',
      title: '禁止集中案',
      parties: '丙公司、丁公司',
      decided_on: '2019-01-01',
      procedure: 'NORMAL',
    });
  }, 120_000);
  afterAll(async () => t?.close());

  it('lists a batch’s clearances with their batch, never withdrawn, hidden or undecided rows', async () => {
    const r = await list('/publicity/clearance/query', [{ key: 'batchId', value: batchId }]);
    expect(r.body.state).toBe(200);
    expect(r.body.data.pageResult.totalCount).toBe(2);
    const [first] = r.body.data.dataResult;
    expect(first).toMatchObject({
      id: ids.c1,
      caseNo: 'JZSB1999-0101',
      seq: 1,
      batchId,
      batchTitle: '2021年第三季度无条件批准经营者集中案件列表',
      batchDate: '2021-10-15',
      caseName: '鑫淼科技有限公司收购澜沧医药股份有限公司股权案',
      parties: ['鑫淼科技有限公司', '澜沧医药股份有限公司'],
      decidedOn: '2021-09-01',
      procedure: 'SIMPLIFIED',
      industry: 'C2720',
      transactionMode: 'EQUITY_ACQUISITION',
    });
  });

  it('finds clearances by a two-character Chinese keyword and narrows them by every filter', async () => {
    expect(titles(await list('/publicity/clearance/query', [{ key: 'keyword', value: '鑫淼' }]))).toEqual([
      '鑫淼科技有限公司收购澜沧医药股份有限公司股权案',
    ]);
    // A party name matches too.
    expect(
      titles(await list('/publicity/clearance/query', [{ key: 'keyword', value: '南岳' }])),
    ).toHaveLength(1);
    const scoped = (p: { key: string; value: unknown }[]) =>
      list('/publicity/clearance/query', [{ key: 'batchId', value: batchId }, ...p]).then(titles);
    expect(
      await scoped([
        { key: 'decidedFrom', value: '2021-09-01' },
        { key: 'decidedTo', value: '2021-09-01' },
      ]),
    ).toHaveLength(1);
    expect(await scoped([{ key: 'decidedFrom', value: '2021-09-02' }])).toEqual([]);
    expect(await scoped([{ key: 'procedure', value: 'NORMAL' }])).toEqual([
      '北辰能源集团与南岳矿业新设合营企业案',
    ]);
    expect(await scoped([{ key: 'industry', value: 'C27' }])).toHaveLength(1);
    expect(await scoped([{ key: 'transactionMode', value: 'JOINT_VENTURE' }])).toHaveLength(1);
    expect(await scoped([{ key: 'publishedFrom', value: '2021-10-16' }])).toEqual([]);
    const sorted = await list('/publicity/clearance/query', [{ key: 'batchId', value: batchId }], {
      sorts: [{ field: 'decidedOn', order: 'ASC' }],
    });
    expect(titles(sorted)[0]).toBe('北辰能源集团与南岳矿业新设合营企业案');
  });

  it('finds a case by its number, exactly and by prefix, in any case, beside the name search', async () => {
    const search = (path: string, keyword: string) =>
      list(`/publicity/${path}/query`, [{ key: 'keyword', value: keyword }]);
    const exact = await search('clearance', 'JZSB1999-0101');
    expect(exact.body.data.dataResult.map((r: { id: string }) => r.id)).toEqual([ids.c1]);
    expect(exact.body.data.dataResult[0].caseNo).toBe('JZSB1999-0101');
    expect(exact.body.data.pageResult.totalCount).toBe(1);
    // A prefix lists every case it starts, newest decision first; lower case finds them too.
    const prefix = await search('clearance', 'jzsb1999-01');
    expect(prefix.body.data.dataResult.map((r: { caseNo: string }) => r.caseNo)).toEqual([
      'JZSB1999-0101',
      'JZSB1999-0102',
    ]);
    expect(prefix.body.data.pageResult.totalCount).toBe(2);
    // Each list finds its own rows by number; a number in the middle is no prefix.
    expect(titles(await search('notice', 'JZSB1999-011'))).toEqual([
      '鑫淼新材料有限公司收购华岳化工有限公司股权案',
    ]);
    expect((await search('decision', 'jzsb1999')).body.data.dataResult).toMatchObject([
      { id: ids.d1, caseNo: 'JZSB1999-0201' },
    ]);
    expect(titles(await search('clearance', '1999-0101'))).toEqual([]);
    expect(titles(await search('clearance', 'JZSB1999-0109'))).toEqual([]);
    // LIKE's wildcards are plain characters, and the name search still runs beside the number's.
    expect(titles(await search('clearance', 'JZSB%'))).toEqual([]);
    expect(titles(await search('clearance', '鑫淼'))).toEqual([
      '鑫淼科技有限公司收购澜沧医药股份有限公司股权案',
    ]);
    // The history list shares the keyword and shows the number too.
    const history = await list('/casePublish/history/query', [{ key: 'keyword', value: 'JZSB1999-02' }]);
    expect(history.body.data.dataResult).toMatchObject([{ id: ids.d1, caseNo: 'JZSB1999-0201' }]);
    // The detail pages carry it; a publication without a case has none.
    expect((await post('/publicity/notice/get', { id: ids.n1 })).body.data.caseNo).toBe('JZSB1999-0110');
    expect((await post('/publicity/decision/get', { id: ids.d1 })).body.data.caseNo).toBe('JZSB1999-0201');
    expect((await post('/publicity/decision/get', { id: ids.d2 })).body.data.caseNo).toBeNull();
  });

  it('serves the number search with the prefix index of upper(case_no)', async () => {
    const index = await sql<{ indexdef: string }>`select indexdef from pg_indexes
      where schemaname = 'filing' and indexname = 'case_no_prefix_idx'`.execute(db(t));
    expect(index.rows[0]?.indexdef).toMatch(/upper\(case_no\) text_pattern_ops/i);
    // A handful of cases make a scan the cheaper plan: forbid it (for this transaction only) to see the
    // index answer the prefix.
    const plan = await db(t)
      .transaction()
      .execute(async (trx) => {
        await sql`set local enable_seqscan = off`.execute(trx);
        return sql<{ 'QUERY PLAN': string }>`explain select c.id from filing."case" as c
          where upper(c.case_no) like ${'JZSB1999-01%'}`.execute(trx);
      });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('case_no_prefix_idx');
  });

  it('refuses bad filters with a translated message and changes nothing', async () => {
    const bad = async (parameters: { key: string; value: unknown }[], lang = 'zh-CN') =>
      (await post('/publicity/clearance/query', { parameters }, undefined, lang)).body;
    const date = await bad([{ key: 'decidedFrom', value: 'yesterday' }]);
    expect(date.state).toBe(6010101);
    expect(date.message).toContain('审结日期（起）');
    expect((await bad([{ key: 'decidedFrom', value: 'yesterday' }], 'en')).message).toContain('Decided from');
    expect((await bad([{ key: 'procedure', value: 'FAST' }])).state).toBe(6010101);
    expect((await bad([{ key: 'industry', value: "C'; drop" }])).state).toBe(6010101);
    expect((await bad([{ key: 'nope', value: 1 }])).state).toBe(6010101);
    const reversed = await bad([
      { key: 'decidedFrom', value: '2022-01-01' },
      { key: 'decidedTo', value: '2021-01-01' },
    ]);
    expect(reversed.message).toContain('审结日期（止）');
    const sort = await post('/publicity/clearance/query', { sorts: [{ field: 'password' }] });
    expect(sort.body.state).toBe(6010101);
  });

  it('lists notices live and closed, never a normal case’s, and gives one with its 公示表', async () => {
    expect(titles(await list('/publicity/notice/query', [{ key: 'keyword', value: '鑫淼' }]))).toEqual([
      '鑫淼新材料有限公司收购华岳化工有限公司股权案',
    ]);
    const live = await list('/publicity/notice/query', [{ key: 'state', value: 'LIVE' }]);
    expect(titles(live).sort()).toEqual(
      ['澜沧化工收购案', '鑫淼新材料有限公司收购华岳化工有限公司股权案'].sort(),
    );
    const closed = titles(await list('/publicity/notice/query', [{ key: 'state', value: 'CLOSED' }]));
    expect(closed).toEqual(expect.arrayContaining(['已结束公示案', '过期公示案']));
    const all = titles(await list('/publicity/notice/query'));
    expect(all).not.toContain('普通程序鑫淼审查中案');
    const one = await post('/publicity/notice/get', { id: ids.n1 });
    expect(one.body.data).toMatchObject({
      state: 'LIVE',
      commentable: true,
      allowAnonymous: true,
      noticeForm: { title: '鑫淼新材料收购案', summary: '交易概况' },
    });
    expect((await post('/publicity/notice/get', { id: ids.n5 })).body.data).toMatchObject({
      state: 'CLOSED',
      commentable: false,
    });
    expect((await post('/publicity/notice/get', { id: 'nope' })).body.state).toBe(404);
  });

  it('lists decisions by type and gives one in full text, sanitised', async () => {
    expect(titles(await list('/publicity/decision/query')).sort()).toEqual(
      ['禁止集中案', '附条件批准收购案'].sort(),
    );
    expect(
      titles(await list('/publicity/decision/query', [{ key: 'decisionType', value: 'PROHIBITION' }])),
    ).toEqual(['禁止集中案']);
    const d = (await post('/publicity/decision/get', { id: ids.d1 })).body.data;
    expect(d).toMatchObject({
      decisionType: 'CONDITIONAL',
      conditions: '剥离相关业务',
      conditionTerm: '自生效之日起五年',
      decidedOn: '2020-05-05',
    });
    expect(d.fullText).toContain('审查决定');
    expect(d.fullText).not.toContain('script');
    // A clearance is not a decision.
    expect((await post('/publicity/decision/get', { id: ids.c1 })).body.state).toBe(404);
  });

  it('lists the batches with the number of their public rows', async () => {
    const r = await list('/publicity/batch/query', [{ key: 'year', value: '2021' }]);
    expect(r.body.data.dataResult).toEqual([
      {
        id: batchId,
        title: '2021年第三季度无条件批准经营者集中案件列表',
        publishedOn: '2021-10-15',
        count: 2,
      },
    ]);
    expect((await list('/publicity/batch/query', [{ key: 'year', value: '21' }])).body.state).toBe(6010101);
  });

  it('serves the published-case history and its filters', async () => {
    const all = await list('/casePublish/history/query', [{ key: 'keyword', value: '收购' }]);
    expect(titles(all)).toEqual(
      expect.arrayContaining(['附条件批准收购案', '鑫淼科技有限公司收购澜沧医药股份有限公司股权案']),
    );
    expect(titles(all)).not.toContain('撤回鑫淼收购案');
    const cond = await list('/casePublish/history/query', [{ key: 'decision', value: 'conditional' }]);
    expect(cond.body.data.dataResult).toEqual([
      expect.objectContaining({
        caseName: '附条件批准收购案',
        decision: 'conditional',
        procedure: 'normal',
        parties: '甲公司,乙公司',
      }),
    ]);
    expect((await list('/casePublish/history/query', [{ key: 'year', value: 'MMXX' }])).body.state).toBe(
      6010101,
    );
  });

  describe('comments', () => {
    const comment = async (
      body: Record<string, unknown>,
      captcha?: { captcha: string; requestId: string },
      ip = freshIp(),
    ) =>
      post(
        '/publicity/comment/submit',
        { text: '该交易可能影响下游市场的竞争。', ...(captcha ?? (await solveCaptcha(t))), ...body },
        undefined,
        'zh-CN',
        ip,
      );
    const comments = (id: string) =>
      db(t).selectFrom('filing.comment').selectAll().where('publication_id', '=', id).execute();
    const stored = async () =>
      Number(
        // Files the authority's space holds (the file store's index).
        (
          await db(t)
            .selectFrom('platform.file_ref')
            .select((e) => e.fn.countAll().as('n'))
            .where('tenant_id', '=', authority)
            .executeTakeFirstOrThrow()
        ).n,
      );

    it('takes a named comment with an attachment into the reviewers’ triage', async () => {
      const png = makePng();
      const r = await comment({
        noticeId: ids.n1,
        name: '张三',
        organisation: '某行业协会',
        contact: '13800138000',
        attachment: { fileName: '图表.png', data: png.toString('base64') },
      });
      expect(r.body.state).toBe(200);
      const [row] = await comments(ids.n1);
      expect(row).toMatchObject({ id: r.body.data.id, name: '张三', anonymous: false, triage: 'NEW' });
      expect(row.attachment_id).toBeTruthy();
      // A file of the authority's space, like every filing document (the file store).
      expect(row.attachment_tenant_id).toBe(authority);
      const space = await db(t)
        .selectFrom('platform.tenant')
        .select('schema_name')
        .where('id', '=', authority)
        .executeTakeFirstOrThrow();
      const file = await db(t)
        .withSchema(space.schema_name)
        .selectFrom('attachment')
        .select(['mime', 'total_bytes'])
        .where('id', '=', row.attachment_id!)
        .executeTakeFirstOrThrow();
      expect(file.mime).toBe('image/png');
      expect(Number(file.total_bytes)).toBe(png.byteLength);
    });

    it('takes an anonymous comment only where the notice allows it', async () => {
      expect((await comment({ noticeId: ids.n1, anonymous: true })).body.state).toBe(200);
      const refused = await comment({ noticeId: ids.n2, anonymous: true });
      expect(refused.body.state).toBe(6010101);
      expect(refused.body.message).toContain('不接受匿名');
      expect(await comments(ids.n2)).toEqual([]);
    });

    it('refuses a comment on a closed or expired notice, a wrong captcha, a bad contact and a disguised file', async () => {
      const before = await stored();
      const closed = await comment({ noticeId: ids.n3, name: '李四', contact: 'li@example.cn' });
      expect(closed.body.message).toContain('不在公示期内');
      const expired = await comment({ noticeId: ids.n5, name: '李四', contact: 'li@example.cn' });
      expect(expired.body.message).toContain('不在公示期内');
      const { requestId } = await solveCaptcha(t);
      const wrong = await comment(
        { noticeId: ids.n1, name: '李四', contact: 'li@example.cn' },
        { captcha: 'ZZZZ9', requestId },
      );
      expect(wrong.body.state).toBe(6020104);
      expect(
        (await comment({ noticeId: ids.n1, name: '李四', contact: 'not a contact' })).body.message,
      ).toContain('联系方式');
      const exe = await comment({
        noticeId: ids.n1,
        name: '李四',
        contact: 'li@example.cn',
        attachment: { fileName: '说明.pdf', data: makeExe().toString('base64') },
      });
      expect(exe.body.message).toContain('.pdf');
      const big = await comment({
        noticeId: ids.n1,
        name: '李四',
        contact: 'li@example.cn',
        attachment: { fileName: 'a.html', data: Buffer.from('<script>').toString('base64') },
      });
      expect(big.body.state).toBe(6010101);
      expect(await stored()).toBe(before);
      expect((await comments(ids.n3)).length + (await comments(ids.n5)).length).toBe(0);
      expect(await comments(ids.n1)).toHaveLength(2);
    });

    it('rate-limits comments per address and per notice', async () => {
      const minute = Math.floor(Date.now() / 60_000) * 60_000;
      const fill = async (bucket: string, key: string, count: number) => {
        for (const start of [minute, minute + 60_000])
          await db(t)
            .insertInto('platform.rate_limit')
            .values({ bucket, key, window_start: new Date(start), count })
            .onConflict((oc) => oc.columns(['bucket', 'key', 'window_start']).doUpdateSet({ count }))
            .execute();
      };
      await fill('comment-notice', ids.n2, 30);
      const perNotice = await comment({ noticeId: ids.n2, name: '王五', contact: 'w@example.cn' });
      expect(perNotice.body.state).toBe(6010102);
      await fill('comment', '203.0.113.9', 5);
      const perIp = await comment(
        { noticeId: ids.n1, name: '王五', contact: 'w@example.cn' },
        undefined,
        '203.0.113.9',
      );
      expect(perIp.body.state).toBe(6010102);
      await db(t)
        .deleteFrom('platform.rate_limit')
        .where('bucket', 'in', ['comment', 'comment-notice'])
        .execute();
      expect(await comments(ids.n2)).toEqual([]);
    });
  });

  it('streams the open data as CSV and JSON with stable field names and the same filters', async () => {
    const csv = await fetch(
      `${t.api}/publicity/openData/clearance?format=csv&keyword=${encodeURIComponent('鑫淼')}`,
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toContain('attachment');
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await csv.arrayBuffer());
    expect(text.startsWith('\uFEFF')).toBe(true);
    const lines = text.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain('鑫淼科技有限公司、澜沧医药股份有限公司');
    const json = await fetch(`${t.api}/publicity/openData/notice?format=json&state=LIVE`);
    expect(json.headers.get('content-type')).toContain('application/json');
    const rows = (await json.json()) as Record<string, unknown>[];
    expect(rows.map((r) => r.title).sort()).toEqual(
      ['澜沧化工收购案', '鑫淼新材料有限公司收购华岳化工有限公司股权案'].sort(),
    );
    expect(Object.keys(rows[0])).toEqual(OPEN_DATA_FIELDS.notice);
    const decisions = (await (
      await fetch(`${t.api}/publicity/openData/decision?format=json`)
    ).json()) as Record<string, unknown>[];
    expect(decisions).toHaveLength(2);
    expect(Object.keys(decisions[0])).toEqual(OPEN_DATA_FIELDS.decision);
    const bad = await fetch(`${t.api}/publicity/openData/clearance?format=csv&decidedFrom=soon`);
    expect(((await bad.json()) as { state: number }).state).toBe(6010101);
  });

  it('exports each list in the page’s order, newest first, filtered exactly as the page', async () => {
    // Every download from its own address: the open-data limit (10 a minute per address) is not this test's.
    const exported = async (path: string, query: Record<string, string>) => {
      const qs = new URLSearchParams({ format: 'json', ...query });
      const res = await fetch(`${t.api}/publicity/openData/${path}?${qs}`, {
        headers: { 'x-forwarded-for': freshIp() },
      });
      expect(res.status).toBe(200);
      return (await res.json()) as Record<string, unknown>[];
    };
    /** The page's rows (its default order, the filters as list parameters) against the download's. */
    const same = async (path: string, filters: Record<string, string>) => {
      const page = await list(
        `/publicity/${path}/query`,
        Object.entries(filters).map(([key, value]) => ({ key, value })),
      );
      expect(page.body.state).toBe(200);
      const pageIds = (page.body.data.dataResult as { id: string }[]).map((r) => r.id);
      const rows = await exported(path, filters);
      expect(rows.map((r) => r.id)).toEqual(pageIds);
      return rows;
    };
    const clearances = await same('clearance', {});
    expect(clearances.map((r) => r.id)).toEqual([ids.c1, ids.c2]);
    expect(clearances.map((r) => r.case_no)).toEqual(['JZSB1999-0101', 'JZSB1999-0102']);
    // Newest first (the two live ones opened the same day, in the database's order of their ids).
    const notices = (await same('notice', {})).map((r) => r.id);
    expect([...notices.slice(0, 2)].sort()).toEqual([ids.n1, ids.n2].sort());
    expect(notices.slice(2)).toEqual([ids.n5, ids.n3]);
    const decisions = await same('decision', {});
    expect(decisions.map((r) => r.decided_on)).toEqual(['2020-05-05', '2019-01-01']);
    expect(decisions.map((r) => r.case_no)).toEqual(['JZSB1999-0201', null]);
    // Every filter the page sends, each list's own.
    const clearanceFilters: Record<string, string>[] = [
      { keyword: 'jzsb1999-010' },
      { keyword: '南岳' },
      { batchId },
      { decidedFrom: '2021-09-01', decidedTo: '2021-12-31' },
      { publishedFrom: '2021-10-15', publishedTo: '2021-10-15' },
      { publishedFrom: '2021-10-16' },
      { procedure: 'NORMAL' },
      { industry: 'C' },
      { transactionMode: 'EQUITY_ACQUISITION' },
    ];
    for (const f of clearanceFilters) await same('clearance', f);
    expect(await same('clearance', { procedure: 'NORMAL', industry: 'B' })).toMatchObject([{ id: ids.c2 }]);
    const noticeFilters: Record<string, string>[] = [
      { keyword: 'JZSB1999-0110' },
      { state: 'LIVE' },
      { state: 'CLOSED' },
      { liveFrom: '2023-01-01', liveTo: '2023-12-31' },
      { industry: 'C' },
      { transactionMode: 'JOINT_VENTURE' },
    ];
    for (const f of noticeFilters) await same('notice', f);
    expect(await same('notice', { state: 'CLOSED', liveTo: '2023-12-31' })).toMatchObject([{ id: ids.n3 }]);
    const decisionFilters: Record<string, string>[] = [
      { keyword: '禁止' },
      { decisionType: 'CONDITIONAL' },
      { decidedFrom: '2020-01-01' },
      { decidedTo: '2019-12-31' },
      { industry: 'C' },
      { transactionMode: 'JOINT_VENTURE' },
    ];
    for (const f of decisionFilters) await same('decision', f);
    // The CSV in the same order.
    const csv = await fetch(`${t.api}/publicity/openData/decision?format=csv&lang=en`, {
      headers: { 'x-forwarded-for': freshIp() },
    });
    const [header, ...rows] = parseCsv((await csv.text()).replace(/^\uFEFF/, ''));
    expect(header.slice(0, 2)).toEqual(['Record ID', 'Case no.']);
    expect(rows.map((r) => r[1])).toEqual(['JZSB1999-0201', '']);
  });

  it('writes each code of the CSV beside its label, headers and labels in the request’s language', async () => {
    const csvRows = async (path: string, lang: string) => {
      // Each download from its own address: the open-data limit (10 a minute per address) is not this test's.
      const res = await fetch(`${t.api}/publicity/openData/${path}`, {
        headers: { 'accept-language': lang, 'x-forwarded-for': freshIp() },
      });
      expect(res.status).toBe(200);
      const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await res.arrayBuffer());
      const [header, ...rows] = parseCsv(text.replace(/^\uFEFF/, ''));
      return rows.map((r) => Object.fromEntries(header.map((h, i) => [h, r[i]])));
    };
    const batch = `clearance?batchId=${batchId}`;
    const zh = await csvRows(batch, 'zh-CN');
    // The fields' order, a coded field as its code then its label.
    expect(Object.keys(zh[0])).toEqual([
      '记录标识',
      '案件编号',
      '公布批次标识',
      '公布批次',
      '公布批次日期',
      '序号',
      '案件名称',
      '参与集中的经营者',
      '审结日期',
      '审查程序代码',
      '审查程序',
      '行业代码',
      '行业',
      '交易方式代码',
      '交易方式',
    ]);
    const first = zh.find((r) => r['记录标识'] === ids.c1)!;
    expect(first).toMatchObject({
      案件编号: 'JZSB1999-0101',
      审查程序代码: 'SIMPLIFIED',
      审查程序: '简易程序',
      行业代码: 'C2720',
      行业: '制造业',
      交易方式代码: 'EQUITY_ACQUISITION',
      交易方式: '股权收购',
      参与集中的经营者: '鑫淼科技有限公司、澜沧医药股份有限公司',
    });
    expect(zh.find((r) => r['记录标识'] === ids.c2)).toMatchObject({
      审查程序: '普通程序',
      行业代码: 'B0610',
      行业: '采矿业',
      交易方式代码: 'JOINT_VENTURE',
      交易方式: '新设合营企业',
    });
    // The same download in English (?lang= wins over the header): its own cache entry, not the Chinese one.
    const en = await csvRows(`${batch}&lang=en`, 'zh-CN');
    expect(en.find((r) => r['Record ID'] === ids.c1)).toMatchObject({
      'Case no.': 'JZSB1999-0101',
      'Procedure code': 'SIMPLIFIED',
      Procedure: 'Simplified procedure',
      'Industry code': 'C2720',
      Industry: 'Manufacturing',
      'Transaction type': 'Acquisition of shares',
    });
    const tw = await csvRows(batch, 'zh-TW');
    expect(tw.find((r) => r['記錄識別碼'] === ids.c1)).toMatchObject({ 審查程序: '簡易程序' });
    // Notices' state and decisions' type are codes too; a row without a code has both cells empty.
    const notices = await csvRows('notice?state=LIVE', 'zh-CN');
    expect(notices.map((r) => [r['公示状态代码'], r['公示状态']])).toEqual([
      ['LIVE', '公示中'],
      ['LIVE', '公示中'],
    ]);
    expect(notices[0]['行业代码']).toBe('');
    expect(notices[0]['行业']).toBe('');
    const decisions = await csvRows('decision', 'zh-CN');
    expect(decisions.map((r) => `${r['决定类型代码']}:${r['决定类型']}`).sort()).toEqual([
      'CONDITIONAL:附条件批准',
      'PROHIBITION:禁止',
    ]);
    // JSON keeps the stable field names and the bare codes.
    const json = (await (
      await fetch(`${t.api}/publicity/openData/${batch}&format=json&lang=en`)
    ).json()) as Record<string, unknown>[];
    expect(json.find((r) => r.id === ids.c1)).toMatchObject({ procedure: 'SIMPLIFIED', industry: 'C2720' });
  });

  it('publishes an Atom feed of batches, notices and decisions that parses', async () => {
    const res = await fetch(`${t.api}/publicity/feed`);
    expect(res.headers.get('content-type')).toContain('application/atom+xml');
    const xml = await res.text();
    const feed = new XMLParser({ ignoreAttributes: false }).parse(xml).feed;
    const entries = [feed.entry].flat() as { title: string; id: string; updated: string }[];
    const names = entries.map((e) => e.title);
    expect(names).toEqual(
      expect.arrayContaining([
        '2021年第三季度无条件批准经营者集中案件列表',
        '鑫淼新材料有限公司收购华岳化工有限公司股权案',
        '附条件批准收购案',
      ]),
    );
    expect(names).not.toContain('普通程序鑫淼审查中案');
    for (const e of entries) expect(Number.isNaN(Date.parse(e.updated))).toBe(false);
    const batch = entries.find(
      (e) => e.title === '2021年第三季度无条件批准经营者集中案件列表',
    ) as unknown as {
      summary: { '#text': string };
    };
    expect(batch.summary['#text']).toBe('本批公布 2 件案件');
    // A notice's or a decision's summary leads with its case's number.
    const numbered = entries.find((e) => e.title === '附条件批准收购案') as unknown as {
      summary: { '#text': string };
    };
    expect(numbered.summary['#text']).toBe('案件编号 JZSB1999-0201：甲公司、乙公司');
    // Every entry links to a page of the public site that shows it: a notice or a decision to its
    // detail page, a batch to the list filtered by that batch.
    const links = entries.map((e) => (e as unknown as { link: { '@_href': string } }).link['@_href']);
    const notice = entries.findIndex((e) => e.title === '鑫淼新材料有限公司收购华岳化工有限公司股权案');
    expect(new URL(links[notice]).pathname).toBe(`/publicityIndex/notice/${ids.n1}`);
    const decision = entries.findIndex((e) => e.title === '附条件批准收购案');
    expect(new URL(links[decision]).pathname).toMatch(/^\/publicityIndex\/decision\/[^/]+$/);
    expect(links.filter((l) => l.includes('?tab=clearance&batchId='))).not.toHaveLength(0);
    // In the reader's language.
    const english = await fetch(`${t.api}/publicity/feed`, { headers: { 'accept-language': 'en' } });
    const en = new XMLParser({ ignoreAttributes: false }).parse(await english.text()).feed;
    expect(en.title).toBe('Merger control publications');
  });

  it('serves the keyword search from the bigram index', async () => {
    const index = await sql<{
      indexdef: string;
    }>`select indexdef from pg_indexes where schemaname = 'filing' and indexname = 'publication_search_bigrams_idx'`.execute(
      db(t),
    );
    expect(index.rows[0]?.indexdef).toMatch(/gin .*bigrams/i);
    // Enough rows that a scan would be the worse plan, then the real query's plan.
    const filler = newId();
    await db(t)
      .insertInto('filing.publication_batch')
      .values({ id: filler, title: '填充批次', published_on: '2020-01-01' })
      .execute();
    for (let chunk = 0; chunk < 10; chunk++)
      await db(t)
        .insertInto('filing.publication')
        .values(
          Array.from({ length: 1000 }, (_, i) => ({
            id: newId(),
            kind: 'CLEARANCE' as const,
            batch_id: filler,
            seq: chunk * 1000 + i + 1,
            title: `第${chunk * 1000 + i}号实业有限公司收购宏远贸易有限公司股权案`,
            parties: `第${chunk * 1000 + i}号实业有限公司、宏远贸易有限公司`,
            decided_on: '2019-12-01',
          })),
        )
        .execute();
    await sql`analyze filing.publication`.execute(db(t));
    const { filteredPublications, selectRow } = await import('../../server/modules/public/publications.ts');
    const q = selectRow(
      filteredPublications(db(t), 'clearance', { keyword: '鑫淼' }, today),
      'clearance',
      today,
    )
      .orderBy('b.published_on', 'desc')
      .limit(20);
    const plan = JSON.stringify(await q.explain());
    expect(plan).toContain('publication_search_bigrams_idx');
    expect(
      titles(await list('/publicity/clearance/query', [{ key: 'keyword', value: '鑫淼' }])),
    ).toHaveLength(1);
    // A number among the 10,000: found by its number alone.
    const byNo = await list('/publicity/clearance/query', [{ key: 'keyword', value: 'JZSB1999-0101' }]);
    expect(byNo.body.data.dataResult.map((r: { id: string }) => r.id)).toEqual([ids.c1]);
  });

  describe('news', () => {
    it('lets only the authority manage news, sanitises content, and shows the public only what is published', async () => {
      const draft = {
        title: '关于测试新闻的公告',
        category: 'notice',
        summary: '摘要',
        content:
          '<p>正文<strong>要点</strong></p><script>alert(1)</script><img src=x onerror="alert(2)"><a href="javascript:alert(3)">链接</a>',
      };
      expect((await post('/tnewsGg/save', draft, enterpriseAdmin)).body.state).toBe(6010104);
      expect((await post('/tnewsGg/save', draft, plain)).body.state).toBe(6010104);
      expect((await post('/tnewsGg/save', draft)).status).not.toBe(200);
      const saved = await post('/tnewsGg/save', draft, lead);
      expect(saved.body.state).toBe(200);
      const id = saved.body.data.id as string;
      const stored = (await post('/tnewsGg/detail', { id }, lead)).body.data;
      expect(stored.content).toContain('<strong>要点</strong>');
      expect(stored.content).not.toMatch(/script|onerror|javascript:|<img/);
      expect(stored.published).toBe(false);
      const publicTitles = async () => titles(await list('/tnewsGg/queryContent'));
      expect(await publicTitles()).not.toContain(draft.title);
      expect((await post('/tnewsGg/get', { id })).body.state).toBe(404);
      expect((await post('/tnewsGg/publish', { ids: id, published: true }, lead)).body.state).toBe(200);
      expect(await publicTitles()).toContain(draft.title);
      expect((await post('/tnewsGg/get', { id })).body.data).toMatchObject({
        title: draft.title,
        published: true,
      });
      expect(
        (await post('/tnewsGg/update', { id, ...draft, category: 'sample', title: '典型案例测试' }, lead))
          .body.state,
      ).toBe(200);
      expect(await publicTitles()).not.toContain('典型案例测试');
      expect(titles(await list('/casePublish/sample/query'))).toContain('典型案例测试');
      const manage = await list('/tnewsGg/query', [{ key: 'published', value: 'true' }]);
      expect(manage.body.state).not.toBe(200);
      expect((await call(t, 'POST', `/tnewsGg/remove?ids=${id}`, { token: lead })).body.state).toBe(200);
      expect(titles(await list('/casePublish/sample/query'))).not.toContain('典型案例测试');
      expect(
        (await post('/tnewsGg/query', { parameters: [{ key: 'category', value: 'gossip' }] }, lead)).body
          .state,
      ).toBe(6010101);
    });
  });

  describe('reports of unnotified deals', () => {
    async function uploadEvidence(token: string, name: string, content: Buffer) {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(content)]), name);
      const res = await fetch(`${t.api}/wyf/evidence/upload`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
        body: form,
      });
      return (await res.json()) as { state: number; message: string; data: any };
    }
    const clue = {
      targets: ['鑫淼控股有限公司', '澜沧科技有限公司'],
      dealDescription: '鑫淼控股于去年取得澜沧科技的控制权。',
      description: '双方营业额达到申报标准，但未申报即已交割。',
    };

    it('limits evidence files by size and by the number waiting to be submitted', async () => {
      const big = Buffer.concat([makePdf(), Buffer.alloc(10 * 1024 * 1024)]);
      const tooBig = await uploadEvidence(otherReporter, '大文件.pdf', big);
      expect(tooBig.state).toBe(413);
      expect(tooBig.message).toContain('10 MB');
      const owner = await db(t)
        .selectFrom('platform.account')
        .select('id')
        .where('account', '=', `pub_rep2_${kind}`)
        .executeTakeFirstOrThrow();
      await db(t)
        .insertInto('filing.wyf_evidence')
        .values(
          Array.from({ length: 20 }, (_, i) => ({
            id: `pending-${kind}-${i}`,
            account_id: owner.id,
            file_name: `f${i}.txt`,
            mime: 'text/plain',
            size: 1,
            sha256: '0'.repeat(64),
            content: Buffer.from('x'),
          })),
        )
        .execute();
      const full = await uploadEvidence(otherReporter, '第二十一个.pdf', makePdf());
      expect(full.message).toContain('20');
      await db(t).deleteFrom('filing.wyf_evidence').where('id', 'like', `pending-${kind}-%`).execute();
      expect((await call(t, 'GET', '/wyf/reporter/get')).body.state).not.toBe(200);
    });

    it('takes a report from a signed-in reporter and lets the authority triage it step by step', async () => {
      const early = await post('/wyf/clue/submit', clue, reporter);
      expect(early.body.message).toContain('举报人信息');
      expect((await call(t, 'GET', '/wyf/reporter/get', { token: reporter })).body.data).toEqual({
        complete: false,
        reporter: null,
      });
      const details = {
        realName: '赵六',
        organisation: '某律师事务所',
        idType: 'ID_CARD',
        idNumber: '110101199001011234',
        contactPhone: '13800000000',
        email: 'zhao@example.cn',
      };
      expect((await post('/wyf/reporter/save', details, reporter)).body.state).toBe(200);
      expect((await call(t, 'GET', '/wyf/reporter/get', { token: reporter })).body.data).toMatchObject({
        complete: true,
        reporter: details,
      });
      expect((await uploadEvidence(reporter, '合同.pdf', makeExe())).state).toBe(6010101);
      const evidence = await uploadEvidence(reporter, '交割公告.pdf', makePdf());
      expect(evidence.state).toBe(200);
      await post('/wyf/reporter/save', { ...details, realName: '钱七' }, otherReporter);
      // Another account cannot claim this evidence.
      expect(
        (await post('/wyf/clue/submit', { ...clue, evidenceIds: [evidence.data.id] }, otherReporter)).body
          .message,
      ).toContain('证据');
      const submitted = await post(
        '/wyf/clue/submit',
        { ...clue, evidenceIds: [evidence.data.id] },
        reporter,
      );
      expect(submitted.body.state).toBe(200);
      const id = submitted.body.data.id as string;
      expect(titlesOfClues(await post('/wyf/clue/mine', {}, reporter))).toEqual([id]);
      expect(titlesOfClues(await post('/wyf/clue/mine', {}, otherReporter))).toEqual([]);

      expect((await post('/wyf/clue/query', {}, enterpriseAdmin)).body.state).toBe(6010104);
      expect((await post('/wyf/clue/query', {}, plain)).body.state).toBe(6010104);
      expect((await post('/wyf/clue/query', {}, reporter)).body.state).not.toBe(200);
      const queue = await post(
        '/wyf/clue/query',
        {
          parameters: [
            { key: 'state', value: 'NEW' },
            { key: 'keyword', value: '澜沧' },
          ],
        },
        lead,
      );
      expect(titlesOfClues(queue)).toEqual([id]);
      expect(
        (await post('/wyf/clue/query', { parameters: [{ key: 'createdFrom', value: 'today' }] }, lead)).body
          .state,
      ).toBe(6010101);

      const step = (body: Record<string, unknown>) => post('/wyf/clue/triage', { id, ...body }, lead);
      expect((await step({ action: 'link', caseId: ids.liveCase })).body.message).toContain('新线索');
      expect((await step({ action: 'assign', assigneeAccountId: 'nobody' })).body.message).toContain(
        '本机关',
      );
      expect((await step({ action: 'assign', assigneeAccountId: plainId })).body.state).toBe(200);
      expect((await step({ action: 'link', caseId: 'missing' })).body.state).toBe(6010101);
      expect((await step({ action: 'link', caseId: ids.liveCase })).body.state).toBe(200);
      expect((await step({ action: 'close', reason: '重复' })).body.state).toBe(6010101);

      const detail = (await post('/wyf/clue/get', { id }, lead)).body.data;
      expect(detail).toMatchObject({
        state: 'LINKED',
        linkedCaseId: ids.liveCase,
        assigneeAccountId: plainId,
        reporter: { realName: '赵六' },
      });
      expect(
        detail.steps.map((s: { action: string; toState: string }) => `${s.action}:${s.toState}`),
      ).toEqual(['submit:NEW', 'assign:ASSIGNED', 'link:LINKED']);
      expect(detail.evidence).toEqual([
        expect.objectContaining({ fileName: '交割公告.pdf', mime: 'application/pdf' }),
      ]);
      const file = await fetch(`${t.api}/wyf/evidence/download?id=${detail.evidence[0].id}`, {
        headers: { authorization: `Bearer ${lead}` },
      });
      expect(file.headers.get('content-disposition')).toContain('attachment');
      expect(Buffer.from(await file.arrayBuffer()).equals(makePdf())).toBe(true);
      const denied = await fetch(`${t.api}/wyf/evidence/download?id=${detail.evidence[0].id}`, {
        headers: { authorization: `Bearer ${enterpriseAdmin}` },
      });
      expect(((await denied.json()) as { state: number }).state).toBe(6010104);
    });
  });
});

function titlesOfClues(r: { body: { data: { dataResult: { id: string }[] } } }) {
  return r.body.data.dataResult.map((c) => c.id);
}
