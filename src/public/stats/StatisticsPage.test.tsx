/**
 * The statistics page as the server renders it (issue 25): from the answer alone — no fetch, no echarts —
 * the summary, the tables (caption, header cells with their scope) and the download links for the same
 * years are in the HTML; the charts are empty boxes named by their summary, drawn only after mount.
 */
import { renderToString } from 'react-dom/server';
import { afterAll, describe, expect, it } from 'vitest';
import { setTransport } from '../api.ts';
import { PageDataContext } from '../page-data.ts';
import { PlaceContext } from '../router.tsx';
import { createPublicRenderer } from '../server-render.tsx';
import { StatisticsPage } from './StatisticsPage.tsx';
import type { Stats, StatsRow } from './stats-view.ts';

const zero = {
  year: null,
  quarter: null,
  industry: null,
  decisions: 0,
  unconditional: 0,
  conditional: 0,
  prohibition: 0,
  simplified: 0,
  normal: 0,
  procedureUnknown: 0,
  notices: 0,
  timedCases: 0,
  averageDays: null,
  medianDays: null,
};
const row = (r: Partial<StatsRow> & Pick<StatsRow, 'scope'>): StatsRow => ({ ...zero, ...r });
const counts = {
  decisions: 1234,
  unconditional: 1230,
  conditional: 3,
  prohibition: 1,
  simplified: 1000,
  normal: 234,
};

const STATS: Stats = {
  fromYear: 2023,
  toYear: 2023,
  firstYear: 2008,
  lastYear: 2025,
  rows: [
    row({ scope: 'total', ...counts, notices: 400, timedCases: 2, averageDays: 35.5, medianDays: 35.5 }),
    row({
      scope: 'year',
      year: 2023,
      ...counts,
      notices: 400,
      timedCases: 2,
      averageDays: 35.5,
      medianDays: 35.5,
    }),
    row({ scope: 'quarter', year: 2023, quarter: 1, ...counts, notices: 400 }),
    row({ scope: 'industry', industry: 'C', ...counts }),
  ],
};

function renderPage(search: string, answers: Map<string, { data: unknown }>) {
  const place = { path: '/publicityIndex/statistics', query: new URLSearchParams(search) };
  return renderToString(
    <PageDataContext.Provider value={{ answers, collect: () => undefined }}>
      <PlaceContext.Provider value={place}>
        <StatisticsPage />
      </PlaceContext.Provider>
    </PageDataContext.Provider>,
  );
}

describe('statistics page, server-rendered', () => {
  it('holds every figure in the HTML, in accessible tables, with downloads of the same years', () => {
    const html = renderPage('fromYear=2023&toYear=2023', new Map([['stats:2023:2023', { data: STATS }]]));
    const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
    const tables = [...doc.querySelectorAll('table')];
    expect(tables.map((t) => t.querySelector('caption')?.textContent)).toEqual([
      '按年度统计 2023—2023年',
      '按季度统计 2023—2023年',
      '按行业（国民经济行业分类门类）统计 2023—2023年',
    ]);
    for (const table of tables) {
      expect(table.querySelectorAll('thead th[scope="col"]').length).toBeGreaterThan(5);
      expect(table.querySelectorAll('tbody th[scope="row"]').length).toBe(1);
    }
    const [years, quarters, industries] = tables;
    expect(years.querySelector('tbody th')?.textContent).toBe('2023年');
    expect(years.querySelector('tbody td')?.textContent).toBe('1,234');
    expect(quarters.querySelector('tbody th')?.textContent).toBe('2023年第1季度');
    expect(industries.querySelector('tbody th')?.textContent).toBe('制造业');
    // The summary and the note on the days; no column for an unrecorded procedure when none is.
    expect(doc.querySelector('.pub-stats-summary')?.textContent).toContain('35.5 天');
    expect(html).not.toContain('程序未注明');
    expect(doc.querySelector('.pub-hint')?.textContent).toContain('（2 件）');
    const links = [...doc.querySelectorAll('.pub-downloads a')].map((a) => a.getAttribute('href'));
    expect(links).toEqual([
      '/api/publicity/openData/stats?format=csv&fromYear=2023&toYear=2023&lang=zh-CN',
      '/api/publicity/openData/stats?format=json&fromYear=2023&toYear=2023',
    ]);
    // Charts: named boxes, empty until the browser draws them.
    const charts = [...doc.querySelectorAll('.pub-stats-chart')];
    expect(charts.map((c) => [c.getAttribute('role'), c.childElementCount])).toEqual([
      ['img', 0],
      ['img', 0],
    ]);
    expect(charts[0].getAttribute('aria-label')).toContain('数据见下表');
    // The range form works without JavaScript: a GET form to the page, the years selected.
    const form = doc.querySelector('form');
    expect(form?.getAttribute('method')).toBe('get');
    expect(form?.getAttribute('action')).toBe('/publicityIndex/statistics');
    expect((doc.querySelector('#stats-fromYear option[selected]') as HTMLOptionElement)?.value).toBe('2023');
  });

  it('shows the server’s refusal of a bad year instead of figures', () => {
    const html = renderToString(
      <PageDataContext.Provider
        value={{
          answers: new Map([
            ['stats:abc:', { error: { message: '查询条件“起始年份”的值无效', state: 6010101 } }],
          ]),
          collect: () => undefined,
        }}
      >
        <PlaceContext.Provider
          value={{ path: '/publicityIndex/statistics', query: new URLSearchParams('fromYear=abc') }}
        >
          <StatisticsPage />
        </PlaceContext.Provider>
      </PageDataContext.Provider>,
    );
    expect(html).toContain('查询条件“起始年份”的值无效');
    expect(html).not.toContain('<table');
  });

  // The renderer sets the api's transport for the whole module graph: the browser's fetch again after.
  afterAll(() => setTransport((url, init) => fetch(url, init)));

  it('is rendered whole by the server although its code is a chunk of its own', async () => {
    const calls: { url: string; body: unknown }[] = [];
    const render = createPublicRenderer({
      call: async (url, init) => {
        calls.push({ url, body: JSON.parse(String(init.body)) });
        return new Response(JSON.stringify({ state: 200, message: 'ok', data: STATS }));
      },
      sanitise: (html) => html,
    });
    const page = await render({
      path: '/publicityIndex/statistics',
      search: '?fromYear=2023&toYear=2023',
      language: 'zh-CN',
    });
    expect(calls).toEqual([{ url: '/api/publicity/stats', body: { fromYear: '2023', toYear: '2023' } }]);
    expect(page.status).toBe(200);
    expect(page.title).toMatch(/^统计 - /);
    expect(page.html.match(/<table/g)).toHaveLength(3);
    // The answers the browser hydrates with: the chunk's (nothing) and the figures.
    expect(page.data).toEqual({ 'statistics:code': { data: null }, 'stats:2023:2023': { data: STATS } });
  });
});
