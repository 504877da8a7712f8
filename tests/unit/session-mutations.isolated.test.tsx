/**
 * The session's changes run through useMutation: the lock page (unlock), the "act as" dialog (switch)
 * and the acting banner (exit). Each is busy while its call is under way and stays busy after a
 * success while the app goes away (navigation or reload); a failure shows the same message as before
 * and frees the form again.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../src/api/api-call-error.ts';
import LockPage from '../../src/pages/auth/LockPage.tsx';
import { ActingBanner } from '../../src/session/ActingBanner.tsx';
import { accessTokenAtom, userContextAtom } from '../../src/session/atoms.ts';
import { lockedAtom } from '../../src/session/lock-state.ts';
import { appStore } from '../../src/session/store.ts';
import { SwitchUserDialog } from '../../src/session/SwitchUserDialog.tsx';
import { setupTestI18n } from './support/i18n.ts';
import { deferred } from './support/deferred.ts';

const mocks = vi.hoisted(() => ({
  unlockScreen: vi.fn<(password: string) => Promise<string>>(),
  exitSwitchedUser: vi.fn<() => Promise<void>>(),
  forceLocalLogout: vi.fn(),
}));

vi.mock('../../src/session/lock.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/session/lock.ts')>()),
  unlockScreen: mocks.unlockScreen,
}));
vi.mock('../../src/session/acting.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/session/acting.ts')>()),
  exitSwitchedUser: mocks.exitSwitchedUser,
}));
vi.mock('../../src/session/session-ending.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/session/session-ending.ts')>()),
  forceLocalLogout: mocks.forceLocalLogout,
}));

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

beforeEach(() => {
  vi.clearAllMocks();
});

afterEach(() => {
  cleanup();
  appStore.set(userContextAtom, null);
  appStore.set(accessTokenAtom, null);
  appStore.set(lockedAtom, false);
});

/** A promise the test settles by hand. */
const refusal = (text: string, kind: 'state' | 'sessionEnded' = 'state') =>
  new ApiCallError({ kind, text, url: '/api/x' });

describe('LockPage', () => {
  function renderLock() {
    appStore.set(accessTokenAtom, 'token');
    appStore.set(lockedAtom, true);
    render(
      <Provider store={appStore}>
        <MemoryRouter initialEntries={['/locking']}>
          <Routes>
            <Route path="/locking" element={<LockPage />} />
            <Route path="/back" element={<p data-testid="back">back</p>} />
          </Routes>
        </MemoryRouter>
      </Provider>,
    );
    const password = screen.getByLabelText('登录密码') as HTMLInputElement;
    const button = screen.getByRole('button', { name: '解锁' }) as HTMLButtonElement;
    return { password, button };
  }

  it('is busy while verifying, then shows the server reason, empties the field and frees it', async () => {
    const call = deferred<string>();
    mocks.unlockScreen.mockReturnValue(call.promise);
    const { password, button } = renderLock();
    fireEvent.change(password, { target: { value: 'wrong' } });
    fireEvent.click(button);
    expect(mocks.unlockScreen).toHaveBeenCalledWith('wrong');
    await waitFor(() => expect(button.disabled).toBe(true));
    expect(password.disabled).toBe(true);
    await act(async () => call.reject(refusal('密码错误')));
    expect(screen.getByText('密码错误')).toBeTruthy();
    expect(password.value).toBe('');
    expect(button.disabled).toBe(false);
    expect(mocks.forceLocalLogout).not.toHaveBeenCalled();
  });

  it('a session ended by too many tries signs out, with no message', async () => {
    mocks.unlockScreen.mockRejectedValue(refusal('会话已结束', 'sessionEnded'));
    const { password, button } = renderLock();
    fireEvent.change(password, { target: { value: 'wrong' } });
    await act(async () => fireEvent.click(button));
    expect(mocks.forceLocalLogout).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('会话已结束')).toBeNull();
  });

  it('a failure that is not a call failure shows the generic message', async () => {
    mocks.unlockScreen.mockRejectedValue(new Error('offline'));
    const { password, button } = renderLock();
    fireEvent.change(password, { target: { value: 'pw' } });
    await act(async () => fireEvent.click(button));
    expect(screen.getByText('解锁失败，请稍后重试')).toBeTruthy();
  });

  it('unlocked: goes back to the page the lock came from', async () => {
    mocks.unlockScreen.mockResolvedValue('/back');
    const { password, button } = renderLock();
    fireEvent.change(password, { target: { value: 'right' } });
    await act(async () => fireEvent.click(button));
    expect(await screen.findByTestId('back')).toBeTruthy();
  });
});

describe('SwitchUserDialog', () => {
  const target = { account: 'wang', name: '王伟' };

  it('shows the refusal and frees the button; a success stays busy and reports done', async () => {
    const calls: ReturnType<typeof deferred<void>>[] = [];
    const switcher = vi.fn(() => {
      calls.push(deferred<void>());
      return calls.at(-1)!.promise;
    });
    const onDone = vi.fn();
    render(<SwitchUserDialog target={target} onDone={onDone} switcher={switcher} />);
    fireEvent.change(screen.getByTestId('switch-reason'), { target: { value: ' 代办 ' } });
    const ok = () => screen.getByRole('button', { name: /切\s*换/ });
    fireEvent.click(ok());
    expect(switcher).toHaveBeenCalledWith('wang', '代办');
    await waitFor(() => expect(ok().className).toContain('ant-btn-loading'));
    await act(async () => calls[0].reject(refusal('没有权限')));
    expect(screen.getByRole('alert').textContent).toContain('没有权限');
    expect(ok().className).not.toContain('ant-btn-loading');
    expect(onDone).not.toHaveBeenCalled();

    fireEvent.click(ok());
    await waitFor(() => expect(calls).toHaveLength(2));
    // A new try clears the last refusal.
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await act(async () => calls[1].resolve());
    expect(onDone).toHaveBeenCalledWith(true);
    expect(ok().className).toContain('ant-btn-loading');
  });

  it('asks for a reason before switching', async () => {
    const switcher = vi.fn(async () => undefined);
    render(<SwitchUserDialog target={target} onDone={vi.fn()} switcher={switcher} />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /切\s*换/ })));
    expect(switcher).not.toHaveBeenCalled();
    expect(screen.getByText('请填写切换原因')).toBeTruthy();
  });
});

describe('ActingBanner', () => {
  function renderBanner() {
    appStore.set(userContextAtom, {
      switchAccount: 'admin',
      user: { account: 'wang', fullname: '王伟' },
    } as never);
    render(
      <Provider store={appStore}>
        <ActingBanner />
      </Provider>,
    );
    return () => screen.getByRole('button', { name: /退出切换/ });
  }

  it('a failed exit frees the button (the client has shown why); a success keeps it busy', async () => {
    const calls: ReturnType<typeof deferred<void>>[] = [];
    mocks.exitSwitchedUser.mockImplementation(() => {
      calls.push(deferred<void>());
      return calls.at(-1)!.promise;
    });
    const button = renderBanner();
    fireEvent.click(button());
    await waitFor(() => expect(button().className).toContain('ant-btn-loading'));
    await act(async () => calls[0].reject(refusal('失败')));
    expect(button().className).not.toContain('ant-btn-loading');

    fireEvent.click(button());
    await waitFor(() => expect(calls).toHaveLength(2));
    await act(async () => calls[1].resolve());
    expect(button().className).toContain('ant-btn-loading');
  });
});
