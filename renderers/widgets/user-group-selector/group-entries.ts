/**
 * User-group entries of an employee (spec §3 'User group': groupId, groupName, groupAlias) and the
 * group rows the selector returns ({id, name, alias}). Adding skips groups already in the list.
 */
import { mergeById, type Row } from '../../selectors/chosen-rows.ts';

export interface UserGroupEntry {
  groupId: string;
  groupName?: string;
  groupAlias?: string;
  [extra: string]: unknown;
}

export function normaliseGroups(value: unknown): UserGroupEntry[] {
  if (!Array.isArray(value)) return [];
  return value
    .filter((item): item is Record<string, unknown> => !!item && typeof item === 'object')
    .filter((item) => item.groupId !== undefined && item.groupId !== null)
    .map((item) => ({ ...item, groupId: String(item.groupId) }));
}

/** A row of group.query as an entry. */
export function entryOfGroup(row: Row): UserGroupEntry {
  return {
    groupId: String(row.id ?? row.groupId),
    groupName: (row.name ?? row.groupName) as string | undefined,
    groupAlias: (row.alias ?? row.groupAlias) as string | undefined,
  };
}

export function addGroups(current: readonly UserGroupEntry[], rows: readonly Row[]) {
  return mergeById(current, rows.map(entryOfGroup), 'groupId');
}
