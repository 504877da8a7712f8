/**
 * After a reload the token is still stored but the menus (in memory) are gone: load the user context
 * and menus once before the shell shows anything that needs them.
 */
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { menusAtom, userContextAtom } from '../session/atoms.ts';
import { loadSessionData } from '../session/sign-in.ts';

export type BootstrapState = 'loading' | 'ready' | 'failed';

export function useSessionBootstrap(): { state: BootstrapState; retry: () => void } {
  const menus = useAtomValue(menusAtom);
  const context = useAtomValue(userContextAtom);
  const ready = menus !== null && context !== null;
  const [attempt, setAttempt] = useState(0);
  // The attempt that failed, so a retry (a new attempt) shows loading again without resetting state.
  const [failedAttempt, setFailedAttempt] = useState<number | null>(null);

  useEffect(() => {
    if (ready) return;
    let cancelled = false;
    // Failures are shown by the api client; an ended session sends the user to /login by itself.
    loadSessionData().catch(() => {
      if (!cancelled) setFailedAttempt(attempt);
    });
    return () => {
      cancelled = true;
    };
  }, [ready, attempt]);

  const state: BootstrapState = ready ? 'ready' : failedAttempt === attempt ? 'failed' : 'loading';
  return { state, retry: () => setAttempt((n) => n + 1) };
}
