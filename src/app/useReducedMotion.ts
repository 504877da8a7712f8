/**
 * Whether the user's system asks for less motion (prefers-reduced-motion). antd's zooms and slides
 * are then switched off: easier for people who get dizzy, and the browser tests (which ask for it)
 * never click a button that is still flying in.
 */
import { useSyncExternalStore } from 'react';

const QUERY = '(prefers-reduced-motion: reduce)';

const media = (): MediaQueryList | undefined =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(QUERY)
    : undefined;

function subscribe(onChange: () => void): () => void {
  const list = media();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
}

const snapshot = (): boolean => media()?.matches ?? false;

export function useReducedMotion(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
