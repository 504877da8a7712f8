/**
 * Page sizes of the filing lists. The worklists and 我的申报 offer pages of up to 10,000 rows (their
 * screens draw them in a virtual table); the other lists stop at 100. The catalogue refuses a larger
 * size before a handler runs (translated); these bounds clamp what older callers send.
 */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const MAX_WORKLIST_PAGE_SIZE = 10_000;

/** The size asked for, or the default, within 1 and `max`. */
export function pageSizeOf(size: unknown, max: number = MAX_PAGE_SIZE): number {
  const n = Number(size ?? DEFAULT_PAGE_SIZE) || DEFAULT_PAGE_SIZE;
  return Math.min(Math.max(Math.trunc(n), 1), max);
}
