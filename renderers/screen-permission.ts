/**
 * What a session must hold to see a screen: the `permission` the screen file declares, else the
 * permission the catalogue gives the operation that loads its data (`operation`, or `load.operation`).
 * The screen host checks it with the environment's `can()` before the screen makes any call.
 */
import type { ScreenDefinition } from './screen-types.ts';

function loadOperation(screen: ScreenDefinition): string | undefined {
  if (typeof screen.operation === 'string') return screen.operation;
  const load = screen.load as { operation?: unknown } | undefined;
  return typeof load?.operation === 'string' ? load.operation : undefined;
}

export function screenPermission(
  screen: ScreenDefinition,
  permissionOf: (operation: string) => string | undefined,
): string | undefined {
  if (typeof screen.permission === 'string' && screen.permission) return screen.permission;
  const operation = loadOperation(screen);
  return operation ? permissionOf(operation) : undefined;
}
