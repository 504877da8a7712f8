/**
 * Opens a selector screen in a dialog sized as its file says (`dialog: {width, height}`), and
 * resolves with the chosen rows, [] for "clear", or undefined when the user cancelled.
 */
import { openScreenDialog } from '../dialogs/dialog-store.ts';
import { loadScreen } from '../screen-loader.ts';
import type { SelectorResult, SelectorScreenDefinition } from './selector-types.ts';

export async function openSelector(
  screen: string,
  params: Record<string, unknown> = {},
): Promise<SelectorResult> {
  // A screen that does not load still opens: the dialog shows the renderer's error panel.
  const definition = (await loadScreen(screen).catch(() => undefined)) as
    SelectorScreenDefinition | undefined;
  const result = await openScreenDialog({
    screen,
    params,
    width: definition?.dialog?.width,
    height: definition?.dialog?.height,
  });
  return Array.isArray(result) ? (result as Record<string, unknown>[]) : undefined;
}
