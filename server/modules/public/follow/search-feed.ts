/**
 * The Atom feed of one saved search or one case (publicity.follow.feed): the latest publications the
 * search's list shows under its filters, or every publication of the case, newest first, written by the
 * register's Atom writer (../atom.ts) with the same entry ids and links as the whole register's feed
 * (../feed.ts), so a reader following both sees one entry once.
 */
import type { Db } from '../../../db/database.ts';
import { translate, type Language } from '../../../http/i18n.ts';
import type { PlainDate } from '../../filing/dates.ts';
import { atomXml, type AtomEntry } from '../atom.ts';
import type { PublicList } from '../filters.ts';
import { filteredPublications, partiesOf, selectCaseNo } from '../publications.ts';
import { asDate, publicationLink, visibleSince } from './changes.ts';
import { describeTarget, LISTS, targetPage, type FollowTarget } from './target.ts';

export const FEED_ENTRIES = 50;

const CATEGORY: Record<string, string> = {
  CLEARANCE: 'clearance',
  NOTICE: 'notice',
  CONDITIONAL: 'conditional',
  PROHIBITION: 'prohibition',
};

interface Row {
  id: string;
  kind: string;
  title: string;
  parties: string | null;
  batch_id: string | null;
  case_no: string | null;
  at: unknown;
}

async function latestOf(db: Db, list: PublicList, target: FollowTarget, today: PlainDate): Promise<Row[]> {
  const at = visibleSince(list);
  let q = filteredPublications(db, list, target.kind === 'search' ? target.filters : {}, today)
    .select(['p.id', 'p.kind', 'p.title', 'p.parties', 'p.batch_id', selectCaseNo, at.as('at')])
    .orderBy(at, 'desc')
    .orderBy('p.id')
    .limit(FEED_ENTRIES);
  if (target.kind === 'case') q = q.where('p.case_id', '=', target.caseId);
  return (await q.execute()) as Row[];
}

export async function searchFeedXml(
  db: Db,
  target: FollowTarget,
  opts: { origin: string; selfLink: string; today: PlainDate; lang: Language },
): Promise<string> {
  const { origin, today, lang } = opts;
  const lists = target.kind === 'search' ? [target.list] : LISTS;
  const rows = (await Promise.all(lists.map((list) => latestOf(db, list, target, today)))).flat();
  const entries: AtomEntry[] = rows
    .map((r) => {
      const parties = partiesOf(r.parties).join('、');
      return {
        id: `urn:merger-publicity:${r.kind === 'NOTICE' ? 'notice' : r.kind === 'CLEARANCE' ? 'clearance' : 'decision'}:${r.id}`,
        title: r.title,
        updated: asDate(r.at).toISOString(),
        link: publicationLink(origin, r),
        category: CATEGORY[r.kind],
        summary: r.case_no
          ? translate(lang, 'publicData.feed.withCaseNo', { caseNo: r.case_no, summary: parties })
          : parties,
      };
    })
    .sort((a, b) => (a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : a.id.localeCompare(b.id)))
    .slice(0, FEED_ENTRIES);
  const title = describeTarget(lang, target);
  return atomXml({
    id: `urn:merger-publicity:follow:${target.kind === 'case' ? `case:${target.caseNo}` : `${target.list}:${new URLSearchParams(Object.entries(target.filters) as [string, string][]).toString()}`}`,
    title: translate(lang, 'publicFollow.feed.title', { target: title }),
    updated: entries[0]?.updated ?? new Date(0).toISOString(),
    selfLink: opts.selfLink,
    link: targetPage(origin, target),
    entries,
  });
}
