/** The operations behind each tab (schemas/api/public.yaml): its list, its open data, and the feed's address. */
import { API_BASE, callPublic } from './api.ts';
import { pathOf, type ListPage, type PublicOperationId } from './operations.ts';
import type { ListRequest } from '../../schemas/generated/operations.ts';
import type { Tab } from './query-state.ts';

export const LIST_OPERATION = {
  clearance: 'publicity.clearance.query',
  notices: 'publicity.notice.query',
  decisions: 'publicity.decision.query',
} as const satisfies Record<Tab, PublicOperationId>;

/** A page of a tab's list, marked with its tab (a table kept while the next tab loads draws its own rows). */
export type TabPage = { [T in Tab]: { tab: T; page: ListPage<(typeof LIST_OPERATION)[T]> } }[Tab];

export async function loadTabPage(tab: Tab, body: ListRequest, signal?: AbortSignal): Promise<TabPage> {
  switch (tab) {
    case 'clearance':
      return { tab, page: await callPublic(LIST_OPERATION.clearance, { body, signal }) };
    case 'notices':
      return { tab, page: await callPublic(LIST_OPERATION.notices, { body, signal }) };
    case 'decisions':
      return { tab, page: await callPublic(LIST_OPERATION.decisions, { body, signal }) };
  }
}

/** The open-data operation of each tab (CSV or JSON; it takes the tab's filters as query parameters). */
const OPEN_DATA = {
  clearance: 'publicity.openData.clearance',
  notices: 'publicity.openData.notice',
  decisions: 'publicity.openData.decision',
} as const satisfies Record<Tab, PublicOperationId>;

/** The CSV's headers and code labels follow `lang`, the page's language (not the browser's). */
export function openDataHref(
  tab: Tab,
  format: 'csv' | 'json',
  filters: Record<string, string>,
  lang?: string,
): string {
  const query = new URLSearchParams({
    format,
    ...filters,
    ...(format === 'csv' && lang ? { lang } : {}),
  }).toString();
  return `${API_BASE}${pathOf(OPEN_DATA[tab])}?${query}`;
}

export const FEED_HREF = `${API_BASE}${pathOf('publicity.feed')}`;
