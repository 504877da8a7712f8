/**
 * The numbers of every case that has a public page, with the day its page last changed: what a sitemap
 * lists (<loc> /publicityIndex/case/<caseNo>, <lastmod>). A case is public exactly when publicity.case.get
 * answers it: it has a visible notice, clearance or decision (the lists' own rules, publications.ts), or
 * the authority made its progress public.
 */
import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { PlainDate } from '../../filing/dates.ts';
import { filteredPublications, todayOf } from '../publications.ts';

export interface PublicCaseNumber {
  caseNo: string;
  /** The latest public event of its page: a notice opening or ending, a decision, a publication. */
  lastChanged: PlainDate;
}

/** The visible publications' cases with the day each changed what the page shows. */
function changes(db: Db, today: PlainDate) {
  const notices = filteredPublications(db, 'notice', {}, today).select([
    'p.case_id',
    // A notice changes the page when it opens and again the day after its last day (LIVE → CLOSED).
    sql<PlainDate>`greatest(p.live_from, case when p.live_until < ${today}::date then p.live_until + 1 end)`.as(
      'changed',
    ),
  ]);
  const clearances = filteredPublications(db, 'clearance', {}, today).select([
    'p.case_id',
    sql<PlainDate>`greatest(p.decided_on, b.published_on)`.as('changed'),
  ]);
  const decisions = filteredPublications(db, 'decision', {}, today).select([
    'p.case_id',
    sql<PlainDate>`greatest(p.decided_on, (p.published_at at time zone 'Asia/Shanghai')::date)`.as('changed'),
  ]);
  // A case whose progress the authority made public has its page from then (case-view.ts).
  const disclosed = db
    .selectFrom('filing.case_disclosure as d')
    .innerJoin('filing.case as dc', 'dc.id', 'd.case_id')
    .where('d.progress_public', '=', true)
    .where('dc.state', 'not in', ['DRAFT', 'WITHDRAWN', 'DEEMED_NOT_FILED', 'RETURNED'])
    .select(['d.case_id', sql<PlainDate>`(d.changed_at at time zone 'Asia/Shanghai')::date`.as('changed')]);
  return notices.unionAll(clearances).unionAll(decisions).unionAll(disclosed);
}

/**
 * One page of the public cases, by case number. Page with `limit` and `offset` until fewer than `limit`
 * rows come back (`countPublicCases` gives the total, e.g. for a sitemap index).
 */
export async function publicCaseNumbers(
  db: Db,
  { limit, offset = 0 }: { limit: number; offset?: number },
  today: PlainDate = todayOf(),
): Promise<PublicCaseNumber[]> {
  const rows = await db
    .selectFrom(changes(db, today).as('ch'))
    .innerJoin('filing.case as c', 'c.id', 'ch.case_id')
    .where('c.case_no', 'is not', null)
    .select(['c.case_no', sql<PlainDate>`max(ch.changed)`.as('last_changed')])
    .groupBy('c.case_no')
    .orderBy('c.case_no')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((r) => ({ caseNo: String(r.case_no), lastChanged: String(r.last_changed) }));
}

/** How many cases have a public page. */
export async function countPublicCases(db: Db, today: PlainDate = todayOf()): Promise<number> {
  const row = await db
    .selectFrom(changes(db, today).as('ch'))
    .innerJoin('filing.case as c', 'c.id', 'ch.case_id')
    .where('c.case_no', 'is not', null)
    .select(sql<number>`count(distinct c.id)::int`.as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}
