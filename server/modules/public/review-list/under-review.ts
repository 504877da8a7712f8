/**
 * The public list of cases under review (issue 25): the open cases the public may know about.
 * (a) A simplified case whose notice is public (live or closed, by the notice list's own visibility rule,
 *     ../publications.ts) and which has no decision yet: the row shows what the notice shows.
 * (b) A case whose progress the authority made public (filing.case_disclosure, ./disclosure-switch.ts)
 *     and which is still under review: the row adds its acceptance, Phase II, clock stop and due date.
 * Acceptance and clock columns are computed only for (b): a case not disclosed never gives them away,
 * not in a column, a filter or a sort order.
 */
import { sql, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../../../db/database.ts';
import { daysBetween, type PlainDate } from '../../filing/dates.ts';
import { filteredPublications, partiesOf } from '../publications.ts';
import type { ListRequest, ListSpec } from '../../../http/list-query.ts';
import { UNDER_REVIEW_STATES } from './disclosure-switch.ts';
import type { Phase, ReviewFilters } from './review-filters.ts';
import './tables.ts';

type Query = SelectQueryBuilder<any, any, any>;

/** True only for a case whose progress is public: every disclosed-only column is guarded by it. */
const disclosed = sql<boolean>`(d.case_id is not null)`;
const ifDisclosed = (expr: RawBuilder<unknown>) => sql`case when ${disclosed} then ${expr} end`;

/**
 * What the public sees of a disclosed case's phase: its state, or, while a withdrawal is pending, the
 * phase its clock is in. A case only the notice makes public is in its notice phase.
 */
const phaseOf = sql<Phase>`case
  when not ${disclosed} then 'NOTICE'
  when rc.state in ('PHASE_I', 'PHASE_II', 'SUSPENDED') then rc.state
  when k.state = 'STOPPED' then 'SUSPENDED'
  else coalesce(k.kind, rc.suspended_from, 'PHASE_I') end`;

/** One row per open case the public may know about, with every column the list shows or filters on. */
function openCases(db: Db, today: PlainDate): Query {
  // The case's latest public notice (the notice list's visibility rule: live or closed, not hidden).
  const notice = filteredPublications(db, 'notice', {}, today)
    .whereRef('p.case_id', '=', 'rc.id')
    .select([
      'p.id',
      'p.title',
      'p.parties',
      'p.procedure',
      'p.industries',
      'p.transaction_mode',
      'p.live_from',
      'p.live_until',
      sql<boolean>`(p.notice_state = 'LIVE' and p.live_until >= ${today}::date)`.as('live'),
    ])
    .orderBy('p.live_from', 'desc')
    .orderBy('p.id', 'desc')
    .limit(1);
  return (
    db
      .selectFrom('filing.case as rc')
      .leftJoin('filing.case_disclosure as d', (j) =>
        j.onRef('d.case_id', '=', 'rc.id').on('d.progress_public', '=', true),
      )
      .leftJoinLateral(
        () => notice.as('n'),
        (j) => j.onTrue(),
      )
      // The phase clock now (running, or stopped while the case is suspended).
      .leftJoinLateral(
        (eb) =>
          eb
            .selectFrom('filing.clock as k')
            .select(['k.kind', 'k.state', 'k.due_on', 'k.stopped_on'])
            .whereRef('k.case_id', '=', 'rc.id')
            .where('k.kind', 'in', ['PHASE_I', 'PHASE_II'])
            .where('k.state', 'in', ['RUNNING', 'STOPPED'])
            .orderBy('k.started_on', 'desc')
            .orderBy('k.created_at', 'desc')
            .limit(1)
            .as('k'),
        (j) => j.onTrue(),
      )
      .where('rc.state', 'in', [...UNDER_REVIEW_STATES])
      .where('rc.decision', 'is', null)
      .where((e) => e.or([e('n.id', 'is not', null), e('d.case_id', 'is not', null)]))
      .select([
        'rc.id as case_id',
        'rc.case_no',
        sql<string>`coalesce(n.title, rc.title)`.as('title'),
        // A case without a notice is named as the case file names its parties (in their order).
        sql<string>`case when n.id is not null then n.parties else (
          select string_agg(pa.name_zh, '、' order by pa.sn, pa.id) from filing.party pa
          where pa.case_id = rc.id) end`.as('parties'),
        sql<string>`case when n.id is not null then n.procedure else rc.procedure end`.as('procedure'),
        sql<string[]>`case when n.id is not null then n.industries else rc.industries end`.as('industries'),
        sql<string>`case when n.id is not null then n.transaction_mode else rc.transaction_mode end`.as(
          'transaction_mode',
        ),
        phaseOf.as('phase'),
        disclosed.as('progress_public'),
        'n.id as notice_id',
        'n.live_from as notice_from',
        'n.live_until as notice_until',
        'n.live as notice_live',
        ifDisclosed(sql`rc.accepted_on`).as('accepted_on'),
        ifDisclosed(
          sql`(select min(k2.started_on) from filing.clock k2 where k2.case_id = rc.id and k2.kind = 'PHASE_II')`,
        ).as('phase2_on'),
        ifDisclosed(sql`(k.state = 'STOPPED')`).as('clock_stopped'),
        ifDisclosed(sql`case when k.state = 'STOPPED' then k.stopped_on end`).as('stopped_on'),
        // A stopped clock's due date moves by the days stopped when it restarts: none is shown meanwhile.
        ifDisclosed(sql`case when k.state = 'RUNNING' then k.due_on end`).as('due_on'),
        // Newest first: by acceptance where that is public, else by the notice's first day.
        sql`coalesce(${ifDisclosed(sql`rc.accepted_on`)}, n.live_from)`.as('listed_on'),
      ])
  );
}

const likeEscape = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
/** What a case number (JZSB2026-0038) or a prefix of one can look like, as the other lists read it. */
const CASE_NO_PREFIX = /^[A-Za-z0-9-]+$/;

/** The open cases with the list's filters applied (alias r): count it or page it. */
export function underReviewRows(db: Db, f: ReviewFilters, today: PlainDate): Query {
  let q: Query = db.selectFrom(openCases(db, today).as('r'));
  if (f.keyword) {
    // The list is the open cases only (hundreds at most): a substring scan serves it.
    const byName = sql<boolean>`(r.title || ' ' || coalesce(r.parties, '')) ilike ${`%${likeEscape(f.keyword)}%`}`;
    q = q.where(
      CASE_NO_PREFIX.test(f.keyword)
        ? sql<boolean>`(${byName} or upper(r.case_no) like ${`${likeEscape(f.keyword.toUpperCase())}%`})`
        : byName,
    );
  }
  if (f.industry)
    q = q.where(
      sql<boolean>`exists (select 1 from unnest(r.industries) as code where code like ${`${f.industry}%`})`,
    );
  if (f.transactionMode) q = q.where('r.transaction_mode', '=', f.transactionMode);
  if (f.phase) q = q.where('r.phase', '=', f.phase);
  return q;
}

export const UNDER_REVIEW_SPEC: ListSpec = {
  filters: {},
  sorts: { dueOn: 'r.due_on', title: 'r.title' },
  defaultSort: [
    ['r.listed_on', 'desc'],
    ['r.case_id', 'asc'],
  ],
};

export const UNDER_REVIEW_COLUMNS = [
  'r.case_id',
  'r.case_no',
  'r.title',
  'r.parties',
  'r.procedure',
  'r.industries',
  'r.transaction_mode',
  'r.phase',
  'r.progress_public',
  'r.notice_id',
  'r.notice_from',
  'r.notice_until',
  'r.notice_live',
  'r.accepted_on',
  'r.phase2_on',
  'r.clock_stopped',
  'r.stopped_on',
  'r.due_on',
] as const;

const dateText = (v: unknown): string | null =>
  v == null ? null : v instanceof Date ? v.toISOString().slice(0, 10) : String(v);

/** A row as the public sees it; days remaining are China days from today, as the worklist counts them. */
export function underReviewView(r: Record<string, any>, today: PlainDate) {
  const dueOn = dateText(r.due_on);
  const isPublic = !!r.progress_public;
  return {
    caseNo: (r.case_no ?? null) as string | null,
    title: r.title as string,
    parties: partiesOf(r.parties),
    procedure: (r.procedure ?? null) as 'SIMPLIFIED' | 'NORMAL' | null,
    industries: (Array.isArray(r.industries) ? r.industries : []) as string[],
    transactionMode: (r.transaction_mode ?? null) as string | null,
    phase: r.phase as Phase,
    progressPublic: isPublic,
    noticeId: (r.notice_id ?? null) as string | null,
    noticeLiveFrom: dateText(r.notice_from),
    noticeLiveUntil: dateText(r.notice_until),
    noticeState: r.notice_id ? ((r.notice_live ? 'LIVE' : 'CLOSED') as 'LIVE' | 'CLOSED') : null,
    acceptedOn: isPublic ? dateText(r.accepted_on) : null,
    phaseIIStartedOn: isPublic ? dateText(r.phase2_on) : null,
    clockStopped: isPublic ? !!r.clock_stopped : null,
    clockStoppedOn: isPublic ? dateText(r.stopped_on) : null,
    dueOn: isPublic ? dueOn : null,
    daysRemaining: isPublic && dueOn ? daysBetween(today, dueOn) : null,
  };
}

/** The list's total: exact (the open cases are few), or the one a later page already carries. */
export async function underReviewTotal(base: Query, req: ListRequest, page: number): Promise<number> {
  const known = req.requestPage?.totalCount;
  if (known !== undefined && page > 1) return known;
  const row = await base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}
