/**
 * The public dataset of issue 13, generated deterministically: unconditional clearances in yearly series
 * of batches since 2008 (quarterly lists until 2017, weekly lists since 2018; ~6,000 rows), simplified-case
 * notices since August 2022 (~1,800, the last ones still live) with their 公示表, and the conditional and
 * prohibition decisions in full. Rows have no case behind them (case_id null): they stand for the years
 * before this system.
 */
import type { Db } from '../../db/database.ts';
import { HolidayCalendar, periodEnd } from '../../modules/filing/calendar.ts';
import { addDays, chinaMidnight, daysBetween, weekday, type PlainDate } from '../../modules/filing/dates.ts';
import { renderTemplate } from '../../modules/filing/documents/templates.ts';
import { bulkInsert } from './bulk.ts';
import { caseTitle, company, investor, type CompanyName, type TitleMode } from './names.ts';
import { Random } from './random.ts';

/** Clearances per full year (scaled to about 6,000 rows with the current year's share). */
const CLEARANCES_PER_YEAR: Record<number, number> = {
  2008: 35,
  2009: 66,
  2010: 96,
  2011: 140,
  2012: 135,
  2013: 175,
  2014: 210,
  2015: 280,
  2016: 315,
  2017: 288,
  2018: 376,
  2019: 393,
  2020: 402,
  2021: 542,
  2022: 594,
  2023: 559,
  2024: 507,
  2025: 490,
};
const LATER_YEARS_PER_YEAR = 480;
export const NOTICE_COUNT = 1800;
export const NOTICES_SINCE: PlainDate = '2022-08-01';

const MODES: [TitleMode, number][] = [
  ['EQUITY_ACQUISITION', 55],
  ['JOINT_VENTURE', 25],
  ['ASSET_ACQUISITION', 8],
  ['JOINT_TO_SOLE', 7],
  ['MERGER_ABSORPTION', 3],
  ['CONTRACT_CONTROL', 2],
];

function pickMode(r: Random): TitleMode {
  let n = r.int(1, 100);
  for (const [mode, weight] of MODES) if ((n -= weight) <= 0) return mode;
  return 'EQUITY_ACQUISITION';
}

export interface GeneratedDeal {
  title: string;
  parties: CompanyName[];
  mode: TitleMode;
  industry: string;
  product: string;
}

export function generateDeal(r: Random): GeneratedDeal {
  const mode = pickMode(r);
  const a = r.chance(0.2) ? investor(r) : company(r);
  const b = company(r, a.trade);
  const parties = [a, b];
  let title: string;
  if (mode === 'JOINT_TO_SOLE') {
    const jv = company(r, a.trade);
    parties.push(jv);
    title = caseTitle(mode, a.zh, b.zh, jv.zh);
  } else title = caseTitle(mode, a.zh, b.zh);
  return { title, parties, mode, industry: a.trade.industry, product: a.trade.product };
}

const cnDate = (d: PlainDate) =>
  `${Number(d.slice(0, 4))}年${Number(d.slice(5, 7))}月${Number(d.slice(8, 10))}日`;
const md = (d: PlainDate) => `${Number(d.slice(5, 7))}月${Number(d.slice(8, 10))}日`;

function workingDaysIn(calendar: HolidayCalendar, from: PlainDate, to: PlainDate): PlainDate[] {
  const days: PlainDate[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (!calendar.isRestDay(d)) days.push(d);
  return days;
}

interface Batch {
  title: string;
  from: PlainDate;
  to: PlainDate;
  publishedOn: PlainDate;
  count: number;
}

function clearanceBatches(calendar: HolidayCalendar, today: PlainDate, r: Random): Batch[] {
  const batches: Batch[] = [];
  const year = Number(today.slice(0, 4));
  for (let y = 2008; y <= year; y++) {
    const perYear = CLEARANCES_PER_YEAR[y] ?? LATER_YEARS_PER_YEAR;
    if (y < 2018) {
      for (let q = 1; q <= 4; q++) {
        const from = `${y}-${String(q * 3 - 2).padStart(2, '0')}-01`;
        const to = addDays(q === 4 ? `${y + 1}-01-01` : `${y}-${String(q * 3 + 1).padStart(2, '0')}-01`, -1);
        const publishedOn = calendar.nextWorkingDay(addDays(to, r.int(10, 25)));
        const count = Math.round(perYear / 4 + r.int(-3, 3));
        batches.push({
          title: `${y}年第${'一二三四'[q - 1]}季度无条件批准经营者集中案件列表`,
          from,
          to,
          publishedOn,
          count: Math.max(count, 1),
        });
      }
    } else {
      // Weekly lists: Monday to Sunday, published the following working Tuesday or so.
      let monday: PlainDate = `${y}-01-01`;
      while (weekday(monday) !== 1) monday = addDays(monday, 1);
      const weeks: PlainDate[] = [];
      for (let d = monday; d.startsWith(String(y)); d = addDays(d, 7)) weeks.push(d);
      for (const from of weeks) {
        const to = addDays(from, 6);
        const publishedOn = calendar.nextWorkingDay(addDays(to, 2));
        const count = Math.max(0, Math.round(perYear / weeks.length + r.int(-4, 4)));
        batches.push({
          title: `市场监管总局无条件批准经营者集中案件列表（${cnDate(from)}—${md(to)}）`,
          from,
          to,
          publishedOn,
          count,
        });
      }
    }
  }
  return batches.filter((b) => b.count > 0 && b.publishedOn <= today);
}

function noticeForm(r: Random, deal: GeneratedDeal) {
  const [a, b] = deal.parties;
  const reasons =
    deal.mode === 'JOINT_TO_SOLE'
      ? [6]
      : r.chance(0.15)
        ? [5]
        : r.chance(0.5)
          ? [1]
          : r.chance(0.5)
            ? [3]
            : [1, 2];
  const share = () => `${r.int(0, 2) * 5}%-${r.int(1, 3) * 5}%`;
  const summary =
    `${a.zh}拟通过${deal.mode === 'JOINT_VENTURE' ? `与${b.zh}新设合营企业` : deal.mode === 'ASSET_ACQUISITION' ? `收购${b.zh}的部分资产` : `收购${b.zh}股权`}的方式${deal.mode === 'JOINT_VENTURE' ? '，共同控制该合营企业' : '取得对其的控制权'}。交易完成后，相关${deal.product}业务将由${a.zh}${deal.mode === 'JOINT_VENTURE' ? '与交易相对方共同' : '单独'}经营。`.slice(
      0,
      200,
    );
  return {
    title: deal.title,
    summary,
    partyIntros: deal.parties.map((p) => ({
      party: p.zh,
      text: `${p.zh}${p.domestic ? `注册于${p.place}` : `是一家在${p.place}注册的公司`}，主要从事${p.trade.product}等业务，最终控制人为${r.chance(0.5) ? '国有资产监督管理机构' : '自然人'}。`,
    })),
    reasons,
    remarks: reasons.some((x) => x <= 3)
      ? `${deal.product}（中国境内）：${a.zh} ${share()}，${b.zh} ${share()}。`
      : '',
  };
}

export interface PublicSeedResult {
  batches: number;
  clearances: number;
  notices: number;
  liveNotices: number;
  decisions: number;
}

const PENDING = 'demo:public-dataset-pending';

/** Asks for the public dataset to be added by the background job (first start). */
export async function markPublicDatasetPending(db: Db): Promise<void> {
  await db
    .insertInto('filing.counter')
    .values({ name: PENDING, value: 1 })
    .onConflict((oc) => oc.column('name').doNothing())
    .execute();
}

/** The background job's work: adds the dataset if the first start asked for it; then forgets the request. */
export async function seedPendingPublicDataset(db: Db, today: PlainDate): Promise<PublicSeedResult | null> {
  const pending = await db
    .selectFrom('filing.counter')
    .select('name')
    .where('name', '=', PENDING)
    .executeTakeFirst();
  if (!pending) return null;
  const calendar = new HolidayCalendar(
    await db.selectFrom('filing.calendar_day').select(['day', 'kind']).execute(),
  );
  const result = await seedPublicDataset(db, calendar, today);
  await db.deleteFrom('filing.counter').where('name', '=', PENDING).execute();
  return result;
}

export async function isPublicDatasetPending(db: Db): Promise<boolean> {
  return !!(await db
    .selectFrom('filing.counter')
    .select('name')
    .where('name', '=', PENDING)
    .executeTakeFirst());
}

/** Generates and inserts the public dataset in one transaction (skips when already there). */
export async function seedPublicDataset(
  db: Db,
  calendar: HolidayCalendar,
  today: PlainDate,
): Promise<PublicSeedResult | null> {
  const exists = await db
    .selectFrom('filing.publication')
    .select('id')
    .where('case_id', 'is', null)
    .limit(1)
    .executeTakeFirst();
  if (exists) return null;
  const r = new Random(20080801);
  const published = (d: PlainDate) => new Date(chinaMidnight(d).getTime() + 9.5 * 3600_000).toISOString();

  const batchRows: Record<string, unknown>[] = [];
  const rows: Record<string, unknown>[] = [];
  for (const b of clearanceBatches(calendar, today, r)) {
    const id = r.id();
    batchRows.push({
      id,
      title: b.title,
      published_on: b.publishedOn,
      created_by: null,
      created_at: published(b.publishedOn),
    });
    const days = workingDaysIn(calendar, b.from, b.to > today ? today : b.to);
    const decided = Array.from({ length: b.count }, () => r.pick(days.length ? days : [b.from])).sort();
    decided.forEach((day, i) => {
      const deal = generateDeal(r);
      rows.push({
        id: r.id(),
        kind: 'CLEARANCE',
        batch_id: id,
        seq: i + 1,
        title: deal.title,
        parties: deal.parties.map((p) => p.zh).join('、'),
        procedure: b.from >= '2014-02-12' && r.chance(0.8) ? 'SIMPLIFIED' : 'NORMAL',
        transaction_mode: deal.mode,
        industries: [deal.industry],
        decided_on: day,
        variations: [],
        allow_anonymous: true,
        published_at: published(b.publishedOn),
      });
    });
  }
  const clearances = rows.length;

  // Notices: spread evenly over working days since August 2022; the last ten days' ones are live.
  const noticeDays = workingDaysIn(calendar, NOTICES_SINCE, today);
  let live = 0;
  for (let i = 0; i < NOTICE_COUNT; i++) {
    const from = noticeDays[Math.floor((i * noticeDays.length) / NOTICE_COUNT)];
    const until = periodEnd(calendar, from, 10).due;
    const deal = generateDeal(r);
    const isLive = until >= today;
    if (isLive) live++;
    rows.push({
      id: r.id(),
      kind: 'NOTICE',
      title: deal.title,
      parties: deal.parties.map((p) => p.zh).join('、'),
      procedure: 'SIMPLIFIED',
      transaction_mode: deal.mode,
      industries: [deal.industry],
      live_from: from,
      live_until: until,
      notice_state: isLive ? 'LIVE' : 'CLOSED',
      notice_form: noticeForm(r, deal),
      variations: [],
      allow_anonymous: true,
      published_at: published(from),
    });
  }

  // Conditional clearances (about three a year) and the rare prohibitions, in full text.
  let decisions = 0;
  const span = daysBetween('2008-09-01', today);
  for (let i = 0; i < 48; i++) {
    const day = calendar.nextWorkingDay(addDays('2008-09-01', Math.floor((i * span) / 48) + r.int(0, 20)));
    if (day > today) continue;
    const prohibited = i === 3 || i === 40;
    const deal = generateDeal(r);
    const conditions = prohibited
      ? null
      : r.pick([
          `剥离${deal.parties[1].zh}在中国境内的${deal.product}业务；`,
          `集中后五年内，不得提高${deal.product}在中国境内的销售价格，并继续按公平、合理、无歧视的条件供应；`,
          `保持${deal.product}业务的独立运营，由监督受托人监督执行；`,
        ]);
    const term = prohibited ? null : r.pick(['自生效之日起五年', '自生效之日起八年', '自生效之日起十年']);
    const { html } = renderTemplate(prohibited ? 'PROHIBITION_DECISION' : 'CONDITIONAL_DECISION', {
      authority: day < '2018-04-10' ? '中华人民共和国商务部' : '国家市场监督管理总局',
      caseTitle: deal.title,
      caseNo: null,
      parties: deal.parties.map((p) => p.zh),
      date: day,
      conditions,
      conditionTerm: term,
      decisionText: `经审查，${deal.title}在${deal.product}市场具有或者可能具有排除、限制竞争效果。`,
    });
    rows.push({
      id: r.id(),
      kind: prohibited ? 'PROHIBITION' : 'CONDITIONAL',
      title: deal.title,
      parties: deal.parties.map((p) => p.zh).join('、'),
      procedure: 'NORMAL',
      transaction_mode: deal.mode,
      industries: [deal.industry],
      decided_on: day,
      full_text: html,
      conditions,
      condition_term: term,
      variations: [],
      allow_anonymous: true,
      published_at: published(day),
    });
    decisions++;
  }

  await db.transaction().execute(async (trx) => {
    await bulkInsert(trx, 'filing.publication_batch', batchRows);
    await bulkInsert(trx, 'filing.publication', rows);
  });
  return { batches: batchRows.length, clearances, notices: NOTICE_COUNT, liveNotices: live, decisions };
}

export { type CompanyName };
