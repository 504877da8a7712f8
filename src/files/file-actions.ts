/**
 * Domain actions of the files capability, for screens (renderers/actions/registry.ts):
 * - `file.preview`: opens the file preview (image, PDF, text with a charset choice; other types say
 *   they have no preview) for the row's attachment.
 * Imported by src/app/app-actions.ts, which every page but the login page loads before it renders.
 */
import { actionHandler, registerAction, type ActionContext } from '../../renderers/actions/registry.ts';
import { t } from '../i18n/i18n.ts';

export const FILE_PREVIEW_ACTION = 'file.preview';

export async function runFilePreview(ctx: ActionContext): Promise<boolean> {
  const target = ctx.record ?? (ctx.selection?.length === 1 ? ctx.selection[0] : undefined);
  const id = typeof target?.id === 'string' ? target.id : '';
  if (!target || !id) {
    const text = t('action.selectRecord');
    if (ctx.ui) ctx.ui.warning(text);
    return false;
  }
  const { openFilePreview } = await import('./FilePreviewDialog.tsx');
  await openFilePreview({
    id,
    fileName: typeof target.fileName === 'string' ? target.fileName : id,
    ext: typeof target.ext === 'string' ? target.ext : '',
  });
  // Nothing changed: the list need not be read again.
  return false;
}

// Registered once, even when a test or story imports this module again.
if (!actionHandler(FILE_PREVIEW_ACTION)) registerAction(FILE_PREVIEW_ACTION, runFilePreview);
