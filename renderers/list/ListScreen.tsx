/** The list kind's view: title, search form, table, paging. All logic is in useListController. */
import { useMemo } from 'react';
import { Card, Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDataSource } from '../data-source.tsx';
import type { ScreenProps } from '../screen-types.ts';
import { tableColumns } from './columns.tsx';
import { DEFAULT_PAGE_SIZES, type ListScreenDefinition, type SortOrder } from './list-types.ts';
import { SearchForm } from './SearchForm.tsx';
import { useListController, type Row, type RowKey } from './useListController.ts';

type Sorter = Parameters<NonNullable<TableProps<Row>['onChange']>>[2];

function sortsFrom(sorter: Sorter): SortOrder[] {
  return (Array.isArray(sorter) ? sorter : [sorter])
    .filter((s) => s.order)
    .map((s) => ({ field: String(s.columnKey ?? s.field), order: s.order === 'ascend' ? 'ASC' : 'DESC' }));
}

export default function ListScreen({ screen }: ScreenProps<ListScreenDefinition>) {
  const { t } = useTranslation();
  const dataSource = useDataSource();
  const fields = screen.search?.fields;
  const list = useListController({
    operation: screen.operation,
    dataSource,
    searchFields: fields,
    defaultPageSize: screen.defaultPageSize,
    defaultSorts: screen.defaultSort,
  });
  const columns = useMemo(() => tableColumns(screen.columns, list.sorts, t), [screen.columns, list.sorts, t]);
  const rowKey = screen.rowKey ?? 'id';
  const selection = screen.selection ?? 'none';

  const onChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') list.changeSorts(sortsFrom(sorter));
    else if (extra.action === 'paginate') list.changePage(pagination.current ?? 1, pagination.pageSize);
  };

  return (
    <Card title={t(screen.title)} data-testid="list-screen">
      {fields?.length ? (
        <SearchForm fields={fields} onSearch={list.search} onReset={list.reset} loading={list.loading} />
      ) : null}
      <Table<Row>
        rowKey={(row) => String(row[rowKey])}
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        onChange={onChange}
        scroll={{ x: 'max-content' }}
        rowSelection={
          selection === 'none'
            ? undefined
            : {
                type: selection === 'single' ? 'radio' : 'checkbox',
                selectedRowKeys: list.selectedKeys,
                onChange: (keys, rows) => list.select(keys as RowKey[], rows),
              }
        }
        pagination={{
          current: list.page,
          pageSize: list.pageSize,
          total: list.total,
          showSizeChanger: true,
          pageSizeOptions: screen.pageSizes ?? DEFAULT_PAGE_SIZES,
          showTotal: (total) => <span data-testid="list-total">{t('list.total', { total })}</span>,
        }}
      />
    </Card>
  );
}
