/**
 * A row that scrolls sideways when it does not fit (the query page's tabs on a phone): its frame gets
 * data-more-start / data-more-end while something is cut off on that side, for the CSS to draw a cue.
 */
import { useEffect, type RefObject } from 'react';

/** Room kept beside an item scrolled into view, so the cue drawn at the edge does not cover it. */
const CUE_WIDTH = 32;

/** Marks the frame's cut-off sides now, and again on scroll and resize; `key` changes re-run it. */
export function useScrollCue(
  frame: RefObject<HTMLElement | null>,
  row: RefObject<HTMLElement | null>,
  key: unknown,
): void {
  useEffect(() => {
    const box = frame.current;
    const list = row.current;
    if (!box || !list) return undefined;
    const mark = () => {
      const max = list.scrollWidth - list.clientWidth;
      // A pixel of slack: zoomed layouts leave fractions.
      box.toggleAttribute('data-more-start', list.scrollLeft > 1);
      box.toggleAttribute('data-more-end', list.scrollLeft < max - 1);
    };
    mark();
    list.addEventListener('scroll', mark, { passive: true });
    window.addEventListener('resize', mark);
    return () => {
      list.removeEventListener('scroll', mark);
      window.removeEventListener('resize', mark);
    };
  }, [frame, row, key]);
}

/** Scrolls the row, and only the row (never the page), so the item is in full view clear of the cues. */
export function revealInRow(list: HTMLElement, item: HTMLElement): void {
  const outer = list.getBoundingClientRect();
  const inner = item.getBoundingClientRect();
  if (inner.left < outer.left + CUE_WIDTH) list.scrollLeft -= outer.left + CUE_WIDTH - inner.left;
  else if (inner.right > outer.right - CUE_WIDTH) list.scrollLeft += inner.right - (outer.right - CUE_WIDTH);
}
