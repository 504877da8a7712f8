/**
 * The tabs kind through the employee dialog (schemas/screens/employee-dialog.yaml): one load feeds
 * every tab, one save validates every tab and returns to the first failing one with its message
 * (spec §5: basic info → save error; extended attributes → a warning to check the form data), the
 * body gathers all tabs into the save payload, and save is hidden when read-only.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAllScreenDialogs } from '../../renderers/dialogs/dialog-store.ts';
import { createFixtureDataSource } from '../../renderers/fixtures/index.ts';
import { recordingUi, ScreenFixtures } from '../../renderers/fixtures/ScreenFixtures.tsx';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import { setupTestI18n } from './support/i18n.ts';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

afterEach(() => {
  closeAllScreenDialogs();
  cleanup();
});

async function openDialog(params: Record<string, unknown>, confirm = false) {
  const dataSource = createFixtureDataSource();
  const { ui, shown } = recordingUi(confirm);
  const close = vi.fn();
  const result = render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false }}>
      <ScreenFixtures dataSource={dataSource} ui={ui}>
        <ScreenRenderer name="employee-dialog" params={params} frame="dialog" close={close} />
      </ScreenFixtures>
    </ConfigProvider>,
  );
  const tabs = await screen.findByTestId('tabs-employee-dialog', {}, { timeout: 15_000 });
  // Every tab's screen is drawn at once; wait until the forms that load data have it.
  await screen.findByTestId('form-employee-form', {}, { timeout: 15_000 });
  await screen.findByTestId('form-employee-attrs', {}, { timeout: 15_000 });
  return { ...result, tabs, dataSource, shown, close };
}

const field = (id: string) =>
  document.querySelector<HTMLInputElement>(
    `[data-testid="form-${id.split(':')[0]}"] #root_${id.split(':')[1]}`,
  )!;
const activeTab = () => document.querySelector('.ant-tabs-tab-active')?.textContent;

async function clickTab(name: string) {
  await act(async () => {
    fireEvent.click(screen.getByTestId(`tab-${name}`));
  });
}

async function save() {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
  });
}

describe('employee dialog (tabs kind)', () => {
  it('loads the employee once and gives each tab its part', async () => {
    const { dataSource, tabs } = await openDialog({ id: 'e1' });
    await waitFor(() => expect(field('employee-form:name').value).toBe('王伟'));
    expect(tabs.dataset.mode).toBe('edit');
    const operations = dataSource.calls.map((c) => c.operation);
    expect(operations.filter((o) => o === 'employee.load')).toHaveLength(1);
    // The basic tab takes the loaded record instead of reading it again.
    expect(operations).not.toContain('employee.get');
    expect(dataSource.calls.find((c) => c.operation === 'attr.findByPartyTypeUserId4Edit')?.request).toEqual({
      query: { partyType: 'employee', userId: 'e1' },
    });
    await waitFor(() => expect(field('employee-attrs:employeeNo').value).toBe('GS-0001'));
    const titles = [...document.querySelectorAll('.ant-tabs-tab')].map((t) => t.textContent);
    expect(titles).toEqual(['基本信息', '扩展属性', '组织信息', '岗位信息', '角色信息', '用户组信息']);
    // Spec §2: the role tab explains inherited roles.
    expect(screen.getByTestId('tab-roles').querySelector('[aria-label^="来源为“其他”的角色"]')).toBeTruthy();
    // An existing employee can be activated, disabled and given a new password from here.
    for (const name of [/激\s*活/, /禁\s*用/, /重置密码/])
      expect(screen.getByRole('button', { name })).toBeTruthy();
  }, 30_000);

  it('returns to the basic tab with the save error when basic info is invalid', async () => {
    const { dataSource, shown } = await openDialog({ id: 'e1' });
    await waitFor(() => expect(field('employee-form:name').value).toBe('王伟'));
    fireEvent.change(field('employee-form:email'), { target: { value: 'not an address' } });
    await clickTab('roles');
    expect(activeTab()).toContain('角色信息');

    await save();
    expect(activeTab()).toBe('基本信息');
    expect(shown).toContainEqual({ kind: 'error', text: '保存失败，请检查基本信息' });
    expect(
      document.querySelector('[data-testid="form-employee-form"] .ant-form-item-explain')?.textContent,
    ).toBe('请输入正确的邮箱地址');
    expect(dataSource.calls.some((c) => c.operation === 'employee.update')).toBe(false);
  }, 30_000);

  it('returns to the attribute tab with a warning when an attribute is invalid', async () => {
    const { dataSource, shown } = await openDialog({ id: 'e1' });
    await waitFor(() => expect(field('employee-attrs:seniority').value).toBe('6'));
    fireEvent.change(field('employee-attrs:seniority'), { target: { value: '2.5' } });
    await clickTab('groups');

    await save();
    expect(activeTab()).toBe('扩展属性');
    expect(shown).toContainEqual({ kind: 'warning', text: '请检查扩展属性的表单数据' });
    expect(dataSource.calls.some((c) => c.operation === 'employee.update')).toBe(false);
  }, 30_000);

  it('saves every tab in one update', async () => {
    const { dataSource, shown, close } = await openDialog({ id: 'e1' }, false);
    await waitFor(() => expect(field('employee-attrs:employeeNo').value).toBe('GS-0001'));
    fireEvent.change(field('employee-form:name'), { target: { value: '王伟明' } });
    fireEvent.change(field('employee-attrs:employeeNo'), { target: { value: 'GS-0002' } });

    await save();
    await waitFor(() => expect(close).toHaveBeenCalled());
    const update = dataSource.calls.find((c) => c.operation === 'employee.update')!;
    const body = update.request.body as Record<string, unknown>;
    expect(body.partyEmployeePo).toMatchObject({ id: 'e1', name: '王伟明', groupID: 'o3', orgItem: null });
    expect(body.user).toMatchObject({ id: 'u-e1', account: 'wangwei', fullname: '王伟明' });
    expect(body.positionVoList).toEqual([
      expect.objectContaining({ id: 'p22', isMainPost: true }),
      expect.objectContaining({ id: 'p31', isPrincipal: true }),
    ]);
    expect((body.roleVoList as { id: string }[]).map((r) => r.id)).toEqual(['r2', 'r3']);
    expect(body.userGroupPoList).toEqual([expect.objectContaining({ groupId: 'g2' })]);
    expect(body.attrValueVoList).toEqual([
      { attrId: 'a1', value: 'GS-0002' },
      { attrId: 'a2', value: '6' },
      { attrId: 'a3', value: '92.5' },
      { attrId: 'a4', value: 'Y' },
      { attrId: 'a5', value: '2018-07-01' },
      { attrId: 'a6', value: '反垄断,公司法' },
    ]);
    expect(shown).toContainEqual({ kind: 'confirm', text: '保存成功，是否继续编辑？' });
  }, 30_000);

  it('creates a new employee: no load, and an empty basic tab fails first', async () => {
    const { dataSource, tabs, shown } = await openDialog({});
    expect(tabs.dataset.mode).toBe('new');
    expect(dataSource.calls.some((c) => c.operation === 'employee.load')).toBe(false);
    await clickTab('attrs');
    await save();
    expect(activeTab()).toBe('基本信息');
    expect(shown).toContainEqual({ kind: 'error', text: '保存失败，请检查基本信息' });
  }, 30_000);

  it('hides save when opened read-only', async () => {
    const { tabs } = await openDialog({ id: 'e1', readonly: true });
    expect(tabs.dataset.mode).toBe('view');
    await waitFor(() => expect(field('employee-form:name').value).toBe('王伟'));
    expect(field('employee-form:name').disabled).toBe(true);
    expect(screen.queryByRole('button', { name: /保\s*存/ })).toBeNull();
    // Nothing that changes the employee is offered.
    expect(screen.queryByRole('button', { name: /激\s*活/ })).toBeNull();
  }, 30_000);
});
