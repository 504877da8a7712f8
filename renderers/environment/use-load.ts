/**
 * The one way React code loads server data (and anything else asynchronous: a screen file, a lazy
 * module). `useLoad(key, load)` runs `load(signal)` whenever `key` changes, aborts it when the key
 * changes again or the component unmounts (the signal reaches ky, so the request itself stops), and
 * keeps only the answer for the current key. `key: null` loads nothing. No renderer environment
 * needed (public pages use it too); useOperation.ts is the catalogue-call case.
 */
import { useCallback, useEffect, useEffectEvent, useState } from 'react';

export interface Loaded<T> {
  /** The answer for the current key (kept while a reload runs). */
  data: T | undefined;
  /** Why the last load for the current key failed. */
  error: unknown;
  /** A load for the current key is under way. */
  loading: boolean;
  /** Loads again for the same key. */
  reload(): void;
}

interface Settled<T> {
  key: string;
  round: number;
  data?: T;
  error?: unknown;
}

export interface LoadOptions {
  /** While the answer for a new key loads, `data` stays the last answer (a table keeps its rows). */
  keepPrevious?: boolean;
}

export function useLoad<T>(
  key: string | null,
  load: (signal: AbortSignal) => Promise<T>,
  { keepPrevious = false }: LoadOptions = {},
): Loaded<T> {
  const [settled, setSettled] = useState<Settled<T>>();
  const [round, setRound] = useState(0);
  // The latest `load` without making it a dependency: only the key says when to load again.
  const start = useEffectEvent((signal: AbortSignal) => load(signal));
  useEffect(() => {
    if (key === null) return;
    const controller = new AbortController();
    const { signal } = controller;
    start(signal).then(
      (data) => !signal.aborted && setSettled({ key, round, data }),
      (error: unknown) => !signal.aborted && setSettled({ key, round, error }),
    );
    return () => controller.abort();
  }, [key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  const current = key !== null && settled?.key === key ? settled : undefined;
  return {
    data: current ? current.data : keepPrevious && key !== null ? settled?.data : undefined,
    error: current?.error,
    loading: key !== null && current?.round !== round,
    reload,
  };
}

const identities = new WeakMap<object, number>();
let lastIdentity = 0;

/**
 * A load key that changes when any of `values` is a different object (not when an equal copy comes):
 * for loads that follow a definition or a data source by identity rather than by value.
 */
export function identityKey(...values: (object | string | number | boolean | null | undefined)[]): string {
  return values
    .map((value) => {
      if (value === null || typeof value !== 'object') return JSON.stringify(value ?? null);
      let id = identities.get(value);
      if (id === undefined) {
        id = ++lastIdentity;
        identities.set(value, id);
      }
      return `#${id}`;
    })
    .join(',');
}
