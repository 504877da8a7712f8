/**
 * The SMS resend countdowns (spec §4, §9: 60 s, one per purpose: the login code, the old phone, the
 * new phone…), the one implementation for the sign-in pages and the screens' smsCode widget.
 * A store keeps when each countdown ends: the sign-in pages share one for the whole tab (closing and
 * reopening a form does not reset it); a wizard owns one (dropped with the wizard, CountdownContext);
 * elsewhere each widget keeps its own.
 */
import { createContext, useContext, useEffect, useState } from 'react';

export const RESEND_SECONDS = 60;

export class Countdowns {
  private readonly endsAt = new Map<string, number>();
  private readonly listeners = new Set<() => void>();

  constructor(private readonly now: () => number = Date.now) {}

  start(key: string, seconds: number = RESEND_SECONDS, at: number = this.now()): void {
    this.endsAt.set(key, at + seconds * 1000);
    this.listeners.forEach((listener) => listener());
  }

  /** Whole seconds left (0 when none is running). */
  remaining(key: string, at: number = this.now()): number {
    const end = this.endsAt.get(key);
    if (end === undefined) return 0;
    const left = Math.ceil((end - at) / 1000);
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

/**
 * Seconds left on `key`, re-rendering while it runs; `start(seconds?)` starts it (60 s by default).
 * The store: `store` when given, else the wizard's (CountdownContext), else one of this component.
 */
export function useCountdown(
  key: string,
  store?: Countdowns,
): { seconds: number; start(seconds?: number): void } {
  const shared = useContext(CountdownContext);
  const [own] = useState(() => new Countdowns());
  const countdowns = store ?? shared ?? own;
  const [, tick] = useState(0);
  const seconds = countdowns.remaining(key);
  const counting = seconds > 0;

  useEffect(() => countdowns.subscribe(() => tick((n) => n + 1)), [countdowns]);
  useEffect(() => {
    if (!counting) return;
    // A quarter second, so the number changes close to the whole second.
    const timer = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, [counting, countdowns, key]);
  return { seconds, start: (s) => countdowns.start(key, s) };
}
