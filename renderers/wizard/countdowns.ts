/**
 * Resend countdowns of SMS codes (spec §4: 60 s, kept separately for the old and the new phone).
 * A wizard owns one store, so a step's countdown survives re-renders and the store is dropped with
 * the wizard (closing the dialog clears every timer). Outside a wizard each widget keeps its own.
 */
import { createContext, useContext, useEffect, useState } from 'react';

export class Countdowns {
  private readonly endsAt = new Map<string, number>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly now: () => number = Date.now) {}

  start(key: string, seconds: number): void {
    this.endsAt.set(key, this.now() + seconds * 1000);
    this.listeners.forEach((listener) => listener());
  }

  /** Whole seconds left (0 when none is running). */
  remaining(key: string): number {
    const end = this.endsAt.get(key);
    if (end === undefined) return 0;
    const left = Math.ceil((end - this.now()) / 1000);
    if (left <= 0) {
      this.endsAt.delete(key);
      return 0;
    }
    return left;
  }

  clear(): void {
    this.endsAt.clear();
    this.listeners.forEach((listener) => listener());
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
}

export const CountdownContext = createContext<Countdowns | null>(null);

/** Seconds left on `key`, re-rendering every second while it runs. */
export function useCountdown(key: string): { seconds: number; start(seconds: number): void } {
  const shared = useContext(CountdownContext);
  const [own] = useState(() => new Countdowns());
  const store = shared ?? own;
  const [, tick] = useState(0);
  const seconds = store.remaining(key);

  useEffect(() => store.subscribe(() => tick((n) => n + 1)), [store]);
  useEffect(() => {
    if (seconds <= 0) return;
    const timer = setInterval(() => tick((n) => n + 1), 1000);
    return () => clearInterval(timer);
  }, [seconds > 0, store, key]); // eslint-disable-line react-hooks/exhaustive-deps
  return { seconds, start: (s) => store.start(key, s) };
}
