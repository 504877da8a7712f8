/**
 * Domain action of the filing screens (renderers/actions/registry.ts):
 * - `filing.document.view`: opens a case document for reading. The server records the first opening of a
 *   served document and audits every read of a confidential one (filing.document.open); its content is
 *   then shown — a generated notice (HTML) cleaned and laid out, a PDF, image or text in the file preview.
 *   The row's `documentId` (served documents) or `id` names the document.
 * Imported by src/app/app-actions.ts, which every page but the login page loads before it renders.
 */
import { actionHandler, registerAction, type ActionContext } from '../../renderers/actions/registry.ts';
import { t } from '../i18n/i18n.ts';

export const DOCUMENT_VIEW_ACTION = 'filing.document.view';

interface Opened {
  document?: { title?: string };
  content: string | null;
  file: { name?: string; mime?: string } | null;
}

function bytesOf(base64: string): Uint8Array {
  const text = atob(base64);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i += 1) bytes[i] = text.charCodeAt(i);
  return bytes;
}

export async function runDocumentView(ctx: ActionContext): Promise<boolean> {
  const target = ctx.record ?? (ctx.selection?.length === 1 ? ctx.selection[0] : undefined);
  const id = String(target?.documentId ?? target?.id ?? '');
  if (!id || !ctx.dataSource) {
    ctx.ui?.warning(t('action.selectRecord'));
    return false;
  }
  const opened = (await ctx.dataSource('filing.document.open', { query: { documentId: id } })) as Opened;
  if (!opened?.content) {
    ctx.ui?.warning(t('filingFiler.document.noContent'));
    return true;
  }
  const { openDocumentViewer } = await import('./DocumentViewer.tsx');
  await openDocumentViewer({
    title: opened.document?.title ?? opened.file?.name ?? id,
    name: opened.file?.name ?? id,
    mime: opened.file?.mime ?? 'application/octet-stream',
    bytes: bytesOf(opened.content),
  });
  // The first-opened time may have changed: read the list again.
  return true;
}

// Registered once, even when a test or story imports this module again.
if (!actionHandler(DOCUMENT_VIEW_ACTION)) registerAction(DOCUMENT_VIEW_ACTION, runDocumentView);
