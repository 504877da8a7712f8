/** Calls `fn` at most once per `ms` (the first call runs at once; later ones in the window are dropped). */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
  now: () => number = Date.now,
) {
  let last = -Infinity;
  return (...args: A): boolean => {
    const t = now();
    if (t - last < ms) return false;
    last = t;
    fn(...args);
    return true;
  };
}
