/**
 * The one way React code changes server data (a save, a delete, an upload): the counterpart of
 * useLoad (use-load.ts) for calls a user's act starts rather than a key.
 *
 * `const save = useMutation((signal, input) => callApi('x.save', { body: input, signal }))`, then
 * `const done = await save.run(values)`:
 * - `done` is `{ ok: true, data }` when the call succeeded, `{ ok: false, error }` when it failed (the
 *   same error is kept in `save.error` for rendering), and `undefined` when its answer no longer
 *   matters: the component unmounted (the call's signal is aborted, so ky stops the request) or `run`
 *   was called again before it answered (only the latest run's answer counts; the earlier call is
 *   not aborted, as the server may already have applied it). `run` never rejects.
 * - `save.running` is true while the latest run is under way; a run clears the previous error.
 * - Errors follow the client's envelope rules: a non-silent call has been shown by the client
 *   already; a silent one is the caller's to show, from `error` or the failed outcome.
 * - Nothing is set after unmount. `reset()` forgets the error and the answer of any run under way.
 * No renderer environment needed; useOperationMutation (useOperation.ts) is the catalogue-call case.
 */
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';

export type MutationOutcome<T> = { ok: true; data: T } | { ok: false; error: unknown };

export interface Mutation<I, T> {
  /** Runs the call; resolves its outcome, or undefined when unmounted or run again meanwhile. */
  run(input: I): Promise<MutationOutcome<T> | undefined>;
  /** The latest run is under way. */
  running: boolean;
  /** Why the latest run failed (undefined while running and after success or reset). */
  error: unknown;
  /** Forgets the error (and the answer of a run still under way). */
  reset(): void;
}

interface State {
  running: boolean;
  error: unknown;
}

const IDLE: State = { running: false, error: undefined };

export function useMutation<I = void, T = unknown>(
  mutate: (signal: AbortSignal, input: I) => Promise<T>,
): Mutation<I, T> {
  const [state, setState] = useState<State>(IDLE);
  // The latest `mutate` without making `run` change with it.
  const latest = useRef(mutate);
  useLayoutEffect(() => {
    latest.current = mutate;
  });
  const round = useRef(0);
  const mounted = useRef(false);
  const inFlight = useRef(new Set<AbortController>());
  useEffect(() => {
    mounted.current = true;
    const calls = inFlight.current;
    return () => {
      mounted.current = false;
      for (const controller of calls) controller.abort();
      calls.clear();
    };
  }, []);

  const run = useCallback(async (input: I): Promise<MutationOutcome<T> | undefined> => {
    const mine = ++round.current;
    const controller = new AbortController();
    inFlight.current.add(controller);
    setState({ running: true, error: undefined });
    let outcome: MutationOutcome<T>;
    try {
      outcome = { ok: true, data: await latest.current(controller.signal, input) };
    } catch (error) {
      outcome = { ok: false, error };
    } finally {
      inFlight.current.delete(controller);
    }
    if (controller.signal.aborted || !mounted.current || mine !== round.current) return undefined;
    setState({ running: false, error: outcome.ok ? undefined : outcome.error });
    return outcome;
  }, []);

  const reset = useCallback(() => {
    round.current += 1;
    setState(IDLE);
  }, []);

  return { run, running: state.running, error: state.error, reset };
}
