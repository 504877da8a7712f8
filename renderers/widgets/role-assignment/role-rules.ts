/**
 * The rules of the role assignment (spec §6): only role nodes of the tree can be assigned, and they
 * are tagged as own; a role already held only through an organisation or a position (source other)
 * becomes 'own,other'; only entries with an own grant can be deleted — deleting 'own,other' leaves
 * the inherited 'other' entry, which nobody can delete here.
 */
import { isRootId } from '../../tree/tree-model.ts';
import type { TreeNodeData } from '../../tree/tree-types.ts';

export type RoleSource = 'own' | 'other' | 'own,other';

export interface RoleEntry {
  id: string;
  name?: string;
  subSystemName?: string | null;
  source: RoleSource;
  canDelete: boolean;
  type: 'role';
  [extra: string]: unknown;
}

function hasOwn(source: string): boolean {
  return source
    .split(',')
    .map((s) => s.trim())
    .includes('own');
}

function hasOther(source: string): boolean {
  return source
    .split(',')
    .map((s) => s.trim())
    .includes('other');
}

function sourceOf(own: boolean, other: boolean): RoleSource {
  return own && other ? 'own,other' : own ? 'own' : 'other';
}

/** A node of the role tree that may be assigned: a role, not a subsystem or the root. */
export function isAssignableRole(node: TreeNodeData): boolean {
  return node.type === 'role' && !isRootId(node.id) && !node.disabled;
}

/** The widget's value as entries; source defaults to own, and canDelete follows the source. */
export function normaliseRoles(value: unknown): RoleEntry[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is Record<string, unknown> => !!item && typeof item === 'object' && 'id' in item)
    .map((item) => {
      const source = typeof item.source === 'string' && item.source ? item.source : 'own';
      const own = hasOwn(source);
      return {
        ...item,
        id: String(item.id),
        source: sourceOf(own, hasOther(source) || !own),
        // An explicit canDelete false from the server wins; otherwise an own grant can be deleted.
        canDelete: own && item.canDelete !== false,
        type: 'role' as const,
      };
    });
}

export function canDeleteRole(entry: RoleEntry): boolean {
  return entry.canDelete && hasOwn(entry.source);
}

export type AddRolesResult =
  | { ok: true; entries: RoleEntry[]; added: number; skipped: number }
  | { ok: false; reason: 'nothingChecked' };

/** Adds the checked role nodes as own grants; other nodes are ignored. */
export function addRoles(current: readonly RoleEntry[], checked: readonly TreeNodeData[]): AddRolesResult {
  const roles = checked.filter(isAssignableRole);
  if (roles.length === 0) return { ok: false, reason: 'nothingChecked' };
  const entries = [...current];
  let added = 0;
  let skipped = 0;
  for (const node of roles) {
    const id = String(node.id);
    const at = entries.findIndex((e) => e.id === id);
    if (at < 0) {
      entries.push({
        id,
        name: node.name,
        subSystemName: typeof node.subSystemName === 'string' ? node.subSystemName : null,
        source: 'own',
        canDelete: true,
        type: 'role',
      });
      added += 1;
    } else if (!hasOwn(entries[at].source)) {
      entries[at] = { ...entries[at], source: 'own,other', canDelete: true };
      added += 1;
    } else {
      skipped += 1;
    }
  }
  return { ok: true, entries, added, skipped };
}

/** Withdraws the own grant: own goes, own,other becomes other; an inherited entry stays. */
export function removeRole(entries: readonly RoleEntry[], id: string): RoleEntry[] {
  return entries.flatMap((entry) => {
    if (entry.id !== id || !canDeleteRole(entry)) return [entry];
    return hasOther(entry.source) ? [{ ...entry, source: 'other' as const, canDelete: false }] : [];
  });
}
