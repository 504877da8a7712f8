/**
 * The 60 s SMS resend wait (spec §4, §9), one per key (the login code, the old phone, the new phone…),
 * kept outside the components so closing and reopening a form does not reset it.
 */
import { useEffect, useReducer } from 'react';

export const RESEND_SECONDS = 60;

const endsAt = new Map<string, number>();

export function startCountdown(key: string, seconds: number = RESEND_SECONDS, now = Date.now()): void {
  endsAt.set(key, now + seconds * 1000);
}

export function secondsLeft(key: string, now = Date.now()): number {
  const end = endsAt.get(key);
  if (!end) return 0;
  const left = Math.ceil((end - now) / 1000);
  if (left <= 0) endsAt.delete(key);
  return Math.max(0, left);
}

export function resetCountdowns(): void {
  endsAt.clear();
}

/** Seconds left for `key`, re-rendering every quarter second while counting. */
export function useCountdown(key: string): [number, (seconds?: number) => void] {
  const [, tick] = useReducer((n: number) => n + 1, 0);
  const left = secondsLeft(key);
  const counting = left > 0;
  useEffect(() => {
    if (!counting) return;
    const timer = setInterval(tick, 250);
    return () => clearInterval(timer);
  }, [key, counting]);
  const start = (seconds?: number) => {
    startCountdown(key, seconds);
    tick();
  };
  return [left, start];
}
