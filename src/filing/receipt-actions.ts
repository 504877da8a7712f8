/**
 * Domain actions of the receipt screens (schemas/screens/filing-receipt*.yaml):
 * - `filing.receipt.print`: prints the receipt alone (window.print; receipt-print.css hides the shell
 *   and whatever lies under the receipt's dialog).
 * - `filing.receipt.checkFile`: the user picks a file of theirs; its SHA-256 is computed here, in the
 *   browser (Web Crypto), and the receipt item it matches, if any, is named.
 * Imported by src/app/app-actions.ts.
 */
import { actionHandler, registerAction, type ActionContext } from '../../renderers/actions/registry.ts';
import { t } from '../i18n/i18n.ts';
import { matchingItem, sha256OfFile, type ReceiptItem } from './receipt-hash.ts';
import './receipt-print.css';

export const RECEIPT_PRINT_ACTION = 'filing.receipt.print';
export const RECEIPT_CHECK_FILE_ACTION = 'filing.receipt.checkFile';

/** The body child holding the topmost open dialog (the one whose 打印 was pressed), if any. */
function topDialogRoot(): HTMLElement | null {
  const wraps = [...document.querySelectorAll<HTMLElement>('.ant-modal-wrap')].filter(
    (w) => w.style.display !== 'none',
  );
  let node: HTMLElement | null = wraps.at(-1) ?? null;
  while (node && node.parentElement !== document.body) node = node.parentElement;
  return node;
}

export function runReceiptPrint(): boolean {
  const root = topDialogRoot();
  const marks = root ? ['mf-printing', 'mf-printing-dialog'] : ['mf-printing'];
  document.body.classList.add(...marks);
  root?.classList.add('mf-print-root');
  const done = () => {
    document.body.classList.remove(...marks);
    root?.classList.remove('mf-print-root');
  };
  window.addEventListener('afterprint', done, { once: true });
  try {
    window.print();
  } finally {
    // Browsers whose print() returns before printing still fire afterprint; those that block are done.
    if (!('onafterprint' in window)) done();
  }
  // Printing changes nothing: no need to read the screen again.
  return false;
}

/** Opens the browser's file chooser; resolves with the chosen file, or null when cancelled. */
export function pickLocalFile(): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.style.display = 'none';
    input.dataset.testid = 'receipt-local-file';
    const finish = (file: File | null) => {
      input.remove();
      resolve(file);
    };
    input.addEventListener('change', () => finish(input.files?.[0] ?? null), { once: true });
    input.addEventListener('cancel', () => finish(null), { once: true });
    document.body.appendChild(input);
    input.click();
  });
}

export async function runReceiptCheckFile(
  ctx: ActionContext,
  pick: () => Promise<File | null> = pickLocalFile,
): Promise<boolean> {
  const items = (ctx.record?.items ?? []) as ReceiptItem[];
  const file = await pick();
  if (!file) return false;
  const hide = ctx.ui?.loading(t('receipt.checkFile.hashing'));
  let sha256: string;
  try {
    sha256 = await sha256OfFile(file);
  } catch (err) {
    ctx.ui?.error(
      t(
        (err as Error).message === 'no-webcrypto'
          ? 'receipt.checkFile.unsupported'
          : 'receipt.checkFile.failed',
      ),
    );
    return false;
  } finally {
    hide?.();
  }
  const item = matchingItem(items, sha256);
  if (item)
    ctx.ui?.success(
      t('receipt.checkFile.match', { file: file.name, seq: item.seq, name: item.name, sha256 }),
    );
  else ctx.ui?.warning(t('receipt.checkFile.noMatch', { file: file.name, sha256 }));
  return false;
}

// Registered once, even when a test or story imports this module again.
if (!actionHandler(RECEIPT_PRINT_ACTION)) registerAction(RECEIPT_PRINT_ACTION, runReceiptPrint);
if (!actionHandler(RECEIPT_CHECK_FILE_ACTION))
  registerAction(RECEIPT_CHECK_FILE_ACTION, (ctx) => runReceiptCheckFile(ctx));
