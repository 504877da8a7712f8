/**
 * The action registry and its built-ins, run the way screens run them (useRunAction): selection rules,
 * confirm, api with params from the row / selection / form, dialog and drawer with refresh on close,
 * navigate, download, refresh and close; unknown actions and failures; domain actions in step with
 * domain-actions.json.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, renderHook, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUILTIN_ACTIONS } from '../../renderers/actions/builtin-names.ts';
import { registeredActions, type ActionDefinition } from '../../renderers/actions/registry.ts';
import { useRunAction, type RunAction } from '../../renderers/actions/useRunAction.ts';
import type { DataSource } from '../../renderers/data-source.tsx';
import { closeAllScreenDialogs, openScreenDialog } from '../../renderers/dialogs/dialog-store.ts';
import { createFixtureDataSource } from '../../renderers/fixtures/index.ts';
import { recordingUi, ScreenFixtures } from '../../renderers/fixtures/ScreenFixtures.tsx';
import { ScreenContext } from '../../renderers/screen-context.tsx';
import { SCHEMAS_DIR } from '../../schemas/catalogue.ts';
import { ApiCallError } from '../../src/api/api-call-error.ts';
import { setupTestI18n } from './support/i18n.ts';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

afterEach(() => {
  closeAllScreenDialogs();
  cleanup();
  vi.restoreAllMocks();
});

function setup(
  options: {
    dataSource?: DataSource;
    confirm?: boolean;
    close?: (result?: unknown) => void;
    router?: boolean;
  } = {},
) {
  const fixtures = createFixtureDataSource();
  const dataSource = options.dataSource ?? fixtures;
  const { ui, shown } = recordingUi(options.confirm ?? true);
  let location = '';
  function Where() {
    location = useLocation().pathname + useLocation().search;
    return null;
  }
  const wrapper = ({ children }: { children: ReactNode }) => {
    const inner = (
      <ConfigProvider locale={zhCN} theme={{ hashed: false }}>
        <ScreenFixtures dataSource={dataSource} ui={ui}>
          <ScreenContext.Provider
            value={{ name: 'test', params: { id: 'p1' }, frame: 'dialog', close: options.close }}
          >
            {children}
          </ScreenContext.Provider>
        </ScreenFixtures>
      </ConfigProvider>
    );
    return options.router ? (
      <MemoryRouter initialEntries={['/start']}>
        {inner}
        <Where />
      </MemoryRouter>
    ) : (
      inner
    );
  };
  const { result } = renderHook(() => useRunAction(), { wrapper });
  const run: RunAction = (action, input) => act(() => result.current(action, input)) as Promise<unknown>;
  // For actions that stay open (a dialog) while the test goes on: not wrapped in one act.
  const start: RunAction = (action, input) => result.current(action, input);
  return { run, start, shown, dataSource, calls: fixtures.calls, location: () => location };
}

const ROWS = [
  { id: 'e1', name: '王伟', account: 'wangwei' },
  { id: 'e2', name: '李芳', account: 'lifang' },
];

describe('selection rules (spec §5)', () => {
  const single: ActionDefinition = { type: 'refresh', selection: 'single' };
  const multiple: ActionDefinition = { type: 'refresh', selection: 'multiple' };

  it('a single-record action warns on none and on several, and runs on one', async () => {
    const refresh = vi.fn();
    const { run, shown } = setup();
    await run(single, { selection: [], refresh });
    await run(single, { selection: ROWS, refresh });
    expect(shown).toEqual([
      { kind: 'warning', text: '请选择记录' },
      { kind: 'warning', text: '只能选择一条记录' },
    ]);
    expect(refresh).not.toHaveBeenCalled();
    await run(single, { selection: [ROWS[0]], refresh });
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('a batch action warns on none only; a row action counts its row', async () => {
    const refresh = vi.fn();
    const { run, shown } = setup();
    await run(multiple, { selection: [], refresh });
    expect(shown).toEqual([{ kind: 'warning', text: '请选择记录' }]);
    await run(multiple, { selection: ROWS, refresh });
    await run(single, { record: ROWS[1], refresh });
    expect(refresh).toHaveBeenCalledTimes(2);
  });
});

describe('api', () => {
  const remove: ActionDefinition = {
    type: 'api',
    selection: 'multiple',
    confirm: 'action.confirmRemove',
    operation: 'employee.remove',
    query: { ids: 'selection.id' },
    success: 'action.removeSuccess',
  };

  it('asks first, calls the operation with the selected ids, tells and refreshes', async () => {
    const refresh = vi.fn();
    const { run, shown, calls } = setup();
    await run(remove, { selection: ROWS, refresh });
    expect(shown).toEqual([
      { kind: 'confirm', text: '确定要删除选中的 2 条记录吗？' },
      { kind: 'success', text: '删除成功' },
    ]);
    expect(calls).toEqual([{ operation: 'employee.remove', request: { query: { ids: 'e1,e2' } } }]);
    expect(refresh).toHaveBeenCalledTimes(1);
  });

  it('does nothing when the question is declined', async () => {
    const refresh = vi.fn();
    const { run, calls } = setup({ confirm: false });
    await run(remove, { selection: ROWS, refresh });
    expect(calls).toEqual([]);
    expect(refresh).not.toHaveBeenCalled();
  });

  it('interpolates the row into the question, and sends literals, params and the form', async () => {
    const close = vi.fn();
    const dataSource = vi.fn<DataSource>(async () => ({ saved: true }));
    const { run, shown } = setup({ dataSource, close });
    await run(
      {
        type: 'api',
        operation: 'saas.tenant.approve.batch',
        confirm: 'tenant.confirm.createSpace',
        query: { ids: 'record.id', approveStatus: "'PASSED'", empty: 'record.nothing' },
        body: { name: 'form.name', parent: 'params.id', fixed: 3, list: ['record.id', true] },
        success: false,
        refresh: false,
        close: true,
      },
      { record: { id: 't1', name: '甲公司' }, form: { name: '新名称' } },
    );
    expect(shown).toEqual([{ kind: 'confirm', text: '确定为租户“甲公司”创建数据空间吗？' }]);
    expect(dataSource).toHaveBeenCalledWith('saas.tenant.approve.batch', {
      query: { ids: 't1', approveStatus: 'PASSED' },
      body: { name: '新名称', parent: 'p1', fixed: 3, list: ['t1', true] },
    });
    expect(close).toHaveBeenCalledWith({ saved: true });
  });

  it('shows a warning state the server passed through, and any other failure as an error', async () => {
    const warning = new ApiCallError({ kind: 'passThrough', text: '该员工已被禁用', url: '/x', state: 2 });
    const failing = vi
      .fn<DataSource>()
      .mockRejectedValueOnce(warning)
      .mockRejectedValueOnce(
        new ApiCallError({ kind: 'http', text: '服务器内部错误', url: '/x', status: 500 }),
      )
      .mockRejectedValueOnce(new Error('boom'));
    const { run, shown } = setup({ dataSource: failing });
    const action: ActionDefinition = {
      type: 'api',
      operation: 'employee.active',
      query: { ids: 'record.id' },
    };
    for (let i = 0; i < 3; i++) await run(action, { record: ROWS[0] });
    // The client shows its own http failures; only the pass-through and the unexpected one are shown here.
    expect(shown).toEqual([
      { kind: 'warning', text: '该员工已被禁用' },
      { kind: 'error', text: '操作失败：boom' },
    ]);
  });
});

describe('dialog and drawer', () => {
  it('open a screen with params from the row; the opener refreshes when it closes', async () => {
    const refresh = vi.fn();
    const { start } = setup();
    let done = false;
    const running = start(
      {
        type: 'dialog',
        screen: 'message-detail',
        params: { id: 'record.messageId', embedded: true },
        width: '60%',
      },
      { record: { messageId: 'm1' }, refresh },
    ).then(() => (done = true));
    const dialog = await screen.findByTestId('screen-dialog-message-detail', {}, { timeout: 10_000 });
    await within(document.body).findByText(
      '关于开展2024年度经营者集中申报材料自查的通知',
      {},
      { timeout: 10_000 },
    );
    // Embedded: the replies and read-by tabs are not shown.
    expect(within(document.body).queryByText('回复列表')).toBeNull();
    expect(within(document.body).getByText('消息详情')).toBeTruthy();
    expect(done).toBe(false);
    await act(async () =>
      within(dialog)
        .getByRole('button', { name: /close|关闭/i })
        .click(),
    );
    await running;
    expect(refresh).toHaveBeenCalledTimes(1);
  }, 20_000);

  it('a drawer the same way, without refreshing when told not to', async () => {
    const refresh = vi.fn();
    const { start } = setup();
    const running = start(
      { type: 'drawer', screen: 'message-detail', params: { id: "'m2'" }, refresh: false },
      { refresh },
    );
    await within(document.body).findByText('系统维护通知', {}, { timeout: 15_000 });
    expect(document.body.querySelector('.ant-drawer-open')).toBeTruthy();
    await act(async () => closeAllScreenDialogs());
    await running;
    expect(refresh).not.toHaveBeenCalled();
  });

  it('openScreenDialog settles with the result the screen closes with', async () => {
    setup();
    const { ScreenRenderer } = await import('../../renderers/ScreenRenderer.tsx');
    expect(ScreenRenderer).toBeTruthy();
    const result = openScreenDialog({
      screen: 'message-detail',
      params: { id: 'm3', embedded: true },
      fullScreen: true,
    });
    await within(document.body).findByText('请确认案件补充材料', {}, { timeout: 15_000 });
    const dialogs = document.body.querySelectorAll('.ant-modal');
    expect(dialogs).toHaveLength(1);
    expect((dialogs[0] as HTMLElement).style.width).toBe('100vw');
    await act(async () => {
      const { closeScreenDialog } = await import('../../renderers/dialogs/dialog-store.ts');
      const { openDialogs } = await import('../../renderers/dialogs/dialog-store.ts');
      closeScreenDialog(openDialogs()[0].id, { chosen: 'm3' });
    });
    await expect(result).resolves.toEqual({ chosen: 'm3' });
  });
});

describe('navigate, refresh, close, download', () => {
  it('navigate goes to the route with a query from expressions', async () => {
    const { run, location } = setup({ router: true });
    await run(
      { type: 'navigate', to: '/messageList', query: { id: 'record.id', empty: 'record.none' } },
      { record: ROWS[0] },
    );
    await waitFor(() => expect(location()).toBe('/messageList?id=e1'));
  });

  it('navigate without a router (or newWindow) opens the address', async () => {
    const open = vi.spyOn(window, 'open').mockImplementation(() => null);
    const { run } = setup();
    await run(
      { type: 'navigate', to: '/x', newWindow: true, query: { ids: 'selection.id' } },
      { selection: ROWS },
    );
    expect(open).toHaveBeenCalledWith('/x?ids=e1%2Ce2', '_blank');
  });

  it('refresh re-reads; close hands the evaluated result to the opener', async () => {
    const close = vi.fn();
    const refresh = vi.fn();
    const { run } = setup({ close });
    await run({ type: 'refresh' }, { refresh });
    await run({ type: 'close', result: 'record.id' }, { record: ROWS[1] });
    expect(refresh).toHaveBeenCalledTimes(1);
    expect(close).toHaveBeenCalledWith('e2');
  });

  it('download saves the file as name plus extension, with a downloading notice', async () => {
    const created = vi.fn((_blob: Blob) => 'blob:fixture');
    URL.createObjectURL = created as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const clicks: { download: string; href: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicks.push({ download: this.download, href: this.href });
    });
    const { run, shown, calls } = setup();
    await run(
      {
        type: 'download',
        operation: 'fldFile.download',
        query: { attachmentId: 'record.src' },
        fileName: 'record.title',
        ext: "'pdf'",
      },
      { record: { src: 'a9', title: '营业额说明' } },
    );
    expect(calls).toEqual([
      { operation: 'fldFile.download', request: { query: { attachmentId: 'a9' }, as: 'blob' } },
    ]);
    expect(await created.mock.calls[0][0].text()).toBe('fixture attachment a9\n');
    expect(clicks).toEqual([{ download: '营业额说明.pdf', href: 'blob:fixture' }]);
    expect(shown).toEqual([{ kind: 'loading', text: '正在下载…' }]);
  });
});

describe('the registry', () => {
  it('warns about an action nobody registered', async () => {
    const { run, shown } = setup();
    await run({ type: 'no.such.action' });
    expect(shown).toEqual([{ kind: 'warning', text: '无效的操作：no.such.action' }]);
  });

  it('has every built-in, and every domain action registered from src/ listed in domain-actions.json', async () => {
    // Domain actions register from modules named src/**/*-actions.ts, imported at app start.
    await Promise.all(Object.values(import.meta.glob('../../src/**/*-actions.ts')).map((load) => load()));
    const registered = registeredActions();
    for (const name of BUILTIN_ACTIONS) expect(registered).toContain(name);
    const domain = JSON.parse(
      readFileSync(join(SCHEMAS_DIR, '..', 'renderers', 'actions', 'domain-actions.json'), 'utf8'),
    ) as string[];
    const notBuiltIn = registered.filter((name) => !(BUILTIN_ACTIONS as readonly string[]).includes(name));
    expect(notBuiltIn).toEqual([...domain].sort());
  });
});
