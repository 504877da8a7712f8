/**
 * Keyboard use of a virtual table, where only the rows in view exist in the page: one row at a time
 * is in the tab order (a roving tabindex); ↑/↓ move the focus to the next or previous row and Home/End
 * to the first or last, scrolling the body so that row is drawn; Enter runs the row's first action
 * (its detail, as the screens order them). Keys pressed on a button inside a row are the button's.
 */
import {
  useCallback,
  useEffect,
  useRef,
  type HTMLAttributes,
  type KeyboardEvent,
  type RefObject,
} from 'react';

/** What the table's ref offers (antd's Table reference). */
export interface ScrollableTable {
  scrollTo(config: { index: number }): void;
}

export interface RowKeyboardOptions<T> {
  rows: readonly T[];
  keyOf: (row: T) => string;
  table: RefObject<ScrollableTable | null>;
  /** Where the rows are drawn (the element around the table). */
  container: RefObject<HTMLElement | null>;
  /** Enter on a row. */
  onEnter: (row: T) => void;
  /** Off: the rows get no keyboard props (a short page is a plain table). */
  enabled: boolean;
}

/** The row a key moves to from `index` among `count` rows, or null when the key is not a move. */
export function rowAfterKey(key: string, index: number, count: number): number | null {
  const last = count - 1;
  if (key === 'ArrowDown') return Math.min(index + 1, last);
  if (key === 'ArrowUp') return Math.max(index - 1, 0);
  if (key === 'Home') return 0;
  if (key === 'End') return last;
  return null;
}

// A scrolled-to row is drawn within a frame or two; give up after this many.
const FOCUS_FRAMES = 10;

export function useRowKeyboard<T>({
  rows,
  keyOf,
  table,
  container,
  onEnter,
  enabled,
}: RowKeyboardOptions<T>): (row: T, index?: number) => HTMLAttributes<HTMLElement> {
  // The row in the tab order. Kept in a ref and moved on the rows themselves: a state would draw the
  // whole table again (10,000 records through antd's pipeline) on every key press.
  const active = useRef(0);
  // A newer move cancels the wait for an older one's row.
  const move = useRef(0);
  // A new page starts at its first row.
  useEffect(() => {
    active.current = 0;
  }, [rows]);

  const rowElement = useCallback(
    (index: number) => {
      const row = rows[index];
      return row === undefined
        ? null
        : (container.current?.querySelector<HTMLElement>(`[data-row-key="${CSS.escape(keyOf(row))}"]`) ??
            null);
    },
    [rows, keyOf, container],
  );

  const makeActive = useCallback(
    (index: number) => {
      if (index === active.current) return;
      const previous = rowElement(active.current);
      if (previous) previous.tabIndex = -1;
      active.current = index;
      const next = rowElement(index);
      if (next) next.tabIndex = 0;
    },
    [rowElement],
  );

  const focusRow = useCallback(
    (index: number) => {
      const ticket = ++move.current;
      makeActive(index);
      table.current?.scrollTo({ index });
      let frames = 0;
      const attempt = () => {
        if (ticket !== move.current) return;
        const element = rowElement(index);
        if (element) {
          element.tabIndex = 0;
          element.focus({ preventScroll: true });
        } else if (frames++ < FOCUS_FRAMES) requestAnimationFrame(attempt);
      };
      attempt();
    },
    [makeActive, rowElement, table],
  );

  return useCallback(
    (row: T, index?: number) => {
      if (!enabled || index === undefined) return {};
      return {
        // Read when the row is drawn (scrolled into the body); moves update drawn rows directly.
        tabIndex: index === Math.min(active.current, rows.length - 1) ? 0 : -1,
        onFocus: (event) => {
          if (event.target === event.currentTarget) makeActive(index);
        },
        onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
          if (event.target !== event.currentTarget) return;
          const next = rowAfterKey(event.key, index, rows.length);
          if (next !== null) {
            event.preventDefault();
            focusRow(next);
          } else if (event.key === 'Enter') {
            event.preventDefault();
            onEnter(row);
          }
        },
      };
    },
    [enabled, rows.length, makeActive, focusRow, onEnter],
  );
}
