/**
 * The rules of the post assignment (spec §4, §5): checked tree nodes become positions, the root
 * (id 0) never; nothing checked is refused with 你还没有选择任何节点！; a position already held is not
 * added twice; choosing a main post makes it Y and every other N; principal toggles Y/N per row.
 * The flags are Y/N on screen and booleans in the value that is submitted.
 */
import { isRootId } from '../../tree/tree-model.ts';
import type { TreeNodeData } from '../../tree/tree-types.ts';
import { mergeById } from '../../selectors/chosen-rows.ts';

export interface PositionEntry {
  id: string;
  name?: string;
  parentId?: string | null;
  isMainPost: boolean;
  isPrincipal: boolean;
  [extra: string]: unknown;
}

/** 'Y', true, 'true' and 1 are yes; anything else no. The server and old data may send either form. */
export function asFlag(value: unknown): boolean {
  return value === true || value === 'Y' || value === 'y' || value === 'true' || value === 1;
}

export function flagText(value: boolean): 'Y' | 'N' {
  return value ? 'Y' : 'N';
}

/** The widget's value as entries with boolean flags; anything that is not a list is no positions. */
export function normalisePositions(value: unknown): PositionEntry[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is Record<string, unknown> => !!item && typeof item === 'object' && 'id' in item)
    .map((item) => ({
      ...item,
      id: String(item.id),
      isMainPost: asFlag(item.isMainPost),
      isPrincipal: asFlag(item.isPrincipal),
    }));
}

export type AddPositionsResult =
  | { ok: true; entries: PositionEntry[]; added: PositionEntry[]; skipped: number }
  | { ok: false; reason: 'nothingChecked' };

/** Adds the checked nodes (root and disabled nodes left out) as positions, each once. */
export function addPositions(
  current: readonly PositionEntry[],
  checked: readonly TreeNodeData[],
): AddPositionsResult {
  const nodes = checked.filter((node) => !isRootId(node.id) && !node.disabled);
  if (nodes.length === 0) return { ok: false, reason: 'nothingChecked' };
  const incoming: PositionEntry[] = nodes.map((node) => ({
    id: String(node.id),
    name: node.name,
    parentId: node.parentId == null ? null : String(node.parentId),
    isMainPost: false,
    isPrincipal: false,
  }));
  const merged = mergeById(current, incoming);
  return { ok: true, entries: merged.rows, added: merged.added, skipped: merged.skipped.length };
}

/** Main post on: this one Y, all others N. Off: just this one N. */
export function setMainPost(entries: readonly PositionEntry[], id: string, on: boolean): PositionEntry[] {
  return entries.map((entry) =>
    entry.id === id ? { ...entry, isMainPost: on } : on ? { ...entry, isMainPost: false } : entry,
  );
}

export function togglePrincipal(entries: readonly PositionEntry[], id: string): PositionEntry[] {
  return entries.map((entry) => (entry.id === id ? { ...entry, isPrincipal: !entry.isPrincipal } : entry));
}

export function removePosition(entries: readonly PositionEntry[], id: string): PositionEntry[] {
  return entries.filter((entry) => entry.id !== id);
}
