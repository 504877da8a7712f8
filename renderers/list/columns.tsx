/** antd Table columns from a list screen's `columns`, with the controller's sort order shown. */
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { formatCell } from './formatters.tsx';
import type { ListColumn, SortOrder } from './list-types.ts';
import type { Row } from './useListController.ts';

/** Columns without a width get this much in a virtual table, which needs numeric widths. */
export const DEFAULT_COLUMN_WIDTH = 150;

/** A dotted field reaches into nested objects: orgItem.name. */
export function fieldValue(row: Row, field: string): unknown {
  if (!field.includes('.')) return row[field];
  return field
    .split('.')
    .reduce<unknown>(
      (value, part) => (value && typeof value === 'object' ? (value as Row)[part] : undefined),
      row,
    );
}

export function tableColumns(
  columns: readonly ListColumn[],
  sorts: readonly SortOrder[],
  t: TFunction,
  virtual = false,
): TableColumnsType<Row> {
  return columns.map((column) => {
    const sort = sorts.find((s) => s.field === column.field);
    return {
      key: column.field,
      dataIndex: column.field.split('.'),
      title: t(column.title),
      width: column.width ?? (virtual ? DEFAULT_COLUMN_WIDTH : undefined),
      fixed: column.fixed,
      ellipsis: virtual || undefined,
      // Sorting happens on the server; the table only reports what was clicked.
      sorter: column.sortable ? true : undefined,
      sortOrder: column.sortable ? (sort ? (sort.order === 'ASC' ? 'ascend' : 'descend') : null) : undefined,
      render: (value: unknown) => formatCell(value, column, t),
    };
  });
}
