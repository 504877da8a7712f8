/** Tree nodes as the tree operations send them (spec §3 'Tree node'), and the tree kind's screen file. */
import type { ActionDefinition } from '../actions/registry.ts';
import type { ScreenDefinition } from '../screen-types.ts';

export type NodeId = string | number;

/** One node as the server sends it: id, parentId, name, children, disabled, plus whatever else it carries. */
export interface TreeNodeData {
  id: NodeId;
  parentId?: NodeId | null;
  name: string;
  /** Loaded children; absent (or empty with isParent) when they are still to load. */
  children?: TreeNodeData[];
  disabled?: boolean;
  /** Whether the node has children still to load. */
  isParent?: boolean;
  [extra: string]: unknown;
}

/** A context-menu entry: any registered action, optionally shown only when its condition holds. */
export interface TreeMenuAction extends ActionDefinition {
  /** Expression over {record, session, params}; the entry is left out when it is false. */
  visible?: string;
}

export interface TreeScreenDefinition extends ScreenDefinition {
  kind: 'tree';
  title: string;
  /** Operation id answering the children of a node (body {[parentParam]: id}; nothing for the top). */
  operation: string;
  /** Body field naming the parent whose children are asked for; default parentId. */
  parentParam?: string;
  /** Fixed body fields sent with every load (e.g. type: '1'). */
  params?: Record<string, string | number | boolean>;
  /** Pixel height of the scrolling tree; default 400 (spec §9). */
  height?: number;
  /** Drag a node onto another to make it that node's child. Query {[idParam]: id, [parentParam]: new parent}. */
  move?: { operation: string; idParam?: string; parentParam?: string };
  /** Drag a node between siblings to reorder them. Query {[idsParam]: 'id1,id2,…'} in display order. */
  sort?: { operation: string; idsParam?: string };
  /** Right-click menu on a node; the node is the action's record. */
  contextMenu?: TreeMenuAction[];
  /** Query parameters of every load: expressions over params and session (e.g. {systemId: params.systemId}). */
  query?: Record<string, unknown>;
  /** The operation answers the whole tree at once, without a root: shown under a disabled root of this name. */
  whole?: { rootName: string };
  /** Node names are translation keys where a locale has them (menu resources). */
  translateNames?: boolean;
  /**
   * A select above the tree choosing one value the tree depends on (e.g. the subsystem): its value
   * joins the screen's params as `param`, so `query` and the actions see it. The first option is
   * chosen at first unless the params name one.
   */
  scope?: { param: string; label: string; operation: string; valueField?: string; labelField?: string };
}

/** Spec §9: the tree's default height. */
export const DEFAULT_TREE_HEIGHT = 400;
