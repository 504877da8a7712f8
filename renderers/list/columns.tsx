/** antd Table columns from a list screen's `columns`, with the controller's sort order shown. */
import type { TableColumnsType } from 'antd';
import type { TFunction } from 'i18next';
import { formatCell } from './formatters.tsx';
import type { ListColumn, SortOrder } from './list-types.ts';
import type { Row } from './useListController.ts';

export function tableColumns(
  columns: readonly ListColumn[],
  sorts: readonly SortOrder[],
  t: TFunction,
): TableColumnsType<Row> {
  return columns.map((column) => {
    const sort = sorts.find((s) => s.field === column.field);
    return {
      key: column.field,
      dataIndex: column.field,
      title: t(column.title),
      width: column.width,
      fixed: column.fixed,
      // Sorting happens on the server; the table only reports what was clicked.
      sorter: column.sortable ? true : undefined,
      sortOrder: column.sortable ? (sort ? (sort.order === 'ASC' ? 'ascend' : 'descend') : null) : undefined,
      render: (value: unknown) => formatCell(value, column, t),
    };
  });
}
