/**
 * The wizard kind through the change-mobile dialog (schemas/screens/change-mobile.yaml, spec §4):
 * per-step validation, the SMS code button (phone check, captcha, send with extraData, 60 s
 * countdown kept apart for the old and the new phone), 原手机号不匹配 when the server does not
 * confirm the old phone, the success step with its message and the way to sign in again after
 * 0.3 s, and a closed wizard opening again at step 1 with no countdown left.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAllScreenDialogs, openScreenDialog } from '../../renderers/dialogs/dialog-store.ts';
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

function setup(content: React.ReactNode) {
  const dataSource = createFixtureDataSource();
  const { ui, shown } = recordingUi(true);
  render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false, token: { motion: false } }}>
      <MemoryRouter initialEntries={['/dashboard']}>
        <ScreenFixtures dataSource={dataSource} ui={ui}>
          <Routes>
            <Route path="/dashboard" element={content} />
            <Route path="/login" element={<p>login page</p>} />
          </Routes>
        </ScreenFixtures>
      </MemoryRouter>
    </ConfigProvider>,
  );
  return { dataSource, shown };
}

const wizard = () => screen.getByTestId('wizard-change-mobile');
const field = (name: string) => wizard().querySelector<HTMLInputElement>(`#root_${name}`)!;
const explain = (name: string) =>
  field(name).closest('.ant-form-item')?.querySelector('.ant-form-item-explain')?.textContent ?? '';

async function click(element: HTMLElement) {
  await act(async () => {
    fireEvent.click(element);
  });
}

/** Phone, then 'get code' → captcha → the code is sent. */
async function sendCode(phone: string) {
  fireEvent.change(field('mobile'), { target: { value: phone } });
  await click(within(wizard()).getByRole('button', { name: /获取验证码/ }));
  // Found by its box: inside another dialog, the test ids antd gives both titles are the same.
  const box = await screen.findByPlaceholderText('请输入图形验证码');
  const dialog = box.closest<HTMLElement>('[role="dialog"]')!;
  expect(dialog.textContent).toContain('图形验证码');
  await waitFor(() => expect(within(dialog).getByRole('img', { name: '图形验证码图片' })).toBeTruthy());
  fireEvent.change(within(dialog).getByPlaceholderText('请输入图形验证码'), { target: { value: 'AB12' } });
  await click(within(dialog).getByRole('button', { name: /确\s*定/ }));
  await waitFor(() => expect(within(wizard()).getByRole('button', { name: /秒后重新获取/ })).toBeTruthy());
}

describe('change-mobile wizard', () => {
  it('walks the three steps of spec §4', async () => {
    const { dataSource, shown } = setup(
      <ScreenRenderer name="change-mobile" frame="dialog" close={vi.fn()} />,
    );
    await screen.findByTestId('form-change-mobile.verify', {}, { timeout: 15_000 });
    // The code widget loads with its first use.
    await within(wizard()).findByRole('button', { name: /获取验证码/ }, { timeout: 15_000 });
    expect(wizard().dataset.step).toBe('verify');

    // Per-step validation: nothing is sent while the step is not valid.
    await click(within(wizard()).getByRole('button', { name: /下一步/ }));
    expect(explain('mobile')).toBe('请输入手机号码');
    expect(explain('validCode')).toBe('该项为必填项');

    // The code button checks the phone before anything else.
    await click(within(wizard()).getByRole('button', { name: /获取验证码/ }));
    expect(shown).toContainEqual({ kind: 'warning', text: '请正确输入手机号码' });
    expect(dataSource.calls.some((c) => c.operation === 'user.captcha')).toBe(false);

    await sendCode('13800000001');
    const sent = dataSource.calls.filter((c) => c.operation === 'fldUser.sendMsg.apply');
    expect(sent).toHaveLength(1);
    expect(sent[0].request.body).toEqual({
      captcha: 'AB12',
      requestId: expect.stringMatching(/^captcha-/),
      username: '13800000001',
      extraData: 'oldPhone',
    });
    expect(shown).toContainEqual({ kind: 'success', text: '验证码已发送' });
    const wait = within(wizard()).getByRole('button', { name: /秒后重新获取/ }) as HTMLButtonElement;
    expect(wait.textContent).toMatch(/^(60|59) 秒后重新获取$/);
    expect(wait.disabled).toBe(true);

    // The server does not confirm the old phone: the warning of spec §4, and the step stays.
    fireEvent.change(field('validCode'), { target: { value: '654321' } });
    await click(within(wizard()).getByRole('button', { name: /下一步/ }));
    await waitFor(() => expect(shown).toContainEqual({ kind: 'warning', text: '原手机号不匹配' }));
    expect(wizard().dataset.step).toBe('verify');
    expect(dataSource.calls.find((c) => c.operation === 'fldUser.checkOldPhone')?.request.body).toEqual({
      userId: 'u1',
      phone: '13800000001',
      validCode: '654321',
    });

    fireEvent.change(field('validCode'), { target: { value: '123456' } });
    await click(within(wizard()).getByRole('button', { name: /下一步/ }));
    await waitFor(() => expect(wizard().dataset.step).toBe('bind'));
    await screen.findByTestId('form-change-mobile.bind');
    await within(wizard()).findByRole('button', { name: /获取验证码/ });
    // The new phone has its own countdown: its button is free although the old one's still runs.
    expect(within(wizard()).getByRole('button', { name: /获取验证码/ })).toBeTruthy();
    expect(field('mobile').value).toBe('');

    await sendCode('13900000002');
    expect(
      dataSource.calls.filter((c) => c.operation === 'fldUser.sendMsg.apply')[1].request.body,
    ).toMatchObject({
      username: '13900000002',
      extraData: 'newPhone',
    });
    fireEvent.change(field('validCode'), { target: { value: '123456' } });
    await click(within(wizard()).getByRole('button', { name: /绑\s*定/ }));
    await waitFor(() => expect(wizard().dataset.step).toBe('done'));
    expect(dataSource.calls.find((c) => c.operation === 'fldUser.changePhone')?.request.body).toEqual({
      userId: 'u1',
      phone: '13900000002',
      validCode: '123456',
    });
    expect(wizard().textContent).toContain('手机号修改成功，请退出登录后重新登录');

    // 0.3 s later: the success message, then the login page.
    expect(shown).not.toContainEqual({ kind: 'success', text: '手机号修改成功' });
    await waitFor(() => expect(screen.getByText('login page')).toBeTruthy(), { timeout: 2000 });
    expect(shown).toContainEqual({ kind: 'success', text: '手机号修改成功' });
  }, 60_000);

  it('opens again at step 1 with no countdown after being closed', async () => {
    const { dataSource } = setup(<p>opener</p>);
    await screen.findByText('opener');
    let done: Promise<unknown> | undefined;
    act(() => {
      done = openScreenDialog({ screen: 'change-mobile' });
    });
    await screen.findByTestId('form-change-mobile.verify', {}, { timeout: 15_000 });
    await within(wizard()).findByRole('button', { name: /获取验证码/ }, { timeout: 15_000 });
    await sendCode('13800000001');
    fireEvent.change(field('validCode'), { target: { value: '123456' } });
    await click(within(wizard()).getByRole('button', { name: /下一步/ }));
    await waitFor(() => expect(wizard().dataset.step).toBe('bind'));

    await click(screen.getByRole('button', { name: /取\s*消/ }));
    await done;
    await waitFor(() => expect(screen.queryByTestId('wizard-change-mobile')).toBeNull());

    act(() => {
      void openScreenDialog({ screen: 'change-mobile' });
    });
    await screen.findByTestId('form-change-mobile.verify', {}, { timeout: 15_000 });
    // The code widget loads with its first use.
    await within(wizard()).findByRole('button', { name: /获取验证码/ }, { timeout: 15_000 });
    expect(wizard().dataset.step).toBe('verify');
    expect(field('mobile').value).toBe('');
    const send = within(wizard()).getByRole('button', { name: /获取验证码/ }) as HTMLButtonElement;
    expect(send.disabled).toBe(false);
    expect(dataSource.calls.filter((c) => c.operation === 'fldUser.sendMsg.apply')).toHaveLength(1);
  }, 60_000);
});
