/**
 * `type: download` — fetches a file through a binary operation and saves it as its name plus
 * extension, with a 'downloading' notice meanwhile (spec §7).
 *
 *   - { type: download, label: message.download, operation: fldFile.download,
 *       query: { attachmentId: record.src }, fileName: record.title }
 */
import { evaluateExpression } from '../../expression/index.ts';
import { resolveQuery } from '../params.ts';
import type { ActionContext } from '../registry.ts';
import { actionScope } from '../scope.ts';

export interface DownloadActionDefinition {
  operation: string;
  query?: Record<string, unknown>;
  /** Expression of the file name. */
  fileName?: string;
  /** Expression of the extension, added unless the name already ends with it. */
  ext?: string;
}

/** 'report' + 'pdf' → 'report.pdf'; 'report.pdf' + 'pdf' stays; no name → 'download'. */
export function downloadName(name: unknown, ext: unknown): string {
  const base = typeof name === 'string' && name.trim() ? name.trim() : 'download';
  const extension = typeof ext === 'string' ? ext.replace(/^\./, '').trim() : '';
  if (!extension || base.toLowerCase().endsWith(`.${extension.toLowerCase()}`)) return base;
  return `${base}.${extension}`;
}

/** Hands a blob to the browser as a file download. */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Give the browser a moment to start the download before the address goes away.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export async function downloadAction(ctx: ActionContext): Promise<string> {
  const action = ctx.action as ActionContext['action'] & DownloadActionDefinition;
  if (!ctx.dataSource) throw new Error('download action needs a data source');
  const scope = actionScope(ctx);
  const name = downloadName(
    action.fileName ? evaluateExpression(action.fileName, scope) : undefined,
    action.ext ? evaluateExpression(action.ext, scope) : undefined,
  );
  const hide = ctx.ui?.loading(ctx.t?.('action.downloading') ?? '…');
  try {
    const query = resolveQuery(action.query, scope);
    const blob = await ctx.dataSource(action.operation, { ...(query ? { query } : {}), as: 'blob' });
    if (!(blob instanceof Blob)) throw new Error(`${action.operation} did not return a file`);
    saveBlob(blob, name);
    return name;
  } finally {
    hide?.();
  }
}
