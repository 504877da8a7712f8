/**
 * The schema editor page (/platform/screenConfig, issue 26) as a configurator uses it, with the API calls
 * answered at the call layer (callApi, as the other page tests fake it) by a small in-memory store of
 * versions; the preview draws with the fixture data source. The list and its search; opening a screen
 * (its draft first) as YAML beside its live preview; an edit's lint problem on its line and the preview
 * following; saving a draft with a note; a refused publish listing the check's problems, then a publish;
 * comparing two versions; restoring one after a confirmation; the unsaved-changes question; a tenant's
 * configurator without a platform scope.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { EditorView } from '@codemirror/view';
import { ConfigProvider } from 'antd';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../src/api/api-call-error.ts';
import ScreenConfigPage from '../../src/pages/screen-config/ScreenConfigPage.tsx';
import {
  recordingUi,
  ScreenFixtures,
  STAFF_SESSION,
  SUPER_SESSION,
} from '../../renderers/fixtures/ScreenFixtures.tsx';
import type { SessionScope } from '../../renderers/environment/environment-types.ts';
import { setupTestI18n } from './support/i18n.ts';
import { appFacts } from './support/renderer-environment.ts';

const api = vi.hoisted(() => ({ callApi: vi.fn() }));

vi.mock('../../src/api/call.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/call.ts')>()),
  callApi: api.callApi,
}));

type Content = Record<string, unknown>;
interface Stored {
  version: number;
  state: 'DRAFT' | 'PUBLISHED' | 'FILE';
  content: Content;
  note: string | null;
}

const FILE: Content = {
  kind: 'list',
  title: 'employee.list.title',
  operation: 'employee.query',
  columns: [{ field: 'name', title: 'employee.field.name' }],
};
const V1: Content = {
  ...FILE,
  columns: [...(FILE.columns as Content[]), { field: 'mobile', title: 'employee.field.mobile' }],
};

/** The server's store for one screen in one scope, answering as the contract says. */
function fakeStore() {
  const versions: Stored[] = [
    { version: 1, state: 'PUBLISHED', content: V1, note: '加手机号' },
    { version: 0, state: 'FILE', content: FILE, note: null },
  ];
  let refuseNextPublish = false;
  const row = (s: Stored) => ({
    name: 'employee-list',
    scope: 'platform',
    version: s.version,
    state: s.state,
    author: s.state === 'FILE' ? null : '系统管理员',
    createdAt: s.state === 'FILE' ? null : '2026-05-01T08:00:00.000Z',
    note: s.note,
    basePlatformVersion: null,
  });
  const newest = () => Math.max(...versions.map((v) => v.version));
  api.callApi.mockImplementation(async (id: string, args: { body?: Record<string, any> } = {}) => {
    const body = args.body ?? {};
    switch (id) {
      case 'screenConfig.list':
        return {
          rows: [
            {
              name: 'employee-list',
              kind: 'list',
              platformVersion: 1,
              tenantVersion: null,
              draft: null,
              platformChangedUnderOverride: false,
            },
            {
              name: 'group-list',
              kind: 'list',
              platformVersion: 0,
              tenantVersion: 2,
              draft: null,
              platformChangedUnderOverride: true,
            },
          ],
        };
      case 'screenConfig.versions':
        return {
          rows: versions.map((v) => {
            const { name: _name, scope: _scope, ...versionRow } = row(v);
            return versionRow;
          }),
        };
      case 'screenConfig.get': {
        const found =
          body.version === undefined
            ? versions.find((v) => v.state === 'PUBLISHED')!
            : versions.find((v) => v.version === body.version)!;
        return { ...row(found), content: structuredClone(found.content) };
      }
      case 'screenConfig.check':
        return { errors: [] };
      case 'screenConfig.saveDraft': {
        const draft = versions.find((v) => v.state === 'DRAFT');
        if (draft) Object.assign(draft, { content: body.content, note: body.note });
        else
          versions.unshift({ version: newest() + 1, state: 'DRAFT', content: body.content, note: body.note });
        return row(versions.find((v) => v.state === 'DRAFT')!);
      }
      case 'screenConfig.publish': {
        if (refuseNextPublish) {
          refuseNextPublish = false;
          const errors = [{ path: '/columns/2/title', message: '翻译键“employee.field.shoe”不存在' }];
          throw new ApiCallError({
            kind: 'state',
            text: '界面定义有 1 个问题，未发布',
            url: '/screenConfig/publish',
            state: 6010101,
            envelope: {
              state: 6010101,
              message: '界面定义有 1 个问题，未发布',
              cause: { reason: 'screenConfig.invalid', errors },
              data: null,
            },
          });
        }
        const draft = versions.find((v) => v.version === body.version)!;
        draft.state = 'PUBLISHED';
        return row(draft);
      }
      case 'screenConfig.restore': {
        const from = versions.find((v) => v.version === body.version)!;
        const restored: Stored = {
          version: newest() + 1,
          state: 'PUBLISHED',
          content: from.content,
          note: null,
        };
        versions.unshift(restored);
        return row(restored);
      }
      default:
        throw new Error(`unexpected call ${id}`);
    }
  });
  return {
    versions,
    refusePublish: () => void (refuseNextPublish = true),
    calls: (id: string) => api.callApi.mock.calls.filter(([called]) => called === id).map(([, args]) => args),
  };
}

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

let store: ReturnType<typeof fakeStore>;
let feedback: ReturnType<typeof recordingUi>;
beforeEach(() => {
  vi.clearAllMocks();
  store = fakeStore();
  feedback = recordingUi(true);
});
afterEach(() => vi.useRealTimers());

function renderPage(session: SessionScope = SUPER_SESSION, ui = feedback.ui) {
  return render(
    <ConfigProvider theme={{ hashed: false }}>
      <ScreenFixtures session={session} ui={ui} environment={appFacts}>
        <ScreenConfigPage />
      </ScreenFixtures>
    </ConfigProvider>,
  );
}

/** The CodeMirror view of the page, to type into as a user would (happy-dom has no real input). */
function editor(): EditorView {
  const dom = document.querySelector('.cm-editor') as HTMLElement;
  return EditorView.findFromDOM(dom)!;
}

function replaceText(from: string, to: string) {
  const view = editor();
  const text = view.state.doc.toString();
  const at = text.indexOf(from);
  expect(at).toBeGreaterThanOrEqual(0);
  act(() => view.dispatch({ changes: { from: at, to: at + from.length, insert: to } }));
}

/** antd spaces out a two-character label; a loading button adds its icon's name. */
const publishButton = () => screen.getByRole('button', { name: /发\s?布$/ });

async function openEmployeeList() {
  renderPage();
  fireEvent.click(await screen.findByRole('button', { name: 'employee-list' }));
  await waitFor(() => expect(editor().state.doc.toString()).toContain('field: mobile'));
}

describe('the schema editor page', () => {
  it('lists the screens with their versions, finds them by name and flags a platform change', async () => {
    renderPage();
    const table = await screen.findByTestId('screen-config-list');
    await within(table).findByRole('button', { name: 'group-list' });
    expect(within(table).getByText('第 1 版')).toBeTruthy();
    expect(within(table).getByText('平台已更新')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('按名称搜索'), { target: { value: 'GROUP' } });
    await waitFor(() => expect(within(table).queryByRole('button', { name: 'employee-list' })).toBeNull());
    expect(within(table).getByRole('button', { name: 'group-list' })).toBeTruthy();
  });

  it('opens the current version as YAML beside its preview, which follows an edit; lint marks the line', async () => {
    await openEmployeeList();
    expect(screen.getByTestId('screen-editor-opened').textContent).toBe('正在编辑：第 1 版 · 已发布 · 平台');
    const preview = screen.getByRole('region', { name: '预览' });
    expect((await within(preview).findAllByText('手机号码')).length).toBeGreaterThan(0);
    expect(screen.getByTestId('screen-editor-problems').textContent).toBe('未发现问题');

    replaceText(
      'field: mobile\n    title: employee.field.mobile',
      'field: email\n    title: employee.field.email\n    colour: red',
    );
    expect(screen.getByText('未保存')).toBeTruthy();
    const problems = await screen.findByText('不支持的字段“colour”');
    const line =
      editor()
        .state.doc.toString()
        .split('\n')
        .findIndex((l) => l.includes('colour')) + 1;
    expect(problems.closest('li')!.textContent).toContain(`第 ${line} 行`);
    // With the lint problem gone, the preview follows the edited definition once typing pauses.
    replaceText('\n    colour: red', '');
    expect((await within(preview).findAllByText('邮箱')).length).toBeGreaterThan(0);
    expect(within(preview).queryAllByText('手机号码')).toHaveLength(0);
  });

  it('saves a draft with a note, then publishes it after the check refused it once', async () => {
    await openEmployeeList();
    replaceText(
      'title: employee.field.mobile',
      'title: employee.field.mobile\n  - field: shoe\n    title: employee.field.shoe',
    );
    fireEvent.click(screen.getByRole('button', { name: '保存草稿' }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('说明（可选）'), { target: { value: '加鞋码' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '保存草稿' }));
    await waitFor(() => expect(store.calls('screenConfig.saveDraft')).toHaveLength(1));
    expect(store.calls('screenConfig.saveDraft')[0]!.body).toEqual({
      name: 'employee-list',
      scope: 'platform',
      content: {
        ...V1,
        columns: [...(V1.columns as Content[]), { field: 'shoe', title: 'employee.field.shoe' }],
      },
      note: '加鞋码',
    });
    await waitFor(() => expect(screen.queryByText('未保存')).toBeNull());
    expect(screen.getByTestId('screen-editor-opened').textContent).toContain('第 2 版 · 草稿');

    store.refusePublish();
    fireEvent.click(publishButton());
    const refusal = await screen.findByText('翻译键“employee.field.shoe”不存在');
    const line =
      editor()
        .state.doc.toString()
        .split('\n')
        .findIndex((l) => l.includes('employee.field.shoe')) + 1;
    expect(refusal.closest('li')!.textContent).toContain(`第 ${line} 行`);
    expect(feedback.shown).toContainEqual({ kind: 'error', text: '界面定义有 1 个问题，未发布' });
    // The draft was saved already: publishing it again sends the same version, saving nothing more.
    await waitFor(() => expect(publishButton().className).not.toContain('ant-btn-loading'));
    fireEvent.click(publishButton());
    await waitFor(() => expect(feedback.shown).toContainEqual({ kind: 'success', text: '已发布第 2 版。' }));
    expect(store.calls('screenConfig.publish').map((args) => args!.body)).toEqual([
      { name: 'employee-list', scope: 'platform', version: 2 },
      { name: 'employee-list', scope: 'platform', version: 2 },
    ]);
    expect(store.calls('screenConfig.saveDraft')).toHaveLength(1);
    expect(screen.queryByText('翻译键“employee.field.shoe”不存在')).toBeNull();
  });

  it('compares two versions and restores one after asking', async () => {
    await openEmployeeList();
    fireEvent.click(screen.getByRole('button', { name: '版本记录' }));
    const drawer = await screen.findByRole('dialog');
    const rows = await within(drawer).findAllByRole('row');
    const fileRow = rows.find((r) => r.textContent?.includes('文件版本'))!;
    const firstRow = rows.find((r) => r.textContent?.includes('第 1 版'))!;
    expect(firstRow.textContent).toContain('加手机号');
    expect(firstRow.textContent).toContain('当前');
    // The version shown now is not offered for restoring; the file is.
    expect(within(firstRow).queryByRole('button', { name: '恢复此版本' })).toBeNull();
    fireEvent.click(within(fileRow).getByRole('checkbox'));
    fireEvent.click(within(firstRow).getByRole('checkbox'));
    fireEvent.click(within(drawer).getByRole('button', { name: '比较所选版本' }));
    const diff = await screen.findByTestId('version-diff');
    expect(within(diff).getByText('文件版本 → 第 1 版')).toBeTruthy();
    expect(diff.querySelector('.jsondiffpatch-added')!.textContent).toContain('employee.field.mobile');

    fireEvent.click(within(fileRow).getByRole('button', { name: '恢复此版本' }));
    await waitFor(() =>
      expect(store.calls('screenConfig.restore').map((args) => args!.body)).toEqual([
        { name: 'employee-list', scope: 'platform', version: 0 },
      ]),
    );
    expect(feedback.shown[0]).toEqual({
      kind: 'confirm',
      text: '将以文件版本的内容发布一个新版本。确定恢复吗？',
    });
    await waitFor(() => expect(editor().state.doc.toString()).not.toContain('mobile'));
    expect(screen.getByTestId('screen-editor-opened').textContent).toBe('正在编辑：第 2 版 · 已发布 · 平台');
  });

  it('asks before dropping unsaved edits, and stays when told no', async () => {
    feedback = recordingUi(false);
    await openEmployeeList();
    replaceText('field: mobile', 'field: email');
    fireEvent.click(screen.getByRole('button', { name: /返回列表/ }));
    await waitFor(() =>
      expect(feedback.shown).toEqual([
        { kind: 'confirm', text: '有尚未保存的修改，继续将丢弃这些修改。确定继续吗？' },
      ]),
    );
    expect(screen.getByTestId('screen-editor')).toBeTruthy();
    expect(editor().state.doc.toString()).toContain('field: email');
  });

  it("gives a tenant's configurator the tenant scope only, and says when there is no override yet", async () => {
    renderPage({ ...STAFF_SESSION, permissions: ['screen:configure'] });
    fireEvent.click(await screen.findByRole('button', { name: 'employee-list' }));
    await waitFor(() => expect(store.calls('screenConfig.versions').length).toBeGreaterThan(0));
    expect(store.calls('screenConfig.versions')[0]!.body).toEqual({ name: 'employee-list', scope: 'tenant' });
    expect(screen.queryByRole('radiogroup', { name: '配置范围' })).toBeNull();
    expect(await screen.findByText(/本租户尚未覆盖此界面/)).toBeTruthy();
  });

  it('is not for someone without screen:configure', () => {
    renderPage(STAFF_SESSION);
    expect(screen.getByText('您没有配置界面的权限。')).toBeTruthy();
    expect(api.callApi).not.toHaveBeenCalled();
  });
});
