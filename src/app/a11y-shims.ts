/**
 * antd's Table renders a hidden measuring row (aria-hidden) that holds a copy of the header's
 * select-all checkbox: a keyboard user could tab into an element screen readers are told does not
 * exist (axe: aria-hidden-focus). Marking those rows `inert` takes them out of the tab order; they
 * are only there to measure column widths.
 */
const SELECTOR = 'tr.ant-table-measure-row[aria-hidden="true"]:not([inert])';

function fix(root: ParentNode): void {
  root.querySelectorAll(SELECTOR).forEach((row) => row.setAttribute('inert', ''));
}

let observer: MutationObserver | null = null;

/** Starts watching the page (once); returns nothing to undo, the shims hold for the page's life. */
export function installA11yShims(target: Document = document): void {
  if (observer || typeof MutationObserver === 'undefined') return;
  fix(target);
  observer = new MutationObserver((records) => {
    for (const record of records) {
      record.addedNodes.forEach((node) => {
        if (node instanceof Element) {
          if (node.matches(SELECTOR)) node.setAttribute('inert', '');
          else fix(node);
        }
      });
    }
  });
  observer.observe(target.body, { childList: true, subtree: true });
}
