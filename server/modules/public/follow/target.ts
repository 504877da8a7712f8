/**
 * What a subscription follows: one public case (by its number) or a saved search of one public list with
 * its filters, checked by the lists' own parser (../filters.ts), so a saved search is exactly a search the
 * page can run. Also how a target is named in a mail and where its page is.
 */
import { sql } from 'kysely';
import type { Db } from '../../../db/database.ts';
import { Code } from '../../../http/codes.ts';
import { ApiError } from '../../../http/envelope.ts';
import { translate, type Language } from '../../../http/i18n.ts';
import { filtersFromParameters, type Filters, type PublicList } from '../filters.ts';
import { filteredPublications, todayOf } from '../publications.ts';
import { progressPublic } from '../review-list/disclosure.ts';

export const LISTS: readonly PublicList[] = ['clearance', 'notice', 'decision'];

export type FollowTarget =
  { kind: 'case'; caseId: string; caseNo: string } | { kind: 'search'; list: PublicList; filters: Filters };

/** The public page's tab of each list (src/public/query-state.ts). */
export const TAB_OF: Record<PublicList, string> = {
  clearance: 'clearance',
  notice: 'notices',
  decision: 'decisions',
};

const caseNotFound = () => new ApiError(Code.NOT_FOUND, 'publicFollow.error.caseNotFound');

/**
 * The case of a number, if anything of it is public: a visible notice, clearance or decision (the lists'
 * rules), or review progress the authority disclosed. Anything else answers as an unknown number.
 */
export async function followableCase(db: Db, rawCaseNo: string): Promise<FollowTarget & { kind: 'case' }> {
  const caseNo = rawCaseNo.trim();
  if (!caseNo || caseNo.length > 64) throw caseNotFound();
  const c = await db
    .selectFrom('filing.case')
    .select(['id', 'case_no', 'state'])
    .where(sql<boolean>`upper(case_no) = ${caseNo.toUpperCase()}`)
    .executeTakeFirst();
  if (!c?.case_no || c.state === 'WITHDRAWN') throw caseNotFound();
  const today = todayOf();
  for (const list of LISTS) {
    const row = await filteredPublications(db, list, {}, today, { forCount: true })
      .select('p.id')
      .where('p.case_id', '=', c.id)
      .limit(1)
      .executeTakeFirst();
    if (row) return { kind: 'case', caseId: c.id, caseNo: c.case_no };
  }
  if ((await progressPublic(db, [c.id])).has(c.id)) return { kind: 'case', caseId: c.id, caseNo: c.case_no };
  throw caseNotFound();
}

/** A saved search: the list and its filters as the list query takes them, checked and in a fixed order. */
export function searchTarget(
  list: PublicList,
  parameters: { key: string; value?: unknown }[] | undefined,
): FollowTarget & { kind: 'search' } {
  const checked = filtersFromParameters(list, parameters);
  const filters: Filters = {};
  for (const key of Object.keys(checked).sort()) filters[key] = checked[key];
  return { kind: 'search', list, filters };
}

/** One subscription per address and target: the key the unique index holds. */
export function targetKey(t: FollowTarget): string {
  return t.kind === 'case' ? `case:${t.caseId}` : `search:${t.list}:${JSON.stringify(t.filters)}`;
}

/** How a filter's value reads in a mail: a coded value by its label, anything else as given. */
function valueText(lang: Language, key: string, value: string): string {
  const prefix: Record<string, string> = {
    procedure: 'publicity.procedureValue',
    state: 'publicity.stateValue',
    decisionType: 'publicity.decisionValue',
    transactionMode: 'publicity.modeValue',
  };
  return prefix[key] ? translate(lang, `${prefix[key]}.${value}`) : value;
}

/** The target in words: 案件 JZSB2026-0038, or 无条件批准（关键词：水泥；行业代码：C30）. */
export function describeTarget(lang: Language, t: FollowTarget): string {
  if (t.kind === 'case') return translate(lang, 'publicFollow.target.case', { caseNo: t.caseNo });
  const conditions = Object.entries(t.filters)
    .map(([key, value]) =>
      translate(lang, 'publicFollow.target.condition', {
        label: translate(lang, `publicData.filter.${key}`),
        value: valueText(lang, key, value ?? ''),
      }),
    )
    .join(translate(lang, 'publicFollow.target.separator'));
  const list = translate(lang, `publicFollow.list.${t.list}`);
  return conditions
    ? translate(lang, 'publicFollow.target.search', { list, conditions })
    : translate(lang, 'publicFollow.target.searchAll', { list });
}

/** The public page that shows the target: the case's page, or the list with the search's filters. */
export function targetPage(origin: string, t: FollowTarget): string {
  if (t.kind === 'case') return `${origin}/publicityIndex/case/${encodeURIComponent(t.caseNo)}`;
  const query = new URLSearchParams();
  if (t.list !== 'clearance') query.set('tab', TAB_OF[t.list]);
  for (const [key, value] of Object.entries(t.filters)) if (value) query.set(key, value);
  const text = query.toString();
  return `${origin}/publicityIndex${text ? `?${text}` : ''}`;
}

/** The scheme and host of the request for links (a plain host[:port] only, as the feed's links). */
export function originOf(request: { protocol: string; headers: { host?: string } }): string {
  const host = request.headers.host ?? '';
  return `${request.protocol}://${/^[A-Za-z0-9.-]+(:\d{1,5})?$/.test(host) ? host : 'localhost'}`;
}
