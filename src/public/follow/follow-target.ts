/**
 * What a follow form subscribes to, as publicity.follow.subscribe takes it, and the address of the same
 * target's Atom feed (publicity.follow.feed). A search is the query page's tab and filters.
 */
import { API_BASE } from '../api.ts';
import { pathOf, type BodyOf } from '../operations.ts';
import type { Tab } from '../query-state.ts';

export type FollowList = NonNullable<BodyOf<'publicity.follow.subscribe'>['list']>;
export type FollowTargetBody = Pick<BodyOf<'publicity.follow.subscribe'>, 'caseNo' | 'list' | 'parameters'>;

/** The API's list behind each tab of the query page. */
export const LIST_OF_TAB: Record<Tab, FollowList> = {
  clearance: 'clearance',
  notices: 'notice',
  decisions: 'decision',
};

/** A search's filters as the subscription takes them (empty ones left out). */
export function searchTarget(tab: Tab, filters: Record<string, string>): FollowTargetBody {
  const parameters = Object.entries(filters)
    .filter(([, value]) => value.trim() !== '')
    .map(([key, value]) => ({ key, value }));
  return { list: LIST_OF_TAB[tab], ...(parameters.length ? { parameters } : {}) };
}

/** The Atom feed of a target: the search's list and filters, or the case's number, as query parameters. */
export function followFeedHref(target: FollowTargetBody): string {
  const query = new URLSearchParams();
  if (target.caseNo) query.set('caseNo', target.caseNo);
  if (target.list) query.set('list', target.list);
  for (const p of target.parameters ?? []) if (p.value != null) query.set(p.key, String(p.value));
  return `${API_BASE}${pathOf('publicity.follow.feed')}?${query}`;
}
