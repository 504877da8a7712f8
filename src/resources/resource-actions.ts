/**
 * Domain actions of the menu resource administration, for screens (renderers/actions/registry.ts):
 * - `resource.importXml`: asks for an XML file and imports its resources below the node at hand (the
 *   subsystem's top level from the root), in the subsystem the screen shows (`params.systemId`).
 *   A refused file shows the server's translated reason (the api client does) and changes nothing.
 * Imported by src/app/app-actions.ts, which every page but the login page loads before it renders.
 */
import { actionHandler, registerAction, type ActionContext } from '../../renderers/actions/registry.ts';
import { t } from '../i18n/i18n.ts';

export const IMPORT_XML_ACTION = 'resource.importXml';

/** The browser's file dialog; resolves with the file, or null when the user cancels. */
function chooseFile(accept: string): Promise<File | null> {
  return new Promise((resolve) => {
    const input = document.createElement('input');
    input.type = 'file';
    input.accept = accept;
    input.addEventListener('change', () => resolve(input.files?.[0] ?? null), { once: true });
    input.addEventListener('cancel', () => resolve(null), { once: true });
    input.click();
  });
}

export async function runImportXml(ctx: ActionContext): Promise<boolean> {
  const systemId = typeof ctx.params?.systemId === 'string' ? ctx.params.systemId : '';
  if (!ctx.dataSource || !systemId) return false;
  const file = await chooseFile('.xml,application/xml,text/xml');
  if (!file) return false;
  const form = new FormData();
  // Fields before the file: the server reads the parts in order.
  form.append('systemId', systemId);
  const parent = ctx.record?.id;
  if (parent !== undefined && String(parent) !== '0') form.append('resourceId', String(parent));
  form.append('file', file, file.name);
  const answer = (await ctx.dataSource('auth.resources.importXml', { body: form })) as {
    count?: number;
  } | null;
  ctx.ui?.success(t('resourceAdmin.import.success', { count: answer?.count ?? 0 }));
  ctx.refresh?.();
  return true;
}

// Registered once, even when a test or story imports this module again.
if (!actionHandler(IMPORT_XML_ACTION)) registerAction(IMPORT_XML_ACTION, runImportXml);
