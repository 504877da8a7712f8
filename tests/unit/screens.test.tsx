/**
 * Screen files and the generic renderer: every file satisfies schemas/meta/screen.schema.json and
 * uses translation keys that exist; employee-list.yaml renders (with fixture data) as snapshotted;
 * an unknown screen or kind, or a crashing screen, shows a readable panel instead of breaking.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import Ajv from 'ajv';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { parse } from 'yaml';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { DataSourceContext, type DataSource } from '../../renderers/data-source.tsx';
import { registerScreenKind, registeredScreenKinds } from '../../renderers/registry.ts';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import { parseScreen, screenNames } from '../../renderers/screen-loader.ts';
import { ScreenError } from '../../renderers/screen-error.ts';
import { SCHEMAS_DIR } from '../../schemas/catalogue.ts';
import { i18n } from '../../src/i18n/i18n.ts';
import { LANGUAGES } from '../../src/i18n/languages.ts';
import { setupTestI18n } from './support/i18n.ts';

const SCREENS_DIR = join(SCHEMAS_DIR, 'screens');
const screenFiles = readdirSync(SCREENS_DIR).filter((f) => f.endsWith('.yaml'));

const EMPLOYEES = [
  {
    id: 'e1',
    account: 'wangwei',
    name: '王伟',
    gender: 'male',
    status: 'actived',
    mobile: '13800000001',
    email: 'wangwei@demo.example.cn',
    orgName: '演示企业集团法律合规与反垄断事务部',
    createTime: '2024-05-01T08:30:00',
  },
  {
    id: 'e2',
    account: 'lifang',
    name: '李芳',
    gender: 'female',
    status: 'locked',
    mobile: '13800000002',
    email: 'lifang@demo.example.cn',
    orgName: '财务部',
    createTime: '2024-04-30T17:05:09',
  },
  {
    id: 'e3',
    account: 'zhangmin',
    name: '张敏',
    gender: 'female',
    status: 'inactive',
    mobile: null,
    email: 'zm@demo.example.cn',
    orgName: null,
    createTime: '2024-04-01T00:00:00',
  },
];

const fixture = vi.fn<DataSource>(async () => ({
  dataResult: EMPLOYEES,
  pageResult: { totalCount: 51, totalPages: 3, page: 1, limit: 20 },
}));

function renderScreen(ui: React.ReactNode) {
  return render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false }}>
      <DataSourceContext.Provider value={fixture}>{ui}</DataSourceContext.Provider>
    </ConfigProvider>,
  );
}

/** Every translation key a screen file names: titles, labels, option labels. */
function keysOf(node: unknown, keys = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => keysOf(n, keys));
  else if (node && typeof node === 'object') {
    for (const [name, value] of Object.entries(node)) {
      if ((name === 'title' || name === 'label') && typeof value === 'string') keys.add(value);
      else keysOf(value, keys);
    }
  }
  return keys;
}

beforeAll(async () => {
  await setupTestI18n('zh-CN');
  dayjs.locale('zh-cn');
});

afterEach(() => {
  cleanup();
});

describe('screen files', () => {
  const meta = JSON.parse(readFileSync(join(SCHEMAS_DIR, 'meta', 'screen.schema.json'), 'utf8'));
  const validate = new Ajv({ allErrors: true }).compile(meta);

  it('are all bundled for the renderer', () => {
    expect(screenNames()).toEqual(screenFiles.map((f) => f.replace(/\.yaml$/, '')).sort());
  });

  it.each(screenFiles)('%s satisfies the screen meta-schema and uses a registered kind', (file) => {
    const data = parse(readFileSync(join(SCREENS_DIR, file), 'utf8'));
    expect(validate(data) ? [] : validate.errors).toEqual([]);
    expect(registeredScreenKinds()).toContain(data.kind);
  });

  it.each(screenFiles)('%s names only translation keys that exist in every language', (file) => {
    const keys = keysOf(parse(readFileSync(join(SCREENS_DIR, file), 'utf8')));
    const missing = [...keys].flatMap((key) =>
      LANGUAGES.filter((lng) => !i18n.exists(key, { lng })).map((lng) => `${lng}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it('the meta-schema rejects an unknown kind and unknown fields', () => {
    expect(validate({ kind: 'table' })).toBe(false);
    expect(
      validate({
        kind: 'list',
        title: 'a.b',
        operation: 'x.y',
        columns: [{ field: 'a', title: 'a.b' }],
        extra: 1,
      }),
    ).toBe(false);
    expect(
      validate({
        kind: 'list',
        title: 'a.b',
        operation: 'x.y',
        columns: [{ field: 'a', title: 'a.b', formatter: 'enum' }],
      }),
    ).toBe(false);
  });
});

describe('employee-list', () => {
  it('renders search form, columns, formatted rows and paging as snapshotted', async () => {
    fixture.mockClear();
    const { container } = renderScreen(<ScreenRenderer name="employee-list" />);
    const table = await screen.findByRole('table');
    await within(table).findByText('王伟');
    await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).toBeNull());

    expect(fixture).toHaveBeenCalledWith('employee.query', {
      body: {
        parameters: [],
        requestPage: { pageNo: 1, limit: 20 },
        sorts: [{ field: 'createTime', order: 'DESC' }],
      },
    });
    // Title, search labels, enum tags, datetime and truncation, total.
    expect(screen.getByText('员工管理')).toBeTruthy();
    expect(screen.getByRole('search')).toBeTruthy();
    expect(within(table).getByText('激活')).toBeTruthy();
    expect(within(table).getByText('锁定')).toBeTruthy();
    expect(within(table).getAllByText('女')).toHaveLength(2);
    expect(within(table).getByText('2024-05-01 08:30:00')).toBeTruthy();
    expect(within(table).getByText('演示企业集团法律合规与反…')).toBeTruthy();
    expect(screen.getByTestId('list-total').textContent).toBe('共 51 条');
    expect(container.firstChild).toMatchSnapshot();
  });
});

describe('ScreenRenderer errors', () => {
  it('shows a panel for a screen that does not exist', async () => {
    renderScreen(<ScreenRenderer name="no-such-screen" />);
    const panel = await screen.findByTestId('screen-error');
    expect(panel.textContent).toContain('找不到界面配置“no-such-screen”');
  });

  it('shows a panel for a kind nobody registered', async () => {
    renderScreen(<ScreenRenderer name="odd" screen={{ kind: 'kanban', title: 'x.y' }} />);
    const panel = await screen.findByTestId('screen-error');
    expect(panel.textContent).toContain('界面“odd”的类型“kanban”不受支持');
  });

  it('shows a panel when a screen crashes while rendering', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    registerScreenKind('test-crash', () => {
      throw new Error('boom');
    });
    renderScreen(<ScreenRenderer name="broken" screen={{ kind: 'test-crash' }} />);
    expect((await screen.findByTestId('screen-error')).textContent).toContain('页面显示出错：boom');
    spy.mockRestore();
  });

  it('reports YAML that cannot be a screen', () => {
    expect(() => parseScreen('bad', 'kind: [')).toThrow(ScreenError);
    expect(() => parseScreen('bad', 'title: no.kind')).toThrow(/invalid/);
  });
});
