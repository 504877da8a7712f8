/**
 * The query page's state as it lives in the address: tab, filters (named as the API's list
 * parameters, so the open-data links take them unchanged), sort, page and page size.
 */
import type { ListRequest } from '../../schemas/generated/operations.ts';
import { parseDateText } from './date-text.ts';

export const TABS = ['clearance', 'notices', 'decisions'] as const;
export type Tab = (typeof TABS)[number];

export type FilterKind = 'text' | 'date' | 'select';
export interface FilterDef {
  key: string;
  kind: FilterKind;
  /** For selects: the values; their labels are `<labelPrefix>.<value>` in the locale. */
  options?: readonly string[];
  labelPrefix?: string;
}

export const TRANSACTION_MODES = [
  'MERGER_ABSORPTION',
  'MERGER_NEW',
  'EQUITY_ACQUISITION',
  'ASSET_ACQUISITION',
  'CONTRACT_CONTROL',
  'JOINT_VENTURE',
  'JOINT_TO_SOLE',
] as const;
/** GB/T 4754 sections; the API filters industry by code prefix, so a section letter selects it. */
export const INDUSTRY_SECTIONS = 'ABCDEFGHIJKLMNOPQRST'.split('');

const keyword: FilterDef = { key: 'keyword', kind: 'text' };
const procedure: FilterDef = {
  key: 'procedure',
  kind: 'select',
  options: ['SIMPLIFIED', 'NORMAL'],
  labelPrefix: 'procedureValue',
};
const industry: FilterDef = {
  key: 'industry',
  kind: 'select',
  options: INDUSTRY_SECTIONS,
  labelPrefix: 'industryValue',
};
const transactionMode: FilterDef = {
  key: 'transactionMode',
  kind: 'select',
  options: TRANSACTION_MODES,
  labelPrefix: 'modeValue',
};
const dates = (prefix: 'decided' | 'published' | 'live' | 'filed' | 'accepted'): FilterDef[] => [
  { key: `${prefix}From`, kind: 'date' },
  { key: `${prefix}To`, kind: 'date' },
];

export const FILTERS: Record<Tab, FilterDef[]> = {
  clearance: [
    keyword,
    ...dates('decided'),
    ...dates('published'),
    ...dates('filed'),
    ...dates('accepted'),
    procedure,
    industry,
    transactionMode,
    { key: 'batchId', kind: 'select' },
  ],
  notices: [
    keyword,
    { key: 'state', kind: 'select', options: ['LIVE', 'CLOSED'], labelPrefix: 'stateValue' },
    ...dates('live'),
    industry,
    transactionMode,
  ],
  decisions: [
    keyword,
    {
      key: 'decisionType',
      kind: 'select',
      options: ['CONDITIONAL', 'PROHIBITION'],
      labelPrefix: 'decisionValue',
    },
    ...dates('decided'),
    ...dates('filed'),
    ...dates('accepted'),
    industry,
    transactionMode,
  ],
};

export const SORTS: Record<Tab, string[]> = {
  clearance: ['batch', 'decidedOn.DESC', 'decidedOn.ASC', 'publishedOn.DESC', 'seq.ASC', 'caseName.ASC'],
  notices: ['liveFrom.DESC', 'liveFrom.ASC', 'liveUntil.ASC', 'title.ASC'],
  decisions: ['decidedOn.DESC', 'decidedOn.ASC', 'title.ASC'],
};

export const PAGE_SIZES = [10, 20, 50, 100];
const DEFAULT_SIZE = 20;

export interface QueryState {
  tab: Tab;
  filters: Record<string, string>;
  sort: string;
  page: number;
  size: number;
}

export function readQuery(query: URLSearchParams): QueryState {
  const rawTab = query.get('tab');
  const tab: Tab = (TABS as readonly string[]).includes(rawTab ?? '') ? (rawTab as Tab) : 'clearance';
  const filters: Record<string, string> = {};
  for (const def of FILTERS[tab]) {
    const value = query.get(def.key)?.trim();
    // A date as typed (a form sent without JavaScript): yyyy-mm-dd when it reads as one.
    if (value) filters[def.key] = def.kind === 'date' ? (parseDateText(value) ?? value) : value;
  }
  const rawSort = query.get('sort') ?? '';
  const sort = SORTS[tab].includes(rawSort) ? rawSort : SORTS[tab][0];
  const page = Math.max(1, Number.parseInt(query.get('page') ?? '1', 10) || 1);
  const rawSize = Number.parseInt(query.get('size') ?? '', 10);
  const size = PAGE_SIZES.includes(rawSize) ? rawSize : DEFAULT_SIZE;
  return { tab, filters, sort, page, size };
}

/** The address of a state; defaults are left out so links stay short. */
export function queryHref(path: string, state: QueryState): string {
  const query = new URLSearchParams();
  if (state.tab !== 'clearance') query.set('tab', state.tab);
  for (const [key, value] of Object.entries(state.filters)) if (value) query.set(key, value);
  if (state.sort && state.sort !== SORTS[state.tab][0]) query.set('sort', state.sort);
  if (state.page > 1) query.set('page', String(state.page));
  if (state.size !== DEFAULT_SIZE) query.set('size', String(state.size));
  const text = query.toString();
  return text ? `${path}?${text}` : path;
}

export function listRequest(state: QueryState): ListRequest {
  const [field, order] = state.sort.split('.');
  return {
    parameters: Object.entries(state.filters).map(([key, value]) => ({ key, value })),
    requestPage: { pageNo: state.page, limit: state.size },
    // 'batch': the server's own order, newest batch first and by 序号 within it.
    ...(order ? { sorts: [{ field, order: order === 'ASC' ? 'ASC' : 'DESC' }] } : {}),
  };
}

/** Problems of a filter draft, as locale keys by field (checked before the address changes). */
export function filterProblems(filters: Record<string, string>): Record<string, string> {
  const problems: Record<string, string> = {};
  const kw = filters.keyword?.trim() ?? '';
  if (kw && [...kw].length < 2) problems.keyword = 'query.keywordTooShort';
  for (const prefix of ['decided', 'published', 'live', 'filed', 'accepted']) {
    const from = filters[`${prefix}From`];
    const to = filters[`${prefix}To`];
    if (from && to && to < from) problems[`${prefix}To`] = 'query.dateOrder';
  }
  return problems;
}
