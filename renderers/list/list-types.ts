/** The list kind's part of a screen file (schemas/meta/screen-kinds/list.schema.json, README in schemas/screens). */
import type { ActionDefinition } from '../actions/registry.ts';
import type { ScreenDefinition } from '../screen-types.ts';

/** Search field types of spec §2. */
export type SearchFieldType = 'STRING' | 'INT' | 'DOUBLE' | 'BOOLEAN' | 'OPTION' | 'DATE';

export interface OptionItem {
  value: string | number | boolean;
  /** Translation key. */
  label: string;
  /** Tag colour for the enum formatter (an antd preset or a CSS colour). */
  color?: string;
}

/** Options read from an operation instead of written in the file. */
export interface OptionSource {
  operation: string;
  valueField: string;
  labelField: string;
  query?: Record<string, unknown>;
  body?: unknown;
}

export interface SearchField {
  /** The list request parameter key. */
  field: string;
  /** Translation key. */
  label: string;
  type: SearchFieldType;
  options?: OptionItem[];
  optionSource?: OptionSource;
  /** OPTION: several values may be chosen (sent as a list). */
  multiple?: boolean;
  /** DATE: pattern of the value sent, default yyyy-MM-dd. */
  format?: string;
}

export type ColumnFormatterName =
  | 'enum'
  | 'date'
  | 'datetime'
  | 'truncate'
  | 'number'
  | 'relative'
  | 'yesno'
  | 'bytes'
  | 'name'
  | 'amount'
  | 'hash';

export interface ListColumn {
  field: string;
  /** Translation key. */
  title: string;
  width?: number;
  fixed?: 'left' | 'right';
  sortable?: boolean;
  formatter?: ColumnFormatterName;
  /** date/datetime: a Java-style pattern instead of the default. */
  format?: string;
  /** enum: the values and their translated labels. */
  options?: OptionItem[];
}

export type SortDirection = 'ASC' | 'DESC';

export interface SortOrder {
  field: string;
  order: SortDirection;
}

/** A parameter sent with every request; `value` is an expression over params, record and session. */
export interface ListFilter {
  key: string;
  value: string;
}

/**
 * A list operation that does not take the spec's list request (the filing catalogue's style): the
 * filters and search values go as plain fields (`{list: 'phaseI', page: 1, size: 20}`), the rows and
 * total come back under `rows` and `total` (or the names given).
 */
export interface ListRequestStyle {
  style: 'fields';
  /** Where the fields go: the body (default) or the query (a GET operation). */
  in?: 'body' | 'query';
  /** Send page and size (default true); false: the answer holds every row and the table pages it. */
  paged?: boolean;
  /** Field of the answer holding the rows; default rows. */
  rows?: string;
  /** Field of the answer holding the total; default total (the rows' count when absent). */
  total?: string;
}

export interface ListScreenDefinition extends ScreenDefinition {
  kind: 'list';
  /** The request style when the operation does not take the spec's list request. */
  request?: ListRequestStyle;
  /** Operation id of the list query, e.g. employee.query. */
  operation: string;
  /** Field that identifies a row (default id). */
  rowKey?: string;
  filters?: ListFilter[];
  search?: { fields: SearchField[] };
  columns: ListColumn[];
  selection?: 'none' | 'single' | 'multiple';
  toolbar?: ActionDefinition[];
  rowActions?: ActionDefinition[];
  rowActionsWidth?: number;
  pageSizes?: number[];
  defaultPageSize?: number;
  defaultSort?: SortOrder[];
  height?: number;
  virtual?: boolean;
}

/** Spec §9: page 1, size 20, sizes 10/20/50/100. */
export const DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_PAGE_SIZES = [10, 20, 50, 100];
/** Pages larger than this scroll inside a fixed height and draw only the rows in view. */
export const VIRTUAL_THRESHOLD = 100;
export const VIRTUAL_HEIGHT = 520;
