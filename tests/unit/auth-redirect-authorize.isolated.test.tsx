/**
 * /authredirect asked by a registered application (client_id): "allow" runs authorize/apply (or
 * applyByApp) through useMutation — disabled while under way, the server's text on a refusal with the
 * button free again, the one-time code shown when the application has no address to go to.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiCallError } from '../../src/api/api-call-error.ts';
import AuthRedirectPage from '../../src/pages/auth/AuthRedirectPage.tsx';
import { accessTokenAtom } from '../../src/session/atoms.ts';
import { appStore } from '../../src/session/store.ts';
import { setupTestI18n } from './support/i18n.ts';
import { deferred } from './support/deferred.ts';

const api = vi.hoisted(() => ({ callApi: vi.fn() }));

vi.mock('../../src/api/call.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/api/call.ts')>()),
  callApi: api.callApi,
}));

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

beforeEach(() => {
  vi.clearAllMocks();
  appStore.set(accessTokenAtom, 'token');
});

afterEach(() => {
  cleanup();
  appStore.set(accessTokenAtom, null);
});

function renderPage(search: string) {
  render(
    <Provider store={appStore}>
      <MemoryRouter initialEntries={[`/authredirect${search}`]}>
        <Routes>
          <Route path="/authredirect" element={<AuthRedirectPage />} />
        </Routes>
      </MemoryRouter>
    </Provider>,
  );
  return document.querySelector<HTMLButtonElement>('button.mf-login-submit')!;
}

describe('AuthRedirectPage: authorizing an application', () => {
  it('is busy while asking; a refusal shows the server text and frees the button', async () => {
    const call = deferred<unknown>();
    api.callApi.mockReturnValue(call.promise);
    const button = renderPage('?client_id=app1&login_state=s1');
    fireEvent.click(button);
    expect(api.callApi).toHaveBeenCalledWith('authorize.apply', {
      body: { client_id: 'app1', login_state: 's1' },
      silent: true,
      signal: expect.any(AbortSignal),
    });
    await waitFor(() => expect(button.disabled).toBe(true));
    await act(async () => call.reject(new ApiCallError({ kind: 'state', text: '应用未登记', url: '/x' })));
    expect(screen.getByRole('alert').textContent).toBe('应用未登记');
    expect(button.disabled).toBe(false);
  });

  it('by app: shows the one-time code when there is no address to go to', async () => {
    api.callApi.mockResolvedValue({ code: 'C-123' });
    const button = renderPage('?client_id=app1&by=app');
    await act(async () => fireEvent.click(button));
    expect(api.callApi.mock.calls[0][0]).toBe('authorize.applyByApp');
    expect(screen.getByTestId('authorize-code').textContent).toBe('C-123');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
