/** Finding icons by name: pure, so the picker's filtering is tested without loading the icons. */
import type { IconTheme } from './icon-set.ts';

/** How many matches the picker draws at once; typing narrows the rest. */
export const MAX_SHOWN = 120;

export function themeOf(name: string): IconTheme | undefined {
  const match = /(Outlined|Filled|TwoTone)$/.exec(name);
  return match ? (match[1] as IconTheme) : undefined;
}

/** Names of one theme containing the text (case-insensitive), the first `limit` of them, plus the total. */
export function searchIcons(
  names: Iterable<string>,
  text: string,
  theme: IconTheme,
  limit = MAX_SHOWN,
): { shown: string[]; total: number } {
  const needle = text.trim().toLowerCase();
  const matches = [...names].filter(
    (name) => themeOf(name) === theme && (!needle || name.toLowerCase().includes(needle)),
  );
  return { shown: matches.slice(0, limit), total: matches.length };
}
