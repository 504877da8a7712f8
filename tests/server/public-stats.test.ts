/**
 * The public statistics (issue 25): over a register of several years plus cases of our own, each
 * year's counts are the three lists' totals for that year, quarters add up to their years and years to
 * the total, the days from acceptance to decision come from the cases that have both dates, a hidden row
 * or a withdrawn case's row counts nowhere, bad years answer translated errors, and the open data carries
 * the same rows (CSV with BOM, code and label columns, in the request's language; JSON keys).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../server/auth/tokens.ts';
import { addDays, chinaDate } from '../../server/modules/filing/dates.ts';
import { STATS_FIELDS } from '../../server/modules/public/stats/stats-open-data.ts';
import { call, startTestServer, type TestServer } from '../support/server.ts';
import { db, demoTenantId } from './auth-support.ts';
import { dbKindsOf } from './databases.ts';

const today = chinaDate(new Date());

interface Row {
  scope: string;
  year: number | null;
  quarter: number | null;
  industry: string | null;
  decisions: number;
  unconditional: number;
  conditional: number;
  prohibition: number;
  simplified: number;
  normal: number;
  procedureUnknown: number;
  notices: number;
  timedCases: number;
  averageDays: number | null;
  medianDays: number | null;
}

const COUNTS = [
  'decisions',
  'unconditional',
  'conditional',
  'prohibition',
  'simplified',
  'normal',
  'procedureUnknown',
  'notices',
  'timedCases',
] as const;

/** The CSV's rows (no quoted line ends in these files). */
const csvRows = (text: string) =>
  text
    .split('\r\n')
    .filter(Boolean)
    .map((line) => line.split(','));

describe.each(dbKindsOf(import.meta.url))('public statistics on %s', (kind) => {
  let t: TestServer;
  const hiddenId = newId();

  const stats = async (body: Record<string, unknown> = {}, lang = 'zh-CN') =>
    call(t, 'POST', '/publicity/stats', { body, headers: { 'accept-language': lang } });
  const figures = async (body: Record<string, unknown> = {}) => {
    const r = await stats(body);
    expect(r.body.state, r.body.message).toBe(200);
    return r.body.data as { firstYear: number; lastYear: number; rows: Row[] };
  };
  const scoped = (rows: Row[], scope: string) => rows.filter((r) => r.scope === scope);
  const yearRow = (rows: Row[], year: number) => scoped(rows, 'year').find((r) => r.year === year)!;
  const listTotal = async (list: string, from: string, to: string, year: number) => {
    const r = await call(t, 'POST', `/publicity/${list}/query`, {
      body: {
        parameters: [
          { key: `${from}`, value: `${year}-01-01` },
          { key: `${to}`, value: `${year}-12-31` },
        ],
        requestPage: { pageNo: 1, limit: 1 },
      },
    });
    expect(r.body.state, r.body.message).toBe(200);
    return r.body.data.pageResult.totalCount as number;
  };

  /** The number of clearances the lists show (the register's and the cases' of our own). */
  let publicClearances = 0;

  /**
   * A register without cases over four years, as the demo's historic one: clearances in batches every
   * quarter, decisions, closed notices, varied procedures and industries (some unrecorded); and every kind
   * of row the lists leave out, and the still-LIVE notice past its last day that they count as closed.
   */
  async function seedRegister() {
    const years = [2019, 2020, 2021, 2022];
    const batches = years.map((year) => ({
      id: newId(),
      title: `${year}年统计测试批次`,
      published_on: `${year + 1}-01-10`,
    }));
    await db(t).insertInto('filing.publication_batch').values(batches).execute();
    const INDUSTRIES = [['C2720'], ['B0610'], ['F5123'], []];
    const PROCEDURES = ['SIMPLIFIED', 'NORMAL', null];
    let n = 0;
    const row = (extra: Record<string, unknown>) => {
      n += 1;
      return {
        id: newId(),
        title: `统计测试登记${n}`,
        parties: '甲公司、乙公司',
        industries: INDUSTRIES[n % 4],
        ...extra,
      };
    };
    const two = (v: number) => String(v).padStart(2, '0');
    const rows: Record<string, unknown>[] = [];
    years.forEach((year, yi) => {
      for (let q = 1; q <= 4; q += 1) {
        for (let i = 0; i < 1 + ((yi + q) % 3); i += 1) {
          rows.push(
            row({
              kind: 'CLEARANCE',
              batch_id: batches[yi].id,
              seq: rows.length + 1,
              procedure: PROCEDURES[(n + i) % 3],
              decided_on: `${year}-${two((q - 1) * 3 + 1 + (i % 3))}-15`,
            }),
          );
          publicClearances += 1;
        }
        rows.push(
          row({
            kind: 'NOTICE',
            procedure: 'SIMPLIFIED',
            notice_state: 'CLOSED',
            live_from: `${year}-${two(q * 3 - 1)}-05`,
            live_until: `${year}-${two(q * 3 - 1)}-19`,
          }),
        );
      }
      rows.push(row({ kind: 'CONDITIONAL', procedure: 'NORMAL', decided_on: `${year}-06-20` }));
    });
    rows.push(
      row({ kind: 'PROHIBITION', procedure: 'NORMAL', decided_on: '2020-11-03' }),
      // Counted in its first day's year, though it ends in the next.
      row({
        kind: 'NOTICE',
        procedure: 'SIMPLIFIED',
        notice_state: 'CLOSED',
        live_from: '2021-12-28',
        live_until: '2022-01-11',
      }),
      // Counted: marked LIVE past its last day (closed for the public), and one live today.
      row({
        kind: 'NOTICE',
        procedure: 'SIMPLIFIED',
        notice_state: 'LIVE',
        live_from: '2022-12-01',
        live_until: '2022-12-14',
      }),
      row({
        kind: 'NOTICE',
        procedure: 'SIMPLIFIED',
        notice_state: 'LIVE',
        live_from: addDays(today, -2),
        live_until: addDays(today, 5),
      }),
      // Never public: outside a batch, undecided, decided after today, a notice scheduled, of a normal
      // case, or not live yet.
      row({ kind: 'CLEARANCE', procedure: 'SIMPLIFIED', decided_on: '2020-05-05' }),
      row({ kind: 'CLEARANCE', batch_id: batches[1].id, seq: 900, procedure: 'SIMPLIFIED' }),
      row({ kind: 'CLEARANCE', batch_id: batches[3].id, seq: 901, decided_on: addDays(today, 30) }),
      row({ kind: 'CONDITIONAL', procedure: 'NORMAL', decided_on: addDays(today, 30) }),
      row({ kind: 'NOTICE', procedure: 'SIMPLIFIED', notice_state: 'SCHEDULED', live_from: '2021-03-01' }),
      row({
        kind: 'NOTICE',
        procedure: 'NORMAL',
        notice_state: 'CLOSED',
        live_from: '2021-03-01',
        live_until: '2021-03-12',
      }),
      row({
        kind: 'NOTICE',
        procedure: 'SIMPLIFIED',
        notice_state: 'LIVE',
        live_from: addDays(today, 3),
        live_until: addDays(today, 13),
      }),
    );
    await db(t)
      .insertInto('filing.publication')
      .values(rows as never)
      .execute();
  }

  beforeAll(async () => {
    t = await startTestServer(kind, { openDataPerMinute: 0 }, { filingWorkers: false });
    await seedRegister();
    // Cases of our own in 2021 with acceptance and decision dates, published like the publisher would.
    const owner = await demoTenantId(t);
    const batchId = newId();
    await db(t)
      .insertInto('filing.publication_batch')
      .values({ id: batchId, title: '2021年统计测试批次', published_on: '2021-08-01' })
      .execute();
    const cases = {
      a: { accepted: '2021-03-01', decided: '2021-03-31', state: 'CLEARED' }, // 30 days, Q1
      b: { accepted: '2021-04-01', decided: '2021-05-11', state: 'CLEARED' }, // 40 days, Q2
      d: { accepted: '2021-01-04', decided: '2021-07-02', state: 'CLEARED_WITH_CONDITIONS' }, // 179, Q3
      n: { accepted: null, decided: '2021-06-01', state: 'CLEARED' }, // no acceptance date
      w: { accepted: '2021-02-01', decided: '2021-06-15', state: 'WITHDRAWN' }, // never public
    };
    const ids = Object.fromEntries(Object.keys(cases).map((k) => [k, newId()]));
    await db(t)
      .insertInto('filing.case')
      .values(
        Object.entries(cases).map(([k, c], i) => ({
          id: ids[k],
          owner_tenant_id: owner,
          title: `统计测试案件${k}`,
          case_no: `JZSB2021-90${i}`,
          state: c.state,
          procedure: 'SIMPLIFIED',
          accepted_on: c.accepted,
          decided_on: c.decided,
        })) as never,
      )
      .execute();
    const pub = (k: keyof typeof cases, extra: Record<string, unknown>) => ({
      id: newId(),
      case_id: ids[k],
      title: `统计测试案件${k}`,
      parties: '甲公司、乙公司',
      industries: ['C2720'],
      decided_on: cases[k].decided,
      ...extra,
    });
    const clearance = { kind: 'CLEARANCE', batch_id: batchId, procedure: 'SIMPLIFIED' };
    await db(t)
      .insertInto('filing.publication')
      .values([
        pub('a', { ...clearance, seq: 1 }),
        pub('b', { ...clearance, seq: 2 }),
        pub('n', { ...clearance, seq: 3, procedure: null, industries: [] }),
        pub('w', { ...clearance, seq: 4 }),
        pub('d', { kind: 'CONDITIONAL', procedure: 'NORMAL' }),
        // Hidden (as a withdrawn notice would be): never public.
        { ...pub('a', { ...clearance, seq: 5 }), id: hiddenId, case_id: null, hidden_at: new Date() },
      ] as never)
      .execute();
  }, 180_000);
  afterAll(async () => t?.close());

  it('counts each year exactly as the three lists total it', async () => {
    const { firstYear, lastYear, rows } = await figures();
    expect(firstYear).toBe(2019);
    expect(lastYear).toBe(Number(addDays(today, -2).slice(0, 4)));
    expect(scoped(rows, 'year').map((r) => r.year)).toEqual(
      Array.from({ length: lastYear - firstYear + 1 }, (_, i) => firstYear + i),
    );
    let clearances = 0;
    for (let year = firstYear; year <= lastYear; year += 1) {
      const row = yearRow(rows, year);
      const [c, d, n] = await Promise.all([
        listTotal('clearance', 'decidedFrom', 'decidedTo', year),
        listTotal('decision', 'decidedFrom', 'decidedTo', year),
        listTotal('notice', 'liveFrom', 'liveTo', year),
      ]);
      expect({ year, c: row.unconditional, d: row.conditional + row.prohibition, n: row.notices }).toEqual({
        year,
        c,
        d,
        n,
      });
      clearances += c;
    }
    // The register's and our 2021 cases' (a, b and the one without acceptance).
    expect(clearances).toBe(publicClearances + 3);
    // A year range answers the same rows for its years, and only those.
    const some = await figures({ fromYear: '2020', toYear: 2022 });
    expect(scoped(some.rows, 'year').map((r) => r.year)).toEqual([2020, 2021, 2022]);
    expect(yearRow(some.rows, 2021)).toEqual(yearRow(rows, 2021));
    expect(scoped(some.rows, 'total')[0].decisions).toBe(
      [2020, 2021, 2022].reduce((s, y) => s + yearRow(rows, y).decisions, 0),
    );
  });

  it('adds quarters up to their years, years and industries up to the total', async () => {
    const { rows } = await figures();
    const [total] = scoped(rows, 'total');
    for (const year of scoped(rows, 'year')) {
      const quarters = scoped(rows, 'quarter').filter((q) => q.year === year.year);
      expect(quarters.length).toBeGreaterThan(0);
      for (const f of COUNTS)
        expect(
          quarters.reduce((s, q) => s + q[f], 0),
          `${year.year} ${f}`,
        ).toBe(year[f]);
      expect(year.decisions).toBe(year.unconditional + year.conditional + year.prohibition);
      expect(year.decisions).toBe(year.simplified + year.normal + year.procedureUnknown);
    }
    for (const scope of ['year', 'industry', 'industryYear'])
      for (const f of COUNTS)
        expect(
          scoped(rows, scope).reduce((s, r) => s + r[f], 0),
          `${scope} ${f}`,
        ).toBe(total[f]);
    // The current year lists no quarter after today's.
    const thisYear = Number(today.slice(0, 4));
    const quarterNow = Math.floor((Number(today.slice(5, 7)) - 1) / 3) + 1;
    expect(
      Math.max(
        ...scoped(rows, 'quarter')
          .filter((q) => q.year === thisYear)
          .map((q) => q.quarter!),
      ),
    ).toBe(quarterNow);
  });

  it('averages the days from acceptance to decision of the cases with both dates only', async () => {
    const { rows } = await figures({ fromYear: 2021, toYear: 2021 });
    const [total] = scoped(rows, 'total');
    // a 30, b 40, d 179: the historic register and the case without acceptance count in totals only.
    expect(total).toMatchObject({ timedCases: 3, averageDays: 83, medianDays: 40 });
    expect(total.decisions).toBeGreaterThan(4);
    const quarter = (q: number) => scoped(rows, 'quarter').find((r) => r.quarter === q)!;
    expect([1, 2, 3, 4].map((q) => [quarter(q).timedCases, quarter(q).averageDays])).toEqual([
      [1, 30],
      [1, 40],
      [1, 179],
      [0, null],
    ]);
    // By industry: the cases are all in manufacturing (C); the one without an industry is its own row.
    const manufacturing = scoped(rows, 'industry').find((r) => r.industry === 'C')!;
    expect(manufacturing).toMatchObject({ timedCases: 3, averageDays: 83, medianDays: 40 });
    expect(scoped(rows, 'industry').find((r) => r.industry === null)).toMatchObject({ timedCases: 0 });
    // Another year: nothing timed (the historic register has no cases).
    const [other] = scoped((await figures({ fromYear: 2019, toYear: 2019 })).rows, 'total');
    expect(other).toMatchObject({ timedCases: 0, averageDays: null, medianDays: null });
  });

  it('counts neither a hidden publication nor one of a withdrawn case', async () => {
    const before = yearRow((await figures({ fromYear: 2021, toYear: 2021 })).rows, 2021);
    // The lists agree without them (the withdrawn case's and the hidden clearance are both of 2021).
    expect(before.unconditional).toBe(await listTotal('clearance', 'decidedFrom', 'decidedTo', 2021));
    // Shown again, the hidden row counts: the figures follow the rule, not a fixed number.
    await db(t)
      .updateTable('filing.publication')
      .set({ hidden_at: null })
      .where('id', '=', hiddenId)
      .execute();
    try {
      const after = yearRow((await figures({ fromYear: 2021, toYear: 2021 })).rows, 2021);
      expect(after.unconditional).toBe(before.unconditional + 1);
    } finally {
      await db(t)
        .updateTable('filing.publication')
        .set({ hidden_at: new Date() })
        .where('id', '=', hiddenId)
        .execute();
    }
  });

  it('refuses bad years with a translated message naming the filter', async () => {
    const bad = await stats({ fromYear: 'abc' });
    expect(bad.body.state).toBe(6010101);
    expect(bad.body.message).toBe('查询条件“起始年份”的值无效');
    const order = await stats({ fromYear: 2022, toYear: 2020 }, 'en');
    expect(order.body.state).toBe(6010101);
    expect(order.body.message).toBe('The value of the filter "To year" is not valid');
    expect((await stats({ toYear: '20211' }, 'zh-TW')).body.message).toBe('查詢條件「截止年份」的值無效');
    expect((await stats({ fromYear: 2021.5 })).body.state).toBe(6010101);
    const download = await fetch(`${t.api}/publicity/openData/stats?format=csv&fromYear=soon`, {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(download.status).toBe(400);
    expect(((await download.json()) as { message: string }).message).toBe('查询条件“起始年份”的值无效');
  });

  it('serves the same rows as CSV with BOM, code and label columns, and as JSON', async () => {
    const { rows } = await figures({ fromYear: 2021, toYear: 2022 });
    const csv = await fetch(`${t.api}/publicity/openData/stats?format=csv&fromYear=2021&toYear=2022`, {
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(csv.status).toBe(200);
    expect(csv.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(csv.headers.get('content-disposition')).toMatch(/attachment; filename="statistics-2021-2022-/);
    const bytes = new Uint8Array(await csv.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...lines] = csvRows(new TextDecoder().decode(bytes.slice(3)));
    expect(header.slice(0, 6)).toEqual(['统计口径代码', '统计口径', '年度', '季度', '行业代码', '行业']);
    expect(header).toHaveLength(STATS_FIELDS.length + 2);
    expect(lines).toHaveLength(rows.length);
    expect(lines[0].slice(0, 2)).toEqual(['total', '合计']);
    const manufacturing = lines.find((l) => l[0] === 'industry' && l[4] === 'C')!;
    expect(manufacturing[5]).toBe('制造业');
    expect(lines.find((l) => l[0] === 'industry' && l[4] === '')![5]).toBe('行业未注明');
    // A year's cells are the figures of the call.
    const y2021 = lines.find((l) => l[0] === 'year' && l[2] === '2021')!;
    expect(Number(y2021[header.indexOf('审结案件')])).toBe(yearRow(rows, 2021).decisions);

    const english = await fetch(`${t.api}/publicity/openData/stats?format=csv&fromYear=2021&lang=en`);
    const [enHeader, enTotal] = csvRows((await english.text()).replace(/^\uFEFF/, ''));
    expect(enHeader.slice(0, 2)).toEqual(['Scope code', 'Scope']);
    expect(enTotal.slice(0, 2)).toEqual(['total', 'Total']);

    const json = await fetch(`${t.api}/publicity/openData/stats?format=json&fromYear=2021&toYear=2022`);
    expect(json.headers.get('content-type')).toMatch(/^application\/json/);
    const records = (await json.json()) as Record<string, unknown>[];
    expect(records).toHaveLength(rows.length);
    expect(Object.keys(records[0])).toEqual([...STATS_FIELDS]);
    const total = scoped(rows, 'total')[0];
    expect(records[0]).toMatchObject({
      scope: 'total',
      decisions: total.decisions,
      procedure_unknown: total.procedureUnknown,
      timed_cases: 3,
      average_days: 83,
      median_days: 40,
    });
  });
});
