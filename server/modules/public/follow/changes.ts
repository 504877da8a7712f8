/**
 * What became public for a followed target after an instant: publications of its list matching its
 * filters (a saved search), or, for a case, its notice going live, its clearance or decision published,
 * and its review progress (acceptance, Phase II, extensions, clock stops) once the authority made that
 * public. Every publication is read through the lists' own rules (../publications.ts), so an alert never
 * tells what the register does not show.
 *
 * "Became public" is when the row became visible: its publication time, or the later day its batch or
 * decision date let it be shown (a batch dated tomorrow shows from tomorrow's midnight, China time).
 */
import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../../db/database.ts';
import type { PlainDate } from '../../filing/dates.ts';
import type { PublicList } from '../filters.ts';
import { filteredPublications, selectCaseNo } from '../publications.ts';
import '../review-list/tables.ts';
import { LISTS, type FollowTarget } from './target.ts';

export interface FollowItem {
  /** Unique per change: `p:<publication>`, `d:<case>:<ms>` (progress disclosed), `t:<transition>`. */
  key: string;
  /** When it became public. */
  at: Date;
  /** What happened: a publication kind (NOTICE, CLEARANCE, CONDITIONAL, PROHIBITION), DISCLOSED or an action. */
  what: string;
  title: string;
  caseNo: string | null;
  link: string;
}

/** The review steps a case's public progress shows (transition actions); decisions come as publications. */
export const PROGRESS_ACTIONS = ['accept', 'furtherReview', 'extend', 'stopClock', 'restartClock'] as const;

const midnight = (column: string) => sql`(${sql.ref(column)}::timestamp at time zone 'Asia/Shanghai')`;

/** When a row of the list became visible (the greatest of its publication time and the dates that gate it). */
export function visibleSince(list: PublicList): RawBuilder<Date> {
  if (list === 'clearance')
    return sql<Date>`greatest(p.published_at, ${midnight('b.published_on')}, ${midnight('p.decided_on')})`;
  if (list === 'notice') return sql<Date>`greatest(p.published_at, ${midnight('p.live_from')})`;
  return sql<Date>`greatest(p.published_at, ${midnight('p.decided_on')})`;
}

export const asDate = (v: unknown): Date => (v instanceof Date ? v : new Date(String(v)));

export function publicationLink(
  origin: string,
  r: { id: string; kind: string; case_no: string | null; batch_id: string | null },
) {
  const page = `${origin}/publicityIndex`;
  if (r.kind === 'NOTICE') return `${page}/notice/${encodeURIComponent(r.id)}`;
  if (r.kind !== 'CLEARANCE') return `${page}/decision/${encodeURIComponent(r.id)}`;
  if (r.case_no) return `${page}/case/${encodeURIComponent(r.case_no)}`;
  return `${page}?tab=clearance&batchId=${encodeURIComponent(r.batch_id ?? '')}`;
}

async function publicationItems(
  db: Db,
  list: PublicList,
  target: FollowTarget,
  since: Date,
  today: PlainDate,
  origin: string,
): Promise<FollowItem[]> {
  const at = visibleSince(list);
  let q = filteredPublications(db, list, target.kind === 'search' ? target.filters : {}, today)
    .select(['p.id', 'p.kind', 'p.title', 'p.batch_id', selectCaseNo, at.as('at')])
    .where(at, '>', since);
  if (target.kind === 'case') q = q.where('p.case_id', '=', target.caseId);
  const rows = (await q.execute()) as {
    id: string;
    kind: string;
    title: string;
    batch_id: string | null;
    case_no: string | null;
    at: unknown;
  }[];
  return rows.map((r) => ({
    key: `p:${r.id}`,
    at: asDate(r.at),
    what: r.kind,
    title: r.title,
    caseNo: r.case_no,
    link: publicationLink(origin, r),
  }));
}

/** A case's review progress made public after `since`: the disclosure itself and each later step. */
async function progressItems(
  db: Db,
  target: FollowTarget & { kind: 'case' },
  since: Date,
  origin: string,
): Promise<FollowItem[]> {
  const disclosure = await db
    .selectFrom('filing.case_disclosure')
    .select(['progress_public', 'changed_at'])
    .where('case_id', '=', target.caseId)
    .executeTakeFirst();
  if (!disclosure?.progress_public) return [];
  const c = await db
    .selectFrom('filing.case')
    .select('title')
    .where('id', '=', target.caseId)
    .executeTakeFirstOrThrow();
  const link = `${origin}/publicityIndex/case/${encodeURIComponent(target.caseNo)}`;
  const item = (key: string, at: Date, what: string): FollowItem => ({
    key,
    at,
    what,
    title: c.title,
    caseNo: target.caseNo,
    link,
  });
  const out: FollowItem[] = [];
  const changedAt = asDate(disclosure.changed_at);
  if (changedAt > since) out.push(item(`d:${target.caseId}:${changedAt.getTime()}`, changedAt, 'DISCLOSED'));
  const steps = await db
    .selectFrom('filing.transition')
    .select(['id', 'action', 'at'])
    .where('case_id', '=', target.caseId)
    .where('action', 'in', [...PROGRESS_ACTIONS])
    .where('at', '>', since)
    .execute();
  for (const s of steps) out.push(item(`t:${s.id}`, asDate(s.at), s.action));
  return out;
}

/** Every change of the target that became public after `since`, oldest first. */
export async function changesSince(
  db: Db,
  target: FollowTarget,
  since: Date,
  today: PlainDate,
  origin: string,
): Promise<FollowItem[]> {
  const lists = target.kind === 'search' ? [target.list] : LISTS;
  const found: FollowItem[] = [];
  for (const list of lists) found.push(...(await publicationItems(db, list, target, since, today, origin)));
  if (target.kind === 'case') found.push(...(await progressItems(db, target, since, origin)));
  return found.sort((a, b) => a.at.getTime() - b.at.getTime() || a.key.localeCompare(b.key));
}

/**
 * The latest instant anything followable may have become public: the newest publication, progress
 * disclosure or review step, or today's midnight (rows a date lets be shown from today). A subscription
 * that looked after it has nothing new; the sweep skips it.
 */
export async function latestChange(db: Db, todayMidnight: Date): Promise<Date> {
  const row = await db
    .selectNoFrom((e) => [
      e
        .selectFrom('filing.publication')
        .select((p) => p.fn.max('published_at').as('m'))
        .as('publication'),
      e
        .selectFrom('filing.case_disclosure')
        .select((d) => d.fn.max('changed_at').as('m'))
        .as('disclosure'),
      e
        .selectFrom('filing.transition')
        .select((t) => t.fn.max('at').as('m'))
        .where('action', 'in', [...PROGRESS_ACTIONS])
        .as('step'),
    ])
    .executeTakeFirstOrThrow();
  const times = [row.publication, row.disclosure, row.step]
    .filter((v) => v !== null && v !== undefined)
    .map((v) => asDate(v).getTime());
  return new Date(Math.max(todayMidnight.getTime(), ...times));
}
