/** The public operations this page calls (schemas/api/public.yaml) and the open-data addresses. */
import { API_BASE } from './api.ts';
import type { Tab } from './query-state.ts';

export const LIST_PATH: Record<Tab, string> = {
  clearance: '/publicity/clearance/query',
  notices: '/publicity/notice/query',
  decisions: '/publicity/decision/query',
};
export const BATCH_QUERY = '/publicity/batch/query';
export const NOTICE_GET = '/publicity/notice/get';
export const DECISION_GET = '/publicity/decision/get';
export const COMMENT_SUBMIT = '/publicity/comment/submit';
export const CAPTCHA = '/user/captcha';
export const NEWS_QUERY = '/tnewsGg/queryContent';
export const NEWS_GET = '/tnewsGg/get';

/** The open-data operation of each tab (CSV or JSON; it takes the tab's filters as query parameters). */
const OPEN_DATA_LIST: Record<Tab, string> = {
  clearance: 'clearance',
  notices: 'notice',
  decisions: 'decision',
};

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
  return `${API_BASE}/publicity/openData/${OPEN_DATA_LIST[tab]}?${query}`;
}

export const FEED_HREF = `${API_BASE}/publicity/feed`;
