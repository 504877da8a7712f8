/**
 * The change-password dialog (schemas/screens/change-password.yaml, spec §2 and §5): the original
 * password only in normal mode, the new password's rules, 'the two passwords entered differ', the
 * payload of each mode (reset 0, 1, 2), and restore default only in reset mode.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFixtureDataSource } from '../../renderers/fixtures/index.ts';
import { recordingUi, ScreenFixtures } from '../../renderers/fixtures/ScreenFixtures.tsx';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import { setupTestI18n } from './support/i18n.ts';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});
afterEach(cleanup);

async function open(params?: Record<string, unknown>) {
  const dataSource = createFixtureDataSource();
  const { ui, shown } = recordingUi(true);
  const close = vi.fn();
  render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false }}>
      <MemoryRouter initialEntries={['/home']}>
        <ScreenFixtures dataSource={dataSource} ui={ui}>
          <Routes>
            <Route
              path="/home"
              element={<ScreenRenderer name="change-password" params={params} frame="dialog" close={close} />}
            />
          </Routes>
        </ScreenFixtures>
      </MemoryRouter>
    </ConfigProvider>,
  );
  const form = await screen.findByTestId('form-change-password', {}, { timeout: 15_000 });
  return { form, dataSource, shown, close };
}

const input = (form: HTMLElement, name: string) => form.querySelector<HTMLInputElement>(`#root_${name}`);
const explain = (form: HTMLElement, name: string) =>
  input(form, name)?.closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';

async function click(name: RegExp) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

describe('change-password dialog', () => {
  it('checks the new password and that both entries agree', async () => {
    const { form, dataSource } = await open();
    expect(input(form, 'primitivePassword')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /恢复默认密码/ })).toBeNull();

    fireEvent.change(input(form, 'newPassword')!, { target: { value: 'abcdefgh' } });
    fireEvent.change(input(form, 'repeatPassword')!, { target: { value: 'abcdefgX' } });
    await click(/保\s*存/);
    expect(explain(form, 'primitivePassword')).toBe('该项为必填项');
    expect(explain(form, 'newPassword')).toBe('密码须包含数字、字母、特殊字符中的至少2种');
    expect(explain(form, 'repeatPassword')).toBe('两次输入的密码不一致');

    fireEvent.change(input(form, 'newPassword')!, { target: { value: 'a1' } });
    await waitFor(() => expect(explain(form, 'newPassword')).toBe('长度不能少于8个字符'));
    fireEvent.change(input(form, 'newPassword')!, { target: { value: 'a1'.repeat(11) } });
    await waitFor(() => expect(explain(form, 'newPassword')).toBe('长度不能超过20个字符'));
    expect(dataSource.calls.some((c) => c.operation === 'user.change.passwd')).toBe(false);
  }, 30_000);

  it('changes the own password (reset 0) and closes', async () => {
    const { form, dataSource, shown, close } = await open();
    fireEvent.change(input(form, 'primitivePassword')!, { target: { value: 'old-secret1' } });
    fireEvent.change(input(form, 'newPassword')!, { target: { value: 'new-secret2' } });
    fireEvent.change(input(form, 'repeatPassword')!, { target: { value: 'new-secret2' } });
    await click(/保\s*存/);
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(dataSource.calls.find((c) => c.operation === 'user.change.passwd')?.request.body).toEqual({
      primitivePassword: 'old-secret1',
      newPassword: 'new-secret2',
      repeatPassword: 'new-secret2',
      reset: 0,
    });
    expect(shown).toContainEqual({ kind: 'success', text: '密码修改成功，请重新登录' });
  }, 30_000);

  it('resets other users (reset 1) without the original password', async () => {
    const { form, dataSource, close } = await open({ userIds: ['u-e1', 'u-e2'] });
    expect(input(form, 'primitivePassword')).toBeNull();
    fireEvent.change(input(form, 'newPassword')!, { target: { value: 'Temp#2024' } });
    fireEvent.change(input(form, 'repeatPassword')!, { target: { value: 'Temp#2024' } });
    await click(/保\s*存/);
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(dataSource.calls.find((c) => c.operation === 'user.change.passwd')?.request.body).toEqual({
      userIds: 'u-e1,u-e2',
      newPassword: 'Temp#2024',
      repeatPassword: 'Temp#2024',
      reset: 1,
    });
  }, 30_000);

  it('restores the default password (reset 2) in reset mode only, after a confirm', async () => {
    const { dataSource, shown, close } = await open({ userIds: 'u-e1' });
    await click(/恢复默认密码/);
    await waitFor(() => expect(close).toHaveBeenCalled());
    expect(shown[0]).toEqual({ kind: 'confirm', text: '确定要恢复默认密码吗？' });
    expect(dataSource.calls.find((c) => c.operation === 'user.change.passwd')?.request.body).toEqual({
      userIds: 'u-e1',
      reset: 2,
    });
    expect(shown).toContainEqual({ kind: 'success', text: '已恢复默认密码' });
  }, 30_000);
});
