/**
 * useMutation (renderers/environment/use-mutation.ts): `running` while the latest run is under way, its
 * outcome, the failure kept in `error` until the next run or reset, the call aborted on unmount with its
 * answer dropped, and a second run while the first is under way keeping only the second answer.
 * useOperationMutation: the environment's call with the run's request and the hook's signal.
 */
import type { ReactNode } from 'react';
import { act, cleanup, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { DataRequest } from '../../renderers/environment/environment-types.ts';
import { RendererEnvironmentProvider } from '../../renderers/environment/RendererEnvironment.tsx';
import { useMutation, useOperationMutation } from '../../renderers/environment/useOperation.ts';

afterEach(() => cleanup());

/** A call the test answers by hand, with the signal it was given. */
interface Pending<T> {
  input: unknown;
  signal: AbortSignal;
  resolve(value: T): void;
  reject(error: unknown): void;
}

function manualCalls<T>() {
  const calls: Pending<T>[] = [];
  const mutate = (signal: AbortSignal, input: unknown) =>
    new Promise<T>((resolve, reject) => calls.push({ input, signal, resolve, reject }));
  return { calls, mutate };
}

describe('useMutation', () => {
  it('is running while the call is under way and resolves its answer', async () => {
    const { calls, mutate } = manualCalls<string>();
    const { result } = renderHook(() => useMutation(mutate));
    expect(result.current.running).toBe(false);

    let outcome: Promise<unknown> | undefined;
    act(() => {
      outcome = result.current.run({ name: 'a' });
    });
    expect(result.current.running).toBe(true);
    expect(calls).toHaveLength(1);
    expect(calls[0].input).toEqual({ name: 'a' });
    expect(calls[0].signal.aborted).toBe(false);

    await act(async () => calls[0].resolve('saved'));
    await expect(outcome).resolves.toEqual({ ok: true, data: 'saved' });
    expect(result.current.running).toBe(false);
    expect(result.current.error).toBeUndefined();
  });

  it('keeps a failure in error without rejecting, until the next run or reset', async () => {
    const { calls, mutate } = manualCalls<string>();
    const { result } = renderHook(() => useMutation(mutate));
    const refused = new Error('refused');

    let outcome: Promise<unknown> | undefined;
    act(() => {
      outcome = result.current.run(undefined);
    });
    await act(async () => calls[0].reject(refused));
    await expect(outcome).resolves.toEqual({ ok: false, error: refused });
    expect(result.current.error).toBe(refused);
    expect(result.current.running).toBe(false);

    // A new run clears the error while it is under way.
    act(() => void result.current.run(undefined));
    expect(result.current.error).toBeUndefined();
    await act(async () => calls[1].reject(refused));
    expect(result.current.error).toBe(refused);

    act(() => result.current.reset());
    expect(result.current.error).toBeUndefined();
  });

  it('aborts the call on unmount and drops its answer', async () => {
    const { calls, mutate } = manualCalls<string>();
    const renders: boolean[] = [];
    const { result, unmount } = renderHook(() => {
      const mutation = useMutation(mutate);
      renders.push(mutation.running);
      return mutation;
    });
    let outcome: Promise<unknown> | undefined;
    act(() => {
      outcome = result.current.run(undefined);
    });
    const rendered = renders.length;
    unmount();
    expect(calls[0].signal.aborted).toBe(true);

    await act(async () => calls[0].resolve('late'));
    await expect(outcome).resolves.toBeUndefined();
    // No state was set after unmount: nothing rendered again.
    expect(renders).toHaveLength(rendered);
  });

  it('drops a call that rejects because it was aborted on unmount (as ky does)', async () => {
    const { calls, mutate } = manualCalls<string>();
    const { result, unmount } = renderHook(() => useMutation(mutate));
    let outcome: Promise<unknown> | undefined;
    act(() => {
      outcome = result.current.run(undefined);
    });
    unmount();
    await act(async () => calls[0].reject(new DOMException('aborted', 'AbortError')));
    await expect(outcome).resolves.toBeUndefined();
  });

  it('keeps only the answer of the latest run', async () => {
    const { calls, mutate } = manualCalls<string>();
    const { result } = renderHook(() => useMutation(mutate));
    let first: Promise<unknown> | undefined;
    let second: Promise<unknown> | undefined;
    act(() => {
      first = result.current.run(1);
    });
    act(() => {
      second = result.current.run(2);
    });
    expect(calls.map((c) => c.input)).toEqual([1, 2]);

    // The second answers first; the first's later failure changes nothing.
    await act(async () => calls[1].resolve('second'));
    await expect(second).resolves.toEqual({ ok: true, data: 'second' });
    expect(result.current.running).toBe(false);
    await act(async () => calls[0].reject(new Error('stale')));
    await expect(first).resolves.toBeUndefined();
    expect(result.current.error).toBeUndefined();
    expect(result.current.running).toBe(false);
  });

  it('keeps the latest run running while an earlier one answers', async () => {
    const { calls, mutate } = manualCalls<string>();
    const { result } = renderHook(() => useMutation(mutate));
    let first: Promise<unknown> | undefined;
    act(() => {
      first = result.current.run(1);
    });
    act(() => void result.current.run(2));
    await act(async () => calls[0].resolve('first'));
    await expect(first).resolves.toBeUndefined();
    expect(result.current.running).toBe(true);
  });
});

describe('useOperationMutation', () => {
  it("calls the environment's operation with the run's request and its signal", async () => {
    const requests: { operation: string; request: DataRequest }[] = [];
    const environment = {
      call: async (operation: string, request: DataRequest) => {
        requests.push({ operation, request });
        return { id: 'r1' };
      },
    };
    const wrapper = ({ children }: { children: ReactNode }) => (
      <RendererEnvironmentProvider value={environment}>{children}</RendererEnvironmentProvider>
    );
    const { result } = renderHook(() => useOperationMutation<{ id: string }>('role.save'), { wrapper });
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.run({ query: { id: 'r1' }, body: { name: 'x' } });
    });
    expect(outcome).toEqual({ ok: true, data: { id: 'r1' } });
    expect(requests).toHaveLength(1);
    expect(requests[0].operation).toBe('role.save');
    expect(requests[0].request).toMatchObject({ query: { id: 'r1' }, body: { name: 'x' } });
    expect(requests[0].request.signal).toBeInstanceOf(AbortSignal);
  });
});
