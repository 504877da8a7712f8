/** The detail kind's part of a screen file (schemas/meta/screen-kinds/detail.schema.json). */
import type { ActionDefinition } from '../actions/registry.ts';
import type {
  ColumnFormatterName,
  ListColumn,
  ListScreenDefinition,
  OptionItem,
} from '../list/list-types.ts';
import type { ScreenDefinition } from '../screen-types.ts';

/** The list's formatters, and the ones only a detail field can hold (long text, HTML, files). */
export type DetailFormatter = ColumnFormatterName | 'multiline' | 'html' | 'attachments';

export interface DetailField {
  field: string;
  /** Translation key. */
  label: string;
  span?: number;
  formatter?: DetailFormatter;
  format?: string;
  options?: OptionItem[];
  /** attachments: the field of each file shown as its name (default title). */
  itemLabel?: string;
  /** attachments: run with the file as `record` (a download, a preview). */
  action?: ActionDefinition;
  visible?: string | boolean;
}

export interface DetailTab {
  title: string;
  visible?: string | boolean;
  list?: ListScreenDefinition;
  screen?: string;
  params?: Record<string, unknown>;
  /** Field of the record holding the rows of a table tab (e.g. clocks). */
  rows?: string;
  columns?: ListColumn[];
  rowKey?: string;
  rowActions?: ActionDefinition[];
}

/** A banner above the fields while its condition holds. */
export interface DetailNotice {
  type?: 'info' | 'warning' | 'error';
  /** Translation key; `params` fill its placeholders from the record. */
  message: string;
  params?: Record<string, unknown>;
  visible: string | boolean;
  testId?: string;
}

export interface DetailScreenDefinition extends ScreenDefinition {
  kind: 'detail';
  operation: string;
  query?: Record<string, unknown>;
  body?: unknown;
  columns?: number;
  fields: DetailField[];
  notices?: DetailNotice[];
  tabs?: DetailTab[];
  actions?: ActionDefinition[];
}
