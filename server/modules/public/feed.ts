/**
 * The Atom feed of new publications: the latest clearance batches, simplified-case notices and
 * conditional or prohibition decisions, newest first, each linking to the public page.
 */
import type { Db } from '../../db/database.ts';
import { chinaMidnight, type PlainDate } from '../filing/dates.ts';
import { translate, type Language } from '../../http/i18n.ts';
import { atomXml, type AtomEntry } from './atom.ts';
import { filteredPublications, partiesOf, selectCaseNo } from './publications.ts';

const PER_KIND = 20;
const ENTRIES = 50;

const at = (d: unknown): string =>
  d instanceof Date ? d.toISOString() : chinaMidnight(String(d).slice(0, 10) as PlainDate).toISOString();

/** An entry's summary led by its case's number, when it has a case. */
const withCaseNo = (lang: Language, caseNo: string | null, summary: string): string =>
  caseNo ? translate(lang, 'publicData.feed.withCaseNo', { caseNo, summary }) : summary;

export async function feedXml(
  db: Db,
  origin: string,
  apiBase: string,
  today: PlainDate,
  lang: Language,
): Promise<string> {
  // Entries link to the public page's own addresses: a batch as the filtered list, a notice or a
  // decision as its detail page (src/public/App.tsx).
  const page = `${origin}/publicityIndex`;
  const [batches, notices, decisions] = await Promise.all([
    db
      .selectFrom('filing.publication_batch as b')
      .select(['b.id', 'b.title', 'b.published_on'])
      .select((e) =>
        filteredPublications(db, 'clearance', {}, today, { forCount: true })
          .select(e.fn.countAll<number>().as('n'))
          .whereRef('p.batch_id', '=', 'b.id')
          .as('count'),
      )
      .where('b.published_on', '<=', today)
      .orderBy('b.published_on', 'desc')
      .orderBy('b.id')
      .limit(PER_KIND)
      .execute(),
    filteredPublications(db, 'notice', {}, today)
      .select(['p.id', 'p.title', 'p.parties', 'p.live_from', 'p.live_until', selectCaseNo])
      .orderBy('p.live_from', 'desc')
      .orderBy('p.id')
      .limit(PER_KIND)
      .execute(),
    filteredPublications(db, 'decision', {}, today)
      .select(['p.id', 'p.kind', 'p.title', 'p.parties', 'p.decided_on', 'p.published_at', selectCaseNo])
      .orderBy('p.decided_on', 'desc')
      .orderBy('p.id')
      .limit(PER_KIND)
      .execute(),
  ]);
  const entries: AtomEntry[] = [
    ...batches
      .filter((b) => Number(b.count) > 0)
      .map((b) => ({
        id: `urn:merger-publicity:batch:${b.id}`,
        title: b.title,
        updated: at(b.published_on),
        link: `${page}?tab=clearance&batchId=${encodeURIComponent(b.id)}`,
        category: 'clearance',
        summary: translate(lang, 'publicData.feed.batchSummary', { count: Number(b.count) }),
      })),
    ...notices.map((n: any) => ({
      id: `urn:merger-publicity:notice:${n.id}`,
      title: n.title,
      updated: at(n.live_from),
      link: `${page}/notice/${encodeURIComponent(n.id)}`,
      category: 'notice',
      summary: withCaseNo(
        lang,
        n.case_no,
        `${partiesOf(n.parties).join('、')}（${n.live_from} – ${n.live_until}）`,
      ),
    })),
    ...decisions.map((d: any) => ({
      id: `urn:merger-publicity:decision:${d.id}`,
      title: d.title,
      updated: at(d.published_at ?? d.decided_on),
      link: `${page}/decision/${encodeURIComponent(d.id)}`,
      category: d.kind === 'PROHIBITION' ? 'prohibition' : 'conditional',
      summary: withCaseNo(lang, d.case_no, partiesOf(d.parties).join('、')),
    })),
  ]
    .sort((a, b) => (a.updated < b.updated ? 1 : a.updated > b.updated ? -1 : a.id.localeCompare(b.id)))
    .slice(0, ENTRIES);
  return atomXml({
    id: `urn:merger-publicity:feed`,
    title: translate(lang, 'publicData.feed.title'),
    updated: entries[0]?.updated ?? new Date(0).toISOString(),
    selfLink: `${origin}${apiBase}/publicity/feed`,
    link: page,
    entries,
  });
}
