/**
 * Large lists on both databases: the first page of a big unfiltered list answers the planner's estimate
 * flagged totalExact: false instead of counting every row; filtered and small lists count exactly. Name
 * search through the bigram index returns exactly ILIKE '%v%''s rows (two-character Chinese substrings,
 * escapes, letter case); account, mobile and e-mail filter by case-insensitive prefix, exactly ILIKE 'v%'.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tenantSchemaName } from '../../server/db/tenant-space.ts';
import { EXACT_COUNT_LIMIT } from '../../server/http/list-count.ts';
import { fillEmployees } from '../../tools/bench/bench-data.ts';
import { call, loginAsAdmin, startTestServer, type TestServer } from '../support/server.ts';
import { dbKindsOf } from './databases.ts';

const ROWS = EXACT_COUNT_LIMIT + 3_000;

describe.each(dbKindsOf(import.meta.url))('large lists on %s', (kind) => {
  let t: TestServer;
  let admin: string;
  const schema = tenantSchemaName('demo');
  const db = () => t.server.database.db;
  const query = (body: unknown) => call(t, 'POST', '/employee/query', { token: admin, body });
  const ids = async (body: Record<string, unknown>) => {
    const r = await query({ ...body, requestPage: { pageNo: 1, limit: 1000 } });
    expect(r.body.state).toBe(200);
    return (r.body.data.dataResult as { id: string }[]).map((e) => e.id).sort();
  };
  const whereIds = async (condition: ReturnType<typeof sql>) =>
    (
      await sql<{
        id: string;
      }>`select id from ${sql.id(schema, 'employee')} where ${condition} order by id`.execute(db())
    ).rows
      .map((r) => r.id)
      .sort();
  const escape = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

  beforeAll(async () => {
    t = await startTestServer(kind);
    admin = await loginAsAdmin(t);
  }, 120_000);
  afterAll(async () => t?.close());

  it('counts a small list exactly', async () => {
    const r = await query({ requestPage: { pageNo: 1, limit: 20 } });
    const n = await sql<{ n: number }>`select count(*)::int as n from ${sql.id(schema, 'employee')}`.execute(
      db(),
    );
    expect(r.body.data.pageResult).toMatchObject({ totalCount: n.rows[0].n, totalExact: true });
  });

  describe('with more rows than are counted exactly', () => {
    let actual = 0;
    beforeAll(async () => {
      await fillEmployees(db(), schema, ROWS);
      // Rows the search must find or miss: letter case, LIKE's own characters, a one-character name.
      await sql`insert into ${sql.id(schema, 'employee')} (id, account, name, email, mobile) values
        ('s1', 'MixedCase01', 'Ab王伟Cd', 'Mixed.Case@Example.cn', '13812345678'),
        ('s2', 'under_score', '王_伟', 'under_score@example.cn', '13812349999'),
        ('s3', 'per%cent', '100%伟大', 'per%cent@example.cn', '15500000000'),
        ('s4', 'single', '伟', null, null),
        ('s5', 'backslash', 'a\\b王', 'back\\slash@example.cn', '1381')`.execute(db());
      actual = (
        await sql<{ n: number }>`select count(*)::int as n from ${sql.id(schema, 'employee')}`.execute(db())
      ).rows[0].n;
    }, 120_000);

    it('estimates the first page of the unfiltered list and flags it', async () => {
      const r = await query({ requestPage: { pageNo: 1, limit: 20 } });
      const page = r.body.data.pageResult;
      expect(page.totalExact).toBe(false);
      expect(page.totalCount).toBeGreaterThan(EXACT_COUNT_LIMIT);
      expect(Math.abs(page.totalCount - actual) / actual).toBeLessThan(0.25);
      expect(r.body.data.dataResult).toHaveLength(20);
    });

    it('keeps a total the client already has on later pages, with its flag', async () => {
      const r = await query({ requestPage: { pageNo: 3, limit: 20, totalCount: 12_345, totalExact: false } });
      expect(r.body.data.pageResult).toMatchObject({ totalCount: 12_345, totalExact: false, page: 3 });
    });

    it('counts a filtered list exactly, however the planner guesses', async () => {
      const r = await query({
        parameters: [{ key: 'status', value: ['disabled'] }],
        requestPage: { pageNo: 1 },
      });
      const n = (await whereIds(sql`status = 'disabled'`)).length;
      expect(n).toBeGreaterThan(1000);
      expect(r.body.data.pageResult).toMatchObject({ totalCount: n, totalExact: true });
    });

    it('counts a filtered first page in the statement that finds it, and nothing leaks into the rows', async () => {
      const r = await query({
        parameters: [{ key: 'name', value: '王伟' }],
        requestPage: { pageNo: 1, limit: 5 },
      });
      const want = (await whereIds(sql`name ilike '%王伟%'`)).length;
      expect(r.body.data.pageResult).toMatchObject({
        totalCount: want,
        totalExact: true,
        totalPages: Math.ceil(want / 5),
      });
      expect(r.body.data.dataResult).toHaveLength(5);
      for (const row of r.body.data.dataResult) expect(Object.keys(row)).not.toContain('__list_total');
      const none = await query({
        parameters: [{ key: 'name', value: '无此人名' }],
        requestPage: { pageNo: 1 },
      });
      expect(none.body.data.pageResult).toMatchObject({ totalCount: 0, totalExact: true });
      expect(none.body.data.dataResult).toEqual([]);
    });

    it('counts a filtered list up to the limit and estimates past it', async () => {
      const r = await query({
        parameters: [{ key: 'status', value: ['actived'] }],
        requestPage: { pageNo: 1 },
      });
      const n = (await whereIds(sql`status = 'actived'`)).length;
      expect(n).toBeGreaterThan(EXACT_COUNT_LIMIT);
      expect(r.body.data.pageResult.totalExact).toBe(false);
      expect(r.body.data.pageResult.totalCount).toBeGreaterThan(EXACT_COUNT_LIMIT);
    });

    it('finds by name exactly the rows ILIKE finds', async () => {
      for (const v of [
        '王伟',
        '伟',
        '李芳',
        '秀英',
        '王_',
        '_伟',
        '%伟',
        'ab王',
        'AB王伟CD',
        '0%',
        'a\\b',
        '赵',
        '伟大',
      ]) {
        const got = await ids({ parameters: [{ key: 'name', value: v }] });
        const want = await whereIds(sql`name ilike ${`%${escape(v)}%`}`);
        expect(want.length, v).toBeLessThanOrEqual(1000);
        expect(got, v).toEqual(want);
        const counted = await query({
          parameters: [{ key: 'name', value: v }],
          requestPage: { pageNo: 1, limit: 1 },
        });
        if (want.length <= EXACT_COUNT_LIMIT)
          expect(counted.body.data.pageResult.totalCount, v).toBe(want.length);
      }
    });

    it('serves a two-character name search from the bigram index', async () => {
      const plan = await db()
        .transaction()
        .execute(async (tx) => {
          await sql`set local enable_seqscan = off`.execute(tx);
          return sql<{ 'QUERY PLAN': string }>`explain select id from ${sql.id(schema, 'employee')} e
            where platform.bigrams(lower(e.name)) @> platform.bigrams(lower(${'王伟'}))`.execute(tx);
        });
      expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('employee_name_bigrams_idx');
    });

    it('filters account, mobile and e-mail by case-insensitive prefix, exactly as ILIKE does', async () => {
      const cases: [string, string, string][] = [
        ['account', 'account', 'bench123'],
        ['account', 'account', 'MIXEDcase'],
        ['account', 'account', 'under_'],
        ['account', 'account', 'per%'],
        ['mobile', 'mobile', '1381'],
        ['mobile', 'mobile', '13900012'],
        ['email', 'email', 'mixed.case@'],
        ['email', 'email', 'back\\'],
        ['email', 'email', 'bench99'],
      ];
      for (const [key, column, v] of cases) {
        const got = await ids({ parameters: [{ key, value: v }] });
        const want = await whereIds(sql`${sql.ref(column)} ilike ${`${escape(v)}%`}`);
        expect(want.length, v).toBeLessThanOrEqual(1000);
        expect(got, `${key} ${v}`).toEqual(want);
      }
      // Prefix, not substring: the middle of an account finds nothing.
      expect(await ids({ parameters: [{ key: 'account', value: 'xedCase' }] })).toEqual([]);
    });
  });
});
