/**
 * useErrorLogActions' upload runs through useMutation: `uploading` while the log is being sent (a
 * second upload meanwhile is ignored), the "uploaded" notice after a success, and free again after a
 * success or a failure (whose "uploading" notice goes).
 */
import { useEffect } from 'react';
import { act, cleanup, render, screen, waitFor } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { errorLogAtom, type ErrorLogEntry } from '../../src/error-log/error-log-store.ts';
import { useErrorLogActions } from '../../src/error-log/useErrorLogActions.ts';
import { appStore } from '../../src/session/store.ts';
import { setupTestI18n } from './support/i18n.ts';
import { deferred } from './support/deferred.ts';

const mocks = vi.hoisted(() => ({
  uploadErrorLog: vi.fn<(entries: readonly unknown[]) => Promise<number>>(),
}));

vi.mock('../../src/error-log/upload.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../src/error-log/upload.ts')>()),
  uploadErrorLog: mocks.uploadErrorLog,
}));

const ENTRY: ErrorLogEntry = {
  id: 'e1',
  message: 'boom',
  type: 'error',
  time: '2026-11-28 09:00:00',
  meta: { uuid: 'u1', url: '/x' },
};

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

beforeEach(() => {
  vi.clearAllMocks();
  appStore.set(errorLogAtom, [ENTRY]);
});

afterEach(() => {
  cleanup();
  appStore.set(errorLogAtom, []);
});

type Actions = ReturnType<typeof useErrorLogActions>;

function Harness({ onActions }: { onActions: (actions: Actions) => void }) {
  const actions = useErrorLogActions();
  useEffect(() => {
    onActions(actions);
  });
  return actions.notificationHolder;
}

function renderActions() {
  const box: { current?: Actions } = {};
  render(
    <Provider store={appStore}>
      <Harness
        onActions={(actions) => {
          box.current = actions;
        }}
      />
    </Provider>,
  );
  return {
    result: {
      get current() {
        return box.current!;
      },
    },
  };
}

describe('useErrorLogActions upload', () => {
  it('is uploading while the call is under way and ignores a second upload meanwhile', async () => {
    const call = deferred<number>();
    mocks.uploadErrorLog.mockReturnValue(call.promise);
    const { result } = renderActions();
    let first: Promise<void> | undefined;
    act(() => {
      first = result.current.upload();
    });
    expect(result.current.uploading).toBe(true);
    expect(mocks.uploadErrorLog).toHaveBeenCalledWith([ENTRY]);
    await act(() => result.current.upload());
    expect(mocks.uploadErrorLog).toHaveBeenCalledTimes(1);
    await act(async () => {
      call.resolve(1);
      await first;
    });
    expect(result.current.uploading).toBe(false);
    await waitFor(() => expect(screen.getByText('已上传 1 条错误日志')).toBeTruthy());
  });

  it('is free again after a failure', async () => {
    mocks.uploadErrorLog.mockRejectedValue(new Error('offline'));
    const { result } = renderActions();
    await act(() => result.current.upload());
    expect(result.current.uploading).toBe(false);
    expect(screen.queryByText('已上传 1 条错误日志')).toBeNull();
    await act(() => result.current.upload());
    expect(mocks.uploadErrorLog).toHaveBeenCalledTimes(2);
  });

  it('does nothing with an empty log', async () => {
    appStore.set(errorLogAtom, []);
    const { result } = renderActions();
    await act(() => result.current.upload());
    expect(mocks.uploadErrorLog).not.toHaveBeenCalled();
  });
});
