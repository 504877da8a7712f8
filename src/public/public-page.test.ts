/** The public page's address state, its translations and which page the server sends for a path. */
import { describe, expect, it } from 'vitest';
import { appPageFor } from '../../server/http/public-pages.ts';
import { operations } from '../../schemas/generated/operations.ts';
import { hasLanguage, loadLanguage, translator } from './i18n.ts';
import { PUBLIC_OPERATIONS } from './operations.ts';
import { filterProblems, listRequest, queryHref, readQuery } from './query-state.ts';

const read = (search: string) => readQuery(new URLSearchParams(search));

describe('public query state', () => {
  it('reads a shared address back into the same state and address', () => {
    const search =
      'tab=notices&keyword=琥珀&state=LIVE&liveFrom=2024-01-01&sort=liveUntil.ASC&page=3&size=50';
    const state = read(search);
    expect(state).toEqual({
      tab: 'notices',
      filters: { keyword: '琥珀', state: 'LIVE', liveFrom: '2024-01-01' },
      sort: 'liveUntil.ASC',
      page: 3,
      size: 50,
    });
    expect(read(queryHref('/publicityIndex', state).split('?')[1])).toEqual(state);
  });

  it('drops what the tab does not take and falls back to defaults', () => {
    expect(read('tab=bogus&state=LIVE&sort=nope&page=-2&size=7')).toEqual({
      tab: 'clearance',
      filters: {},
      sort: 'batch',
      page: 1,
      size: 20,
    });
    expect(queryHref('/publicityIndex', read(''))).toBe('/publicityIndex');
  });

  it('asks the server for the page, the filters and the sort (none for the batch order)', () => {
    expect(listRequest(read('keyword=琥珀&decidedFrom=2024-01-01&page=2&size=10'))).toEqual({
      parameters: [
        { key: 'keyword', value: '琥珀' },
        { key: 'decidedFrom', value: '2024-01-01' },
      ],
      requestPage: { pageNo: 2, limit: 10 },
    });
    expect(listRequest(read('sort=decidedOn.ASC')).sorts).toEqual([{ field: 'decidedOn', order: 'ASC' }]);
  });

  it('refuses a one-character keyword and a range that ends before it starts', () => {
    expect(filterProblems({ keyword: '琥' })).toEqual({ keyword: 'query.keywordTooShort' });
    expect(filterProblems({ keyword: '琥珀' })).toEqual({});
    expect(filterProblems({ decidedFrom: '2024-02-01', decidedTo: '2024-01-31' })).toEqual({
      decidedTo: 'query.dateOrder',
    });
    expect(
      filterProblems({ acceptedFrom: '2024-02-01', acceptedTo: '2024-01-31', filedTo: '2024-01-01' }),
    ).toEqual({
      acceptedTo: 'query.dateOrder',
    });
  });
});

describe('public translations', () => {
  it('looks keys up per language, with dotted leaf names and values filled in', async () => {
    // Only the default language comes with the entry; the others load when first needed (and until
    // then read as the default). Unit files share a worker's modules: another file may have loaded it.
    if (!hasLanguage('en')) expect(translator('en')('query.title')).toBe('经营者集中信息查询');
    await Promise.all([loadLanguage('en'), loadLanguage('zh-TW')]);
    expect(translator('zh-CN')('query.results', { count: 5 })).toBe('共 5 条');
    expect(translator('en')('sortBy.decidedOn.DESC')).toBe('Decision date (newest first)');
    expect(translator('zh-TW')('query.title')).toBe('經營者集中資訊查詢');
    expect(translator('en')('no.such.key')).toBe('no.such.key');
    expect(translator('zh-CN')('publicCase.event.ACCEPTED')).toBe('立案受理');
    expect(translator('en')('query.filedFrom')).toBe('Filed from');
  });
});

describe('page for a path', () => {
  it('sends the public entry for the public paths only', () => {
    for (const path of [
      '/publicityIndex',
      '/publicityIndex/notice/abc',
      '/publicityIndex/case/JZSB2026-0038',
      '/homepage',
      '/homepage/news/1',
    ])
      expect(appPageFor(path)).toBe('public.html');
    for (const path of ['/login', '/loginWyf', '/wyfReport', '/dashboard', '/publicityIndexed', '/'])
      expect(appPageFor(path)).toBe('index.html');
  });
});

describe('public operations', () => {
  it('are the generated catalogue entries, each a public one', () => {
    for (const [id, entry] of Object.entries(PUBLIC_OPERATIONS)) {
      const generated = operations[id as keyof typeof operations];
      expect(entry).toEqual({ method: generated.method, path: generated.path });
      expect(generated.access).toBe('public');
    }
  });
});
