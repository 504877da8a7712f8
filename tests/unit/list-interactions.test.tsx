/**
 * The list kind through its UI, as a user drives it: the request shape for search, paging, page size
 * and sorting; toolbar actions with the selection rules, confirm and refresh; visibility by session;
 * row actions; options from an operation; large pages virtualised.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SessionScope } from '../../renderers/actions/session-scope.tsx';
import { closeAllScreenDialogs } from '../../renderers/dialogs/dialog-store.ts';
import { EMPLOYEES } from '../../renderers/fixtures/employees.ts';
import { createFixtureDataSource, listPage, type FixtureDataSource } from '../../renderers/fixtures/index.ts';
import { recordingUi, ScreenFixtures, STAFF_SESSION } from '../../renderers/fixtures/ScreenFixtures.tsx';
import type { ListScreenDefinition } from '../../renderers/list/list-types.ts';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import { setupTestI18n } from './support/i18n.ts';
// The app registers its domain actions at start (session.switchUser among them).
import '../../src/session/session-actions.ts';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
  dayjs.locale('zh-cn');
});

afterEach(() => {
  closeAllScreenDialogs();
  cleanup();
});

function open(
  name: string,
  options: { dataSource?: FixtureDataSource; session?: SessionScope; screen?: ListScreenDefinition } = {},
) {
  const dataSource = options.dataSource ?? createFixtureDataSource();
  const { ui, shown } = recordingUi(true);
  const view = render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false }}>
      <ScreenFixtures dataSource={dataSource} ui={ui} session={options.session}>
        <ScreenRenderer name={name} screen={options.screen} />
      </ScreenFixtures>
    </ConfigProvider>,
  );
  const queries = () => dataSource.calls.filter((c) => c.operation.endsWith('.query'));
  const lastBody = () => queries().at(-1)!.request.body;
  return { ...view, dataSource, shown, queries, lastBody };
}

const rowsShown = (container: HTMLElement) => container.querySelectorAll('tr.ant-table-row').length;

async function loaded(container: HTMLElement) {
  await waitFor(() => expect(rowsShown(container)).toBeGreaterThan(0), { timeout: 10_000 });
  await waitFor(() => expect(container.querySelector('.ant-spin-spinning')).toBeNull(), { timeout: 10_000 });
}

/** The table row whose cells include `text`. */
function rowOf(text: string): HTMLElement {
  return screen.getByText(text).closest('tr') as HTMLElement;
}

describe('the list request (spec: parameters, requestPage, sorts)', () => {
  it('pages with the known total and sorts on the server (ascending, descending, none)', async () => {
    const { container, lastBody, queries } = open('employee-list');
    await loaded(container);
    expect(lastBody()).toEqual({
      parameters: [],
      requestPage: { pageNo: 1, limit: 20 },
      sorts: [{ field: 'createTime', order: 'DESC' }],
    });

    await act(async () => fireEvent.click(screen.getByTitle('2')));
    await waitFor(() =>
      expect(lastBody()).toEqual({
        parameters: [],
        requestPage: { pageNo: 2, limit: 20, totalCount: 57 },
        sorts: [{ field: 'createTime', order: 'DESC' }],
      }),
    );
    await loaded(container);
    const byNewest = [...EMPLOYEES].sort((a, b) => String(b.createTime).localeCompare(String(a.createTime)));
    expect(screen.getByText(String(byNewest[20].account))).toBeTruthy();
    expect(screen.queryByText(String(byNewest[19].account))).toBeNull();

    // Sorting the sortable column: the header cycles through ascending, descending, none.
    const header = container.querySelector('th.ant-table-column-has-sorters') as HTMLElement;
    expect(header.textContent).toContain('创建时间');
    await act(async () => fireEvent.click(header));
    await waitFor(() =>
      expect(lastBody()).toMatchObject({ sorts: [], requestPage: { pageNo: 1, limit: 20 } }),
    );
    await act(async () => fireEvent.click(header));
    await waitFor(() => expect(lastBody()).toMatchObject({ sorts: [{ field: 'createTime', order: 'ASC' }] }));
    await act(async () => fireEvent.click(header));
    await waitFor(() =>
      expect(lastBody()).toMatchObject({ sorts: [{ field: 'createTime', order: 'DESC' }] }),
    );
    await loaded(container);
    expect(queries().length).toBe(5);
  }, 30_000);

  it('searches with the typed values, empty ones left out, back on page 1', async () => {
    const { container, lastBody } = open('employee-list');
    await loaded(container);
    await act(async () => fireEvent.click(screen.getByTitle('3')));
    await waitFor(() => expect(lastBody()).toMatchObject({ requestPage: { pageNo: 3 } }));
    const form = screen.getByRole('search');
    fireEvent.change(within(form).getByPlaceholderText('姓名'), { target: { value: ' 王 ' } });
    fireEvent.change(within(form).getByPlaceholderText('账号'), { target: { value: '   ' } });
    await act(async () => fireEvent.click(within(form).getByRole('button', { name: /查\s*询/ })));
    await waitFor(() =>
      expect(lastBody()).toEqual({
        parameters: [{ key: 'name', value: '王' }],
        requestPage: { pageNo: 1, limit: 20 },
        sorts: [{ field: 'createTime', order: 'DESC' }],
      }),
    );
    await loaded(container);
    expect(screen.getByTestId('list-total').textContent).toBe('共 1 条');
  }, 30_000);
});

describe('toolbar and row actions', () => {
  it('switch user warns on no selection and on two; remove asks, calls with the ids and reloads', async () => {
    const { container, shown, dataSource, lastBody } = open('employee-list');
    await loaded(container);
    const toolbar = screen.getByTestId('actions-toolbar');
    await act(async () => fireEvent.click(within(toolbar).getByRole('button', { name: /切换用户/ })));
    expect(shown).toEqual([{ kind: 'warning', text: '请选择记录' }]);

    for (const name of ['王伟', '李芳']) {
      await act(async () => fireEvent.click(within(rowOf(name)).getByRole('checkbox')));
    }
    await act(async () => fireEvent.click(within(toolbar).getByRole('button', { name: /切换用户/ })));
    expect(shown.at(-1)).toEqual({ kind: 'warning', text: '只能选择一条记录' });

    await act(async () => fireEvent.click(within(toolbar).getByRole('button', { name: /删\s*除/ })));
    await waitFor(() => expect(shown.at(-1)).toEqual({ kind: 'success', text: '删除成功' }));
    expect(shown.at(-2)).toEqual({ kind: 'confirm', text: '确定要删除选中的 2 条记录吗？' });
    expect(dataSource.calls.filter((c) => c.operation === 'employee.remove')).toEqual([
      { operation: 'employee.remove', request: { query: { ids: 'e1,e2' } } },
    ]);
    // Reloaded after the change, and the selection is gone with the old rows.
    await waitFor(() => expect(dataSource.calls.at(-1)!.operation).toBe('employee.query'));
    expect(lastBody()).toMatchObject({ requestPage: { pageNo: 1, limit: 20 } });
    await loaded(container);
    expect(container.querySelectorAll('.ant-table-row-selected')).toHaveLength(0);
  }, 30_000);

  it('shows administration buttons only to administrators', async () => {
    const { container } = open('employee-list', { session: STAFF_SESSION });
    await loaded(container);
    expect(screen.queryByTestId('actions-toolbar')).toBeNull();
    expect(screen.queryByText('编辑')).toBeNull();
  }, 30_000);

  it('row actions see their row; a condition can hide them per row', async () => {
    const { container, shown, dataSource } = open('audit', {
      screen: {
        kind: 'list',
        operation: 'saas.tenant.query',
        columns: [{ field: 'name', title: 'tenant.field.name' }],
        rowActions: [
          {
            type: 'api',
            label: 'tenant.action.createSpace',
            visible: "record.approveStatus == 'PASSED'",
            disabled: "record.schemaStatus == 'CREATED'",
            confirm: 'tenant.confirm.createSpace',
            operation: 'saas.tenant.schema.create',
            query: { id: 'record.id' },
          },
        ],
      },
    });
    await loaded(container);
    // t3 waits for approval: no button. t1 is approved with a space: greyed. t2 approved, no space.
    expect(within(rowOf('北方重工机械有限公司')).queryByRole('button')).toBeNull();
    expect(within(rowOf('演示企业集团有限公司')).getByRole('button')).toHaveProperty('disabled', true);
    await act(async () => fireEvent.click(within(rowOf('华东能源股份有限公司')).getByRole('button')));
    await waitFor(() => expect(shown.at(-1)).toEqual({ kind: 'success', text: '操作成功' }));
    expect(shown[0]).toEqual({ kind: 'confirm', text: '确定为租户“华东能源股份有限公司”创建数据空间吗？' });
    expect(dataSource.calls.find((c) => c.operation === 'saas.tenant.schema.create')).toEqual({
      operation: 'saas.tenant.schema.create',
      request: { query: { id: 't2' } },
    });
  }, 30_000);
});

describe('options and large pages', () => {
  it('fills an OPTION field from an operation', async () => {
    const dataSource = createFixtureDataSource();
    const { container } = open('by-tenant', {
      dataSource,
      screen: {
        kind: 'list',
        operation: 'employee.query',
        search: {
          fields: [
            {
              field: 'tenantId',
              label: 'tenant.field.name',
              type: 'OPTION',
              optionSource: { operation: 'saas.tenant.query', valueField: 'id', labelField: 'name' },
            },
          ],
        },
        columns: [{ field: 'name', title: 'employee.field.name' }],
      },
    });
    await loaded(container);
    expect(dataSource.calls.map((c) => c.operation).sort()).toEqual(['employee.query', 'saas.tenant.query']);
    // Pressing the search form's stand-in loads antd's Select and opens it (renderers/list/LazySelect.tsx).
    await act(async () => fireEvent.mouseDown(within(container).getByLabelText('租户名称')));
    await waitFor(() => expect(document.body.textContent).toContain('西部矿业投资集团'), { timeout: 10_000 });
  }, 30_000);

  it('draws only the rows in view of a 10,000-row page', async () => {
    const rows = Array.from({ length: 10_000 }, (_, i) => ({ id: `r${i}`, name: `行${i}`, size: i * 997 }));
    const dataSource = createFixtureDataSource({ overrides: { 'bench.query': (r) => listPage(rows, r) } });
    const screenDef: ListScreenDefinition = {
      kind: 'list',
      operation: 'employee.query',
      defaultPageSize: 10_000,
      pageSizes: [10_000],
      columns: [
        { field: 'name', title: 'employee.field.name', width: 200 },
        { field: 'size', title: 'employee.field.account', formatter: 'number', width: 120 },
      ],
    };
    const source: FixtureDataSource = Object.assign(
      (operation: string, request: Parameters<FixtureDataSource>[1]) =>
        dataSource(operation === 'employee.query' ? 'bench.query' : operation, request),
      { calls: dataSource.calls },
    );
    const { container } = open('big', { dataSource: source, screen: screenDef });
    await waitFor(() => expect(screen.getByTestId('list-total').textContent).toBe('共 10000 条'), {
      timeout: 20_000,
    });
    expect(container.querySelector('.ant-table-tbody-virtual')).toBeTruthy();
    expect(container.querySelectorAll('.ant-table-row').length).toBeLessThan(200);
  }, 30_000);

  it('shows an estimated total as "about N" and hands the flag back with the next page', async () => {
    const rows = Array.from({ length: 60 }, (_, i) => ({ id: `e${i}`, name: `员工${i}` }));
    const dataSource = createFixtureDataSource({
      overrides: {
        'bench.query': (r) => {
          const page = listPage(rows, r);
          // What the server answers for a large unfiltered list: the planner's estimate, flagged.
          return { ...page, pageResult: { ...page.pageResult, totalCount: 1_000_000, totalExact: false } };
        },
      },
    });
    const source: FixtureDataSource = Object.assign(
      (operation: string, request: Parameters<FixtureDataSource>[1]) =>
        dataSource(operation === 'employee.query' ? 'bench.query' : operation, request),
      { calls: dataSource.calls },
    );
    const { container } = open('estimated', {
      dataSource: source,
      screen: {
        kind: 'list',
        operation: 'employee.query',
        columns: [{ field: 'name', title: 'employee.field.name' }],
      },
    });
    await loaded(container);
    expect(screen.getByTestId('list-total').textContent).toBe('约 1000000 条');
    await act(async () => fireEvent.click(screen.getByTitle('2')));
    await waitFor(() =>
      expect(source.calls.at(-1)!.request.body).toMatchObject({
        requestPage: { pageNo: 2, totalCount: 1_000_000, totalExact: false },
      }),
    );
    await loaded(container);
    expect(screen.getByTestId('list-total').textContent).toBe('约 1000000 条');
  }, 30_000);
});
