/**
 * Saving a form or tabs screen runs through useMutation (renderers/form/save-flow.ts in
 * useFormController and useTabsController): `saving` while the call is under way, the call's signal
 * aborted when the screen unmounts with nothing shown or closed afterwards, and a failure that is not
 * an abort still shown as before.
 */
import type { ReactNode } from 'react';
import { act, cleanup, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DataRequest } from '../../renderers/environment/environment-types.ts';
import { recordingUi, ScreenFixtures } from '../../renderers/fixtures/ScreenFixtures.tsx';
import type { FormBody, SubmitDefinition } from '../../renderers/form/form-types.ts';
import { useFormController } from '../../renderers/form/useFormController.ts';
import type { TabsScreenDefinition } from '../../renderers/tabs/tabs-types.ts';
import { useTabsController } from '../../renderers/tabs/useTabsController.ts';
import { setupTestI18n } from './support/i18n.ts';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

afterEach(() => cleanup());

interface Pending {
  operation: string;
  request: DataRequest;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

/** A data source the test answers by hand; an aborted call rejects with the signal's reason. */
function manualSource() {
  const calls: Pending[] = [];
  const dataSource = (operation: string, request: DataRequest) =>
    new Promise<unknown>((resolve, reject) => {
      calls.push({ operation, request, resolve, reject });
      request.signal?.addEventListener('abort', () => reject(request.signal!.reason));
    });
  return { calls, dataSource };
}

const FORM: FormBody = { schema: { type: 'object', properties: { name: { type: 'string' } } } };
const TABS = { kind: 'tabs', tabs: [] } as unknown as TabsScreenDefinition;
const SUBMIT: SubmitDefinition = { operation: 'thing.save', validate: false, afterSave: 'close' };
const PARAMS = {};

const kinds = [
  {
    name: 'form',
    use: (close: (result?: unknown) => void) =>
      useFormController({ name: 'thing-form', definition: FORM, params: PARAMS, close }),
  },
  { name: 'tabs', use: (close: (result?: unknown) => void) => useTabsController(TABS, PARAMS, close) },
];

interface Saver {
  saving: boolean;
  loading: boolean;
  submit(definition: SubmitDefinition): Promise<void>;
}

function setup(use: (close: (result?: unknown) => void) => Saver) {
  const { calls, dataSource } = manualSource();
  const { ui, shown } = recordingUi();
  const close = vi.fn();
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ScreenFixtures dataSource={dataSource} ui={ui} withDialogHost={false}>
      {children}
    </ScreenFixtures>
  );
  const hook = renderHook(() => use(close), { wrapper });
  return { hook, calls, shown, close };
}

describe.each(kinds)('$name save through useMutation', ({ use }) => {
  it('is saving while the call is under way, then shows success and closes', async () => {
    const { hook, calls, shown, close } = setup(use);
    await waitFor(() => expect(hook.result.current.loading).toBe(false));
    let done: Promise<void> | undefined;
    act(() => {
      done = hook.result.current.submit(SUBMIT);
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    expect(hook.result.current.saving).toBe(true);
    expect(calls[0].operation).toBe('thing.save');
    expect(calls[0].request.signal).toBeInstanceOf(AbortSignal);
    await act(async () => {
      calls[0].resolve({ id: 'x1' });
      await done;
    });
    expect(hook.result.current.saving).toBe(false);
    expect(shown.map((s) => s.kind)).toEqual(['success']);
    expect(close).toHaveBeenCalledWith({ id: 'x1' });
  });

  it('aborts the call on unmount and shows or closes nothing afterwards', async () => {
    const { hook, calls, shown, close } = setup(use);
    await waitFor(() => expect(hook.result.current.loading).toBe(false));
    let done: Promise<void> | undefined;
    act(() => {
      done = hook.result.current.submit(SUBMIT);
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    hook.unmount();
    expect(calls[0].request.signal?.aborted).toBe(true);
    await done;
    expect(shown).toEqual([]);
    expect(close).not.toHaveBeenCalled();
  });

  it('still shows a failure that is not an abort, and is free again', async () => {
    const { hook, calls, shown, close } = setup(use);
    await waitFor(() => expect(hook.result.current.loading).toBe(false));
    let done: Promise<void> | undefined;
    act(() => {
      done = hook.result.current.submit(SUBMIT);
    });
    await waitFor(() => expect(calls).toHaveLength(1));
    await act(async () => {
      calls[0].reject(new Error('boom'));
      await done;
    });
    expect(hook.result.current.saving).toBe(false);
    expect(shown.map((s) => s.kind)).toEqual(['error']);
    expect(close).not.toHaveBeenCalled();
  });
});
