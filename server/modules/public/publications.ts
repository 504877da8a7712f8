/**
 * Reads of what is public (domain-model.md, "What is public") for the query page and the open data:
 * clearances in their batches, simplified-case notices with their 公示表, conditional and prohibition
 * decisions. Every read goes through `visible`: nothing hidden (a withdrawn case's notice), nothing of a
 * withdrawn case, no clearance or decision without a decision date, notices of simplified cases only and
 * only once live.
 */
import { sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../db/database.ts';
import { chinaDate, type PlainDate } from '../filing/dates.ts';
import type { ListSpec } from '../../http/list-query.ts';
import {
  caseDatesCondition,
  industryCondition,
  keywordCondition,
  type Filters,
  type PublicList,
} from './filters.ts';
import './tables.ts';

/** A publication query with its alias `p` (and `b`, the batch, for clearances). */
type PubQuery = SelectQueryBuilder<any, any, any>;

const KIND: Record<PublicList, string[]> = {
  clearance: ['CLEARANCE'],
  notice: ['NOTICE'],
  decision: ['CONDITIONAL', 'PROHIBITION'],
};

export const LIST_SPECS: Record<PublicList, ListSpec> = {
  clearance: {
    filters: {},
    sorts: { decidedOn: 'p.decided_on', publishedOn: 'b.published_on', seq: 'p.seq', caseName: 'p.title' },
    // Newest decisions first: the (kind, decided_on) index walks them in order, so even a keyword most
    // rows match stops after one page. Within one batch (batchId), the batch's own order: 序号.
    defaultSort: [
      ['p.decided_on', 'desc'],
      ['p.id', 'asc'],
    ],
  },
  notice: {
    filters: {},
    sorts: { liveFrom: 'p.live_from', liveUntil: 'p.live_until', title: 'p.title' },
    defaultSort: [
      ['p.live_from', 'desc'],
      ['p.id', 'asc'],
    ],
  },
  decision: {
    filters: {},
    sorts: { decidedOn: 'p.decided_on', title: 'p.title' },
    defaultSort: [
      ['p.decided_on', 'desc'],
      ['p.id', 'asc'],
    ],
  },
};

type Order = [string, 'asc' | 'desc'][];

/**
 * The order a list's page shows by default, which the open data follows too: the list's own, except
 * within one clearance batch (batchId), where it is the batch's 序号.
 */
export function defaultOrderOf(list: PublicList, f: Filters): Order {
  if (list === 'clearance' && f.batchId)
    return [
      ['p.seq', 'asc'],
      ['p.id', 'asc'],
    ];
  return LIST_SPECS[list].defaultSort as Order;
}

/** The China date that decides whether a notice is still live. */
export const todayOf = (now: Date = new Date()): PlainDate => chinaDate(now);

/** The rules every public read obeys, whatever the list. */
function visible(q: PubQuery, list: PublicList, today: PlainDate): PubQuery {
  let out = q
    .where('p.kind', 'in', KIND[list])
    .where('p.hidden_at', 'is', null)
    .where((e: any) =>
      e.or([
        e('p.case_id', 'is', null),
        e.not(
          e.exists(
            e
              .selectFrom('filing.case as c')
              .select('c.id')
              .whereRef('c.id', '=', 'p.case_id')
              .where('c.state', '=', 'WITHDRAWN'),
          ),
        ),
      ]),
    );
  if (list === 'notice')
    out = out
      .where('p.procedure', '=', 'SIMPLIFIED')
      .where('p.notice_state', 'in', ['LIVE', 'CLOSED'])
      .where('p.live_from', '<=', today);
  else out = out.where('p.decided_on', 'is not', null).where('p.decided_on', '<=', today);
  if (list === 'clearance') out = out.where('p.batch_id', 'is not', null);
  return out;
}

/** Live: opened, not closed and not past its last day (a closing job may not have run yet). */
const liveNow = (today: PlainDate) =>
  sql<boolean>`(p.notice_state = 'LIVE' and p.live_until >= ${today}::date)`;

/** The rows of a public list with the filters applied (no select, no order): count it or page it. */
export function filteredPublications(
  db: Db,
  list: PublicList,
  f: Filters,
  today: PlainDate,
  opts: { forCount?: boolean } = {},
): PubQuery {
  let q: PubQuery = db.selectFrom('filing.publication as p');
  // The batch is joined for its columns and the publication-date filters; a count needs neither.
  if (list === 'clearance' && (!opts.forCount || f.publishedFrom || f.publishedTo))
    q = q.innerJoin('filing.publication_batch as b', 'b.id', 'p.batch_id');
  q = visible(q, list, today);
  if (f.keyword) q = q.where(keywordCondition(f.keyword));
  if (f.industry) q = q.where(industryCondition(f.industry));
  if (f.transactionMode) q = q.where('p.transaction_mode', '=', f.transactionMode);
  if (f.decidedFrom) q = q.where('p.decided_on', '>=', f.decidedFrom);
  if (f.decidedTo) q = q.where('p.decided_on', '<=', f.decidedTo);
  if (f.publishedFrom) q = q.where('b.published_on', '>=', f.publishedFrom);
  if (f.publishedTo) q = q.where('b.published_on', '<=', f.publishedTo);
  const caseDates = caseDatesCondition(f);
  if (caseDates) q = q.where(caseDates);
  if (f.procedure) q = q.where('p.procedure', '=', f.procedure);
  if (f.batchId) q = q.where('p.batch_id', '=', f.batchId);
  if (f.decisionType) q = q.where('p.kind', '=', f.decisionType);
  if (f.liveFrom) q = q.where('p.live_from', '>=', f.liveFrom);
  if (f.liveTo) q = q.where('p.live_from', '<=', f.liveTo);
  if (f.state === 'LIVE') q = q.where(liveNow(today));
  if (f.state === 'CLOSED') q = q.where(sql<boolean>`not ${liveNow(today)}`);
  return q;
}

/**
 * The number of rows a public list holds with these filters. Counted exactly: the lists are tens of
 * thousands of rows at most, and a filtered count runs on the same indexes as the page.
 */
export async function countPublications(
  db: Db,
  list: PublicList,
  f: Filters,
  today: PlainDate,
): Promise<number> {
  const row = await filteredPublications(db, list, f, today, { forCount: true })
    .select(sql<number>`count(*)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** The case's number (申报编号), by its primary key: a publication without a case has none. */
export const selectCaseNo = (e: any) =>
  e.selectFrom('filing.case as cn').select('cn.case_no').whereRef('cn.id', '=', 'p.case_id').as('case_no');

/** The columns each list shows (the detail reads add the long texts). */
export function selectRow(q: PubQuery, list: PublicList, today: PlainDate): PubQuery {
  const common = [
    'p.id',
    'p.title',
    'p.parties',
    'p.industries',
    'p.transaction_mode',
    'p.procedure',
    selectCaseNo,
  ] as const;
  if (list === 'clearance')
    return q.select([
      ...common,
      'p.seq',
      'p.batch_id',
      'p.decided_on',
      'b.title as batch_title',
      'b.published_on as batch_date',
    ]);
  if (list === 'notice')
    return q.select([
      ...common,
      'p.live_from',
      'p.live_until',
      'p.allow_anonymous',
      liveNow(today).as('live'),
    ]);
  return q.select([
    ...common,
    'p.kind',
    'p.decided_on',
    'p.conditions',
    'p.condition_term',
    'p.variations',
    'p.published_at',
  ]);
}

export type PubRow = Record<string, any>;

export const partiesOf = (joined: string | null | undefined): string[] =>
  joined ? joined.split('、').filter(Boolean) : [];

const dateText = (v: unknown): string | null =>
  v == null ? null : v instanceof Date ? v.toISOString() : String(v);

export function clearanceView(r: PubRow) {
  return {
    id: r.id as string,
    caseNo: (r.case_no ?? null) as string | null,
    seq: r.seq as number,
    batchId: r.batch_id as string,
    batchTitle: r.batch_title as string,
    batchDate: dateText(r.batch_date),
    caseName: r.title as string,
    parties: partiesOf(r.parties),
    decidedOn: dateText(r.decided_on),
    procedure: (r.procedure ?? null) as 'SIMPLIFIED' | 'NORMAL' | null,
    industry: (r.industries?.[0] ?? null) as string | null,
    transactionMode: (r.transaction_mode ?? null) as string | null,
  };
}

export function noticeView(r: PubRow) {
  return {
    id: r.id as string,
    caseNo: (r.case_no ?? null) as string | null,
    title: r.title as string,
    parties: partiesOf(r.parties),
    liveFrom: dateText(r.live_from),
    liveUntil: dateText(r.live_until),
    state: (r.live ? 'LIVE' : 'CLOSED') as 'LIVE' | 'CLOSED',
    commentable: !!r.live,
    allowAnonymous: !!r.allow_anonymous,
    industry: (r.industries?.[0] ?? null) as string | null,
    transactionMode: (r.transaction_mode ?? null) as string | null,
  };
}

export function decisionView(r: PubRow) {
  const published = r.published_at instanceof Date ? chinaDate(r.published_at) : dateText(r.published_at);
  return {
    id: r.id as string,
    caseNo: (r.case_no ?? null) as string | null,
    title: r.title as string,
    parties: partiesOf(r.parties),
    decisionType: r.kind as 'CONDITIONAL' | 'PROHIBITION',
    decidedOn: dateText(r.decided_on),
    publishedOn: published ? published.slice(0, 10) : null,
    industry: (r.industries?.[0] ?? null) as string | null,
    transactionMode: (r.transaction_mode ?? null) as string | null,
    conditions: (r.conditions ?? null) as string | null,
    conditionTerm: (r.condition_term ?? null) as string | null,
    variations: (Array.isArray(r.variations) ? r.variations : []) as { date?: string; text?: string }[],
  };
}

/** One visible publication of a list by id, with every column, or undefined. */
export async function visiblePublication(
  db: Db,
  list: PublicList,
  id: string,
  today: PlainDate,
): Promise<PubRow | undefined> {
  const q = visible(db.selectFrom('filing.publication as p'), list, today)
    .selectAll('p')
    .select(selectCaseNo)
    .select(list === 'notice' ? [liveNow(today).as('live')] : [])
    .where('p.id', '=', id);
  return (await q.executeTakeFirst()) as PubRow | undefined;
}
