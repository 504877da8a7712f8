/** The list kind's part of a screen file (see schemas/meta/screen.schema.json and schemas/screens/README.md). */
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

export interface SearchField {
  /** The list request parameter key. */
  field: string;
  /** Translation key. */
  label: string;
  type: SearchFieldType;
  options?: OptionItem[];
  /** OPTION: several values may be chosen (sent as a list). */
  multiple?: boolean;
  /** DATE: pattern of the value sent, default yyyy-MM-dd. */
  format?: string;
}

export type ColumnFormatterName = 'enum' | 'date' | 'datetime' | 'truncate';

export interface ListColumn {
  field: string;
  /** Translation key. */
  title: string;
  width?: number;
  fixed?: 'left' | 'right';
  sortable?: boolean;
  formatter?: ColumnFormatterName;
  /** enum: the values and their translated labels. */
  options?: OptionItem[];
}

export type SortDirection = 'ASC' | 'DESC';

export interface SortOrder {
  field: string;
  order: SortDirection;
}

export interface ListScreenDefinition extends ScreenDefinition {
  kind: 'list';
  title: string;
  /** Operation id of the list query, e.g. employee.query. */
  operation: string;
  /** Field that identifies a row (default id). */
  rowKey?: string;
  search?: { fields: SearchField[] };
  columns: ListColumn[];
  selection?: 'none' | 'single' | 'multiple';
  pageSizes?: number[];
  defaultPageSize?: number;
  defaultSort?: SortOrder[];
}

/** Spec §9: page 1, size 20, sizes 10/20/50/100. */
export const DEFAULT_PAGE_SIZE = 20;
export const DEFAULT_PAGE_SIZES = [10, 20, 50, 100];
