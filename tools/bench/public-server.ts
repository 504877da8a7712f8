/**
 * `npm run bench public` (server figure): keyword search over the published clearances with 10,000
 * rows — the public dataset of the demo seed topped up with generated deals — through the same query the
 * `publicity.clearance.query` handler runs (filters, bigram index, sort, first page, count). Keywords are
 * two-character substrings of real rows' case and party names. Embedded PGlite in-process, and a
 * fresh PostgreSQL database too when BENCH_POSTGRES_URL names a server (e.g. postgres://postgres@127.0.0.1:5432/test). Prints figures; asserts nothing. Goal: p95 ≤ 30 ms.
 */
import { openDatabase, type Db } from '../../server/db/database.ts';
import { migrateAll } from '../../server/modules/spaces.ts';
import { HolidayCalendar } from '../../server/modules/filing/calendar.ts';
import { chinaDate } from '../../server/modules/filing/dates.ts';
import { officialCalendarDays } from '../../server/modules/filing/holidays-cn.ts';
import { applySortAndPage } from '../../server/http/list-query.ts';
import { filtersFromParameters } from '../../server/modules/public/filters.ts';
import {
  countPublications,
  filteredPublications,
  LIST_SPECS,
  selectRow,
} from '../../server/modules/public/publications.ts';
import { bulkInsert } from '../../server/seed/filing/bulk.ts';
import { seedDemoNews } from '../../server/seed/filing/news.ts';
import { generateDeal, seedPublicDataset } from '../../server/seed/filing/public.ts';
import { Random } from '../../server/seed/filing/random.ts';
import { sql } from 'kysely';
import pg from 'pg';
import { figure } from './goals.ts';

const ROWS = 10_000;
const QUERIES = 300;

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];

async function fill(db: Db, today: string): Promise<void> {
  const t0 = performance.now();
  await seedPublicDataset(db, new HolidayCalendar(officialCalendarDays()), today);
  const seeded = performance.now() - t0;
  const n0 = performance.now();
  await seedDemoNews(db, today);
  const news = performance.now() - n0;
  const have = Number(
    (
      await db
        .selectFrom('filing.publication')
        .select((e) => e.fn.countAll().as('n'))
        .where('kind', '=', 'CLEARANCE')
        .executeTakeFirstOrThrow()
    ).n,
  );
  const r = new Random(4754);
  const batch = 'bench-batch';
  await db
    .insertInto('filing.publication_batch')
    .values({ id: batch, title: '补充批次', published_on: '2019-06-30' })
    .execute();
  const rows = Array.from({ length: Math.max(0, ROWS - have) }, (_, i) => {
    const deal = generateDeal(r);
    return {
      id: `bench-${i}`,
      kind: 'CLEARANCE',
      batch_id: batch,
      seq: i + 1,
      title: deal.title,
      parties: deal.parties.map((p) => p.zh).join('、'),
      procedure: r.chance(0.8) ? 'SIMPLIFIED' : 'NORMAL',
      transaction_mode: deal.mode,
      industries: [deal.industry],
      decided_on: '2019-06-01',
      variations: [],
    };
  });
  await bulkInsert(db, 'filing.publication', rows as never);
  await sql`analyze filing.publication`.execute(db);
  console.log(
    `  public dataset ${seeded.toFixed(0)} ms, demo news ${news.toFixed(1)} ms; ${have} clearances topped up to ${ROWS}`,
  );
}

async function keywordsFrom(db: Db): Promise<string[]> {
  const names = await db
    .selectFrom('filing.publication')
    .select(['title', 'parties'])
    .where('kind', '=', 'CLEARANCE')
    .orderBy('id')
    .limit(QUERIES)
    .execute();
  const r = new Random(2008);
  return names.map(({ title, parties }) => {
    const text = [...(r.chance(0.5) ? title : parties || title)].filter((c) => /\p{Script=Han}/u.test(c));
    const at = r.int(0, Math.max(0, text.length - 2));
    return text.slice(at, at + 2).join('');
  });
}

async function search(db: Db, keyword: string, today: string) {
  const req = { parameters: [{ key: 'keyword', value: keyword }], requestPage: { pageNo: 1, limit: 20 } };
  const filters = filtersFromParameters('clearance', req.parameters);
  const base = filteredPublications(db, 'clearance', filters, today);
  const { query } = applySortAndPage(selectRow(base, 'clearance', today), LIST_SPECS.clearance, req);
  const rows = await query.execute();
  const total = await countPublications(db, 'clearance', filters, today);
  return { rows: rows.length, total };
}

async function benchOn(label: string, db: Db): Promise<void> {
  const today = chinaDate(new Date());
  await fill(db, today);
  const keywords = await keywordsFrom(db);
  for (const k of keywords.slice(0, 20)) await search(db, k, today); // warm-up
  const times: number[] = [];
  let matched = 0;
  for (const k of keywords) {
    const s = performance.now();
    matched += (await search(db, k, today)).total;
    times.push(performance.now() - s);
  }
  console.log(
    `  ${label}: ${keywords.length} searches, p50 ${pct(times, 50).toFixed(1)} ms, mean matches ${(matched / keywords.length).toFixed(0)}`,
  );
  figure(`keyword search p95, ${ROWS.toLocaleString('en')} rows (${label})`, pct(times, 95), 'ms', 30, 'max');
}

export async function publicServerBench(): Promise<void> {
  console.log('\nPublic query page, server (keyword search):');
  const lite = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrateAll(lite.db);
    await benchOn('PGlite', lite.db);
  } finally {
    await lite.close();
  }
  // A fresh PostgreSQL database of its own (created and dropped here), never the one DATABASE_URL names.
  const admin = process.env.BENCH_POSTGRES_URL;
  if (admin) {
    const name = `mf_bench_public_${process.pid}`;
    const client = new pg.Client({ connectionString: admin });
    await client.connect();
    await client.query(`create database ${name}`);
    const url = new URL(admin);
    url.pathname = `/${name}`;
    const d = await openDatabase({ dataDir: 'memory://', databaseUrl: url.toString() });
    try {
      await migrateAll(d.db);
      await benchOn('PostgreSQL', d.db);
    } finally {
      await d.close();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    }
  }
}
