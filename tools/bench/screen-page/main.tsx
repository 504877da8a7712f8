/**
 * The page `npm run bench screens` opens in Chromium: one list screen given N fixture rows on a single
 * page (?rows=10000, ?virtual=0 to force every row into the DOM). It records when the data was in
 * hand and when the first rows were painted, and records frame times while the bench scrolls.
 */
import { createRoot } from 'react-dom/client';
import { ConfigProvider } from 'antd';
import zhCNAntd from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import type { DataSource } from '../../../renderers/data-source.tsx';
import { listPage } from '../../../renderers/fixtures/index.ts';
import { ScreenFixtures } from '../../../renderers/fixtures/ScreenFixtures.tsx';
import type { ListScreenDefinition } from '../../../renderers/list/list-types.ts';
import { ScreenRenderer } from '../../../renderers/ScreenRenderer.tsx';
import { initI18n } from '../../../src/i18n/i18n.ts';

const zhCN = Object.assign(
  {},
  ...Object.values(import.meta.glob('../../../locales/zh-CN/*.yaml', { eager: true, import: 'default' })),
) as Record<string, unknown>;

declare global {
  interface Window {
    bench: {
      dataAt?: number;
      paintedAt?: number;
      recordFrames?: () => () => number[];
      stopFrames?: () => number[];
      firstRow?: () => string;
    };
  }
}

const search = new URLSearchParams(location.search);
const count = Number(search.get('rows') ?? 10_000);
const virtual = search.get('virtual') !== '0';
const selection = search.get('selection') === 'none' ? 'none' : 'multiple';
window.bench = {};

const STATUS = ['actived', 'inactive', 'locked', 'disabled'];
const rows = Array.from({ length: count }, (_, i) => ({
  id: `e${i}`,
  account: `user${i}`,
  name: `员工${i}`,
  status: STATUS[i % STATUS.length],
  email: `user${i}@bench.example.cn`,
  createTime: '2024-05-01 08:30:00',
  size: i * 7919,
}));

const screen: ListScreenDefinition = {
  kind: 'list',
  title: 'employee.list.title',
  operation: 'employee.query',
  selection,
  defaultPageSize: count,
  pageSizes: [count],
  virtual,
  height: 600,
  columns: [
    { field: 'account', title: 'employee.field.account', width: 140 },
    { field: 'name', title: 'employee.field.name', width: 120 },
    {
      field: 'status',
      title: 'employee.field.status',
      width: 100,
      formatter: 'enum',
      options: STATUS.map((value) => ({ value, label: `employee.status.${value}` })),
    },
    { field: 'email', title: 'employee.field.email', width: 200, formatter: 'truncate' },
    { field: 'size', title: 'employee.field.mobile', width: 100, formatter: 'number' },
    { field: 'createTime', title: 'employee.field.createTime', width: 180, formatter: 'datetime' },
  ],
};

// The page answered as the api client would hand it over (parsed, not copied again), timed when handed.
const dataSource: DataSource = async (operation, request) => {
  if (operation !== 'employee.query') throw new Error(`bench page has no ${operation}`);
  const page = listPage(rows, request);
  window.bench.dataAt = performance.now();
  return page;
};

/** Polls each frame until a row is in the DOM, then notes the time of the frame after it (painted). */
function watchFirstPaint(): void {
  const check = () => {
    if (document.querySelector('.ant-table-row')) {
      requestAnimationFrame(() => (window.bench.paintedAt = performance.now()));
    } else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
}

/**
 * Records animation-frame times until stopped: the bench wheels the table with the real mouse
 * meanwhile, so the frames measured are the frames the user would see while scrolling.
 */
window.bench.recordFrames = () => {
  const frameTimes: number[] = [];
  let last = performance.now();
  let running = true;
  const tick = (now: number) => {
    frameTimes.push(now - last);
    last = now;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  return () => {
    running = false;
    return frameTimes.slice(1);
  };
};
/** The account in the row drawn at the top of the table body: it changes when the table scrolls. */
window.bench.firstRow = () => {
  const body = document.querySelector('.ant-table-tbody-virtual-holder, .ant-table-body') as HTMLElement;
  const box = body.getBoundingClientRect();
  // A virtual table draws its rows as divs, a plain one as tr.
  const row = document.elementFromPoint(box.left + box.width / 2, box.top + 4)?.closest('.ant-table-row');
  return (row?.querySelector(':scope > :nth-child(2)')?.textContent ?? '').trim();
};

await initI18n('zh-CN', { 'zh-CN': { translation: zhCN } });
dayjs.locale('zh-cn');
watchFirstPaint();
createRoot(document.getElementById('root')!).render(
  <ConfigProvider locale={zhCNAntd} theme={{ token: { colorPrimary: '#409EFF' } }}>
    <ScreenFixtures dataSource={dataSource}>
      <ScreenRenderer name="bench" screen={screen} />
    </ScreenFixtures>
  </ConfigProvider>,
);
