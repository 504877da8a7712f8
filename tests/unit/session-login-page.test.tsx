/**
 * The login page against a fetch stand-in: the form's own checks, the captcha the server asks for
 * after 3 failures (6020104), a wrong captcha (new image, the server's reason), and SMS login with its
 * captcha, 60 s countdown and code.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LoginPage } from '../../src/pages/LoginPage.tsx';
import { resetCountdowns } from '../../src/pages/auth/countdown.ts';
import { accessTokenAtom, reloginRequiredAtom } from '../../src/session/atoms.ts';
import { appStore } from '../../src/session/store.ts';
import {
  CONTEXT,
  fail,
  installFakeApi,
  ok,
  resetSession,
  type FakeCall,
} from './support/session-fake-api.ts';
import { setupTestI18n } from './support/i18n.ts';

const TOKEN = { access_token: 'tok-1', refresh_token: 'ref-1', expires_in: 1800, create_at: 1, uid: 'u1' };

function renderLogin(entry = '/login?redirect=%2FemployeeList') {
  return render(
    <Provider store={appStore}>
      <MemoryRouter initialEntries={[entry]}>
        <Routes>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/employeeList" element={<p>landed</p>} />
          <Route path="/dashboard" element={<p>home</p>} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
}

let captchaCount = 0;
function captchaRoute() {
  return () => {
    captchaCount += 1;
    return ok({
      image: `data:image/svg+xml,${captchaCount}`,
      variables: { requestId: `req-${captchaCount}` },
    });
  };
}

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

beforeEach(() => {
  resetSession();
  resetCountdowns();
  captchaCount = 0;
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const fill = (label: RegExp | string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('password login', () => {
  it('checks the form before calling the server', async () => {
    const api = installFakeApi({});
    renderLogin();
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入用户名')).toBeTruthy();
    expect(screen.getByText('请输入密码')).toBeTruthy();
    fill('密码', '1234');
    expect(screen.getByText('密码不能少于5位')).toBeTruthy();
    expect(api.callsTo('/authentication/apply')).toHaveLength(0);
  });

  it('asks for the captcha when the server wants one, then signs in with it', async () => {
    let attempts = 0;
    const api = installFakeApi({
      '/user/open': () => ok(false),
      '/user/open/tenant': () => ok(false),
      '/user/captcha': captchaRoute(),
      '/authentication/apply': (call: FakeCall) => {
        attempts += 1;
        if (!call.body.captcha) return fail(6020104, '请输入图形验证码');
        if (call.body.captcha !== 'AB12') return fail(6020104, '图形验证码错误');
        return ok(TOKEN);
      },
      '/user/context': () => ok(CONTEXT),
    });
    renderLogin();
    fill('用户名', 'zhangsan');
    fill('密码', 'Secret#2026');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));

    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect(within(dialog).getByTestId('captcha-image').getAttribute('src')).toContain('1'),
    );
    // A wrong guess: the server's reason and a new image.
    fireEvent.change(within(dialog).getByLabelText('图形验证码'), { target: { value: 'ZZZZ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('图形验证码错误')).toBeTruthy();
    await waitFor(() =>
      expect(within(dialog).getByTestId('captcha-image').getAttribute('src')).toContain('2'),
    );
    expect(api.callsTo('/user/captcha')[1].query.get('requestId')).toBe('req-1');

    fireEvent.change(within(dialog).getByLabelText('图形验证码'), { target: { value: 'AB12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await screen.findByText('landed')).toBeTruthy();
    expect(attempts).toBe(3);
    expect(api.callsTo('/authentication/apply')[2].body).toEqual({
      grant_type: 'password_credentials',
      username: 'zhangsan',
      password: 'Secret#2026',
      captcha: 'AB12',
      requestId: 'req-2',
    });
    expect(appStore.get(accessTokenAtom)).toBe('tok-1');
  });

  it('dims a refused image until the next one is in, and OK waits for it', async () => {
    let release!: () => void;
    const secondImage = new Promise<void>((resolve) => (release = resolve));
    const nextCaptcha = captchaRoute();
    installFakeApi({
      '/user/open': () => ok(false),
      '/user/open/tenant': () => ok(false),
      '/user/captcha': async () => {
        if (captchaCount === 1) await secondImage;
        return nextCaptcha();
      },
      '/authentication/apply': (call: FakeCall) =>
        fail(6020104, call.body.captcha ? '图形验证码错误' : '请输入图形验证码'),
    });
    renderLogin();
    fill('用户名', 'zhangsan');
    fill('密码', 'Secret#2026');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('captcha-image')).toBeTruthy());
    fireEvent.change(within(dialog).getByLabelText('图形验证码'), { target: { value: 'ZZZZ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect(await within(dialog).findByText('图形验证码错误')).toBeTruthy();
    // The server has forgotten the first image: it stays in view, dimmed, and cannot be answered.
    const shown = dialog.querySelector('img')!;
    expect(shown.getAttribute('src')).toContain('1');
    expect(shown.classList.contains('mf-captcha-stale')).toBe(true);
    expect(within(dialog).queryByTestId('captcha-image')).toBeNull();
    expect(within(dialog).getByRole('button', { name: '确定' }).hasAttribute('disabled')).toBe(true);
    release();
    await waitFor(() =>
      expect(within(dialog).getByTestId('captcha-image').getAttribute('src')).toContain('2'),
    );
    expect(within(dialog).getByRole('button', { name: '确定' }).hasAttribute('disabled')).toBe(false);
  });

  it('shows the server’s text for a wrong password', async () => {
    installFakeApi({ '/authentication/apply': () => fail(6020101, '用户名或密码错误') });
    renderLogin();
    fill('用户名', 'zhangsan');
    fill('密码', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect((await screen.findByTestId('login-error')).textContent).toBe('用户名或密码错误');
  });

  it('shows the registration links the server has opened', async () => {
    installFakeApi({ '/user/open': () => ok(true), '/user/open/tenant': () => ok(false) });
    renderLogin();
    expect(await screen.findByRole('link', { name: '注册账号' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: '企业用户注册' })).toBeNull();
    expect(screen.getByRole('link', { name: '忘记密码' })).toBeTruthy();
  });
});

describe('signed in already', () => {
  it('opens the page asked for', async () => {
    installFakeApi({});
    appStore.set(accessTokenAtom, 'tok');
    renderLogin();
    expect(await screen.findByText('landed')).toBeTruthy();
  });

  it('ends the session first after the mobile was changed, then shows the form', async () => {
    const api = installFakeApi({ '/user/logout': () => ok(true) });
    appStore.set(accessTokenAtom, 'tok');
    appStore.set(reloginRequiredAtom, true);
    renderLogin();
    await waitFor(() => expect(api.callsTo('/user/logout')).toHaveLength(1));
    expect(api.callsTo('/user/logout')[0].auth).toBe('Bearer tok');
    await waitFor(() => expect(appStore.get(accessTokenAtom)).toBeNull());
    expect(screen.getByLabelText('用户名')).toBeTruthy();
    expect(screen.queryByText('landed')).toBeNull();
  });
});

describe('SMS login', () => {
  it('checks the mobile, asks for the captcha, sends, counts down 60 s and signs in with the code', async () => {
    const api = installFakeApi({
      '/user/captcha': captchaRoute(),
      '/fldUser/sendMsg/apply': () => ok(null),
      '/fldUser/login/apply': (call) =>
        call.body.validCode === '654321' ? ok(TOKEN) : fail(6010101, '短信验证码错误或已失效', 400),
      '/user/context': () => ok(CONTEXT),
    });
    renderLogin();
    fireEvent.click(screen.getByRole('tab', { name: '短信验证码登录' }));
    const send = await screen.findByTestId('sms-send');
    fireEvent.click(send);
    expect((await screen.findByTestId('sms-notice')).textContent).toBe('请正确输入手机号');
    expect(screen.queryByRole('dialog')).toBeNull();

    fill('手机号码', '1391234567');
    fireEvent.blur(screen.getByLabelText('手机号码'));
    expect(await screen.findByText('手机号码长度必须为11位')).toBeTruthy();
    fill('手机号码', '13912345678');
    fireEvent.click(send);
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('captcha-image')).toBeTruthy());
    fireEvent.change(within(dialog).getByLabelText('图形验证码'), { target: { value: 'AB12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByTestId('sms-notice').textContent).toBe('验证码已发送，请注意查收');
    expect(send.textContent).toMatch(/^(60|59)秒后重新获取$/);
    expect((send as HTMLButtonElement).disabled).toBe(true);
    expect(api.callsTo('/fldUser/sendMsg/apply')[0].body).toEqual({
      captcha: 'AB12',
      requestId: 'req-1',
      username: '13912345678',
      extraData: 'login',
    });

    fill('短信验证码', '12345');
    fireEvent.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请输入6位验证码')).toBeTruthy();
    fill('短信验证码', '654321');
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: '登录' }));
    });
    expect(await screen.findByText('landed')).toBeTruthy();
    expect(api.callsTo('/fldUser/login/apply')[0].body).toEqual({
      mobile: '13912345678',
      validCode: '654321',
    });
  });

  it('shows the server’s warning when the send is refused and keeps counting what the server says', async () => {
    installFakeApi({
      '/user/captcha': captchaRoute(),
      '/fldUser/sendMsg/apply': () => ({
        state: 2,
        message: '短信验证码已发送，请 42 秒后再重新获取',
        cause: { reason: 'resend-wait', retryAfter: 42 },
        data: null,
      }),
    });
    renderLogin('/login?mode=sms');
    fill('手机号码', '13912345678');
    fireEvent.click(await screen.findByTestId('sms-send'));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() => expect(within(dialog).getByTestId('captcha-image')).toBeTruthy());
    fireEvent.change(within(dialog).getByLabelText('图形验证码'), { target: { value: 'AB12' } });
    fireEvent.click(within(dialog).getByRole('button', { name: '确定' }));
    expect((await screen.findByTestId('sms-notice')).textContent).toBe(
      '短信验证码已发送，请 42 秒后再重新获取',
    );
    expect(screen.getByTestId('sms-send').textContent).toMatch(/^(42|41)秒后重新获取$/);
  });
});
