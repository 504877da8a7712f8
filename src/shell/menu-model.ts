/**
 * Menu entries as routes: each entry with a screen opens at /{alias or name} (the alias when there is
 * one, because names are often translation keys such as 'menu.employeeList').
 */
import type { MenuNode } from '../api/generated/operations.ts';

/** The server adds the screen an entry opens (a file under schemas/screens). */
export type MenuEntry = MenuNode & { screen?: string | null; children?: MenuEntry[] };

export function routeNameOf(entry: MenuEntry): string {
  return entry.alias || entry.name;
}

export function routePathOf(entry: MenuEntry): string {
  return `/${routeNameOf(entry)}`;
}

/** Every entry of the tree, depth first. */
export function flattenMenu(entries: readonly MenuEntry[]): MenuEntry[] {
  return entries.flatMap((entry) => [entry, ...flattenMenu(entry.children ?? [])]);
}

/** The entry a route opens, if any; only entries with a screen are routes. */
export function findMenuEntryByRoute(
  entries: readonly MenuEntry[],
  routeName: string,
): MenuEntry | undefined {
  return flattenMenu(entries).find((entry) => entry.screen && routeNameOf(entry) === routeName);
}
