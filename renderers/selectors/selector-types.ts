/** The selector kind's part of a screen file (see schemas/meta/screen-kinds/selector.schema.json). */
import type { ListColumn, SearchField } from '../list/list-types.ts';
import type { ScreenDefinition } from '../screen-types.ts';

export interface SelectorDialogSize {
  /** CSS width (e.g. '60%') or pixels. */
  width?: number | string;
  /** Height of the dialog body in pixels. */
  height?: number;
}

export interface SelectorScreenDefinition extends ScreenDefinition {
  kind: 'selector';
  title: string;
  /** table (default): search form and a paged table; tree: a lazily loaded tree. */
  view?: 'table' | 'tree';
  /** table: a list operation ({parameters, requestPage, sorts}); tree: a tree operation (children of parentId). */
  operation: string;
  /** single (default) or multiple; a dialog's params.multiple overrides it. */
  selection?: 'single' | 'multiple';
  /** Field identifying a row or node; default id. */
  rowKey?: string;
  /** Field shown for a chosen row (the tags under the table); default name. */
  labelField?: string;
  /** table: search fields, as in a list screen. */
  search?: { fields: SearchField[] };
  /** table: columns, as in a list screen. */
  columns?: ListColumn[];
  pageSizes?: number[];
  defaultPageSize?: number;
  /** tree: body field naming the parent (default parentId), fixed body fields, tree height (default 400). */
  parentParam?: string;
  params?: Record<string, string | number | boolean>;
  treeHeight?: number;
  /** tree: expression over `record` (the node) telling which nodes may be chosen; default every enabled node but the root. */
  choosable?: string;
  /** Translation key of the confirm button; default common.ok. */
  confirmLabel?: string;
  /** Adds a clear button: it closes with an empty choice, meaning "no value". */
  clearable?: boolean;
  /** Translation key of the clear button; default selector.clear. */
  clearLabel?: string;
  /** Translation key of the warning when confirming with nothing chosen. */
  emptyMessage?: string;
  /** The dialog the selector opens in (read by openSelector). */
  dialog?: SelectorDialogSize;
}

/** What a selector dialog resolves with: the chosen rows, [] for "clear", undefined when cancelled. */
export type SelectorResult = Record<string, unknown>[] | undefined;
