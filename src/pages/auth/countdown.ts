/**
 * The sign-in pages' SMS resend countdowns: one store for the whole tab (renderers/sms-code/
 * countdowns.ts is the one implementation), so closing and reopening a form does not reset them.
 */
import {
  Countdowns,
  RESEND_SECONDS,
  useCountdown as useStoredCountdown,
} from '../../../renderers/sms-code/countdowns.ts';

export { RESEND_SECONDS };

const signInCountdowns = new Countdowns();

export function startCountdown(key: string, seconds: number = RESEND_SECONDS, now = Date.now()): void {
  signInCountdowns.start(key, seconds, now);
}

export function secondsLeft(key: string, now = Date.now()): number {
  return signInCountdowns.remaining(key, now);
}

export function resetCountdowns(): void {
  signInCountdowns.clear();
}

/** Seconds left for `key` and how to start it, on the tab's store. */
export function useCountdown(key: string): [number, (seconds?: number) => void] {
  const { seconds, start } = useStoredCountdown(key, signInCountdowns);
  return [seconds, start];
}
