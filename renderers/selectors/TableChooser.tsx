/** The table view of a selector: the list's search form and a paged table with checkboxes or radios. */
import { useMemo } from 'react';
import { Table, type TableProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDataSource } from '../data-source.tsx';
import { tableColumns } from '../list/columns.tsx';
import { DEFAULT_PAGE_SIZES } from '../list/list-types.ts';
import { SearchForm } from '../list/SearchForm.tsx';
import { useListController } from '../list/useListController.ts';
import { idOf, type Row } from './chosen-rows.ts';
import type { SelectorScreenDefinition } from './selector-types.ts';
import type { ChosenRows } from './useChosenRows.ts';

export interface TableChooserProps {
  screen: SelectorScreenDefinition;
  chosen: ChosenRows;
  multiple: boolean;
  /** Double-clicking a row of a single-choice selector chooses it and confirms. */
  onPick(row: Row): void;
}

export function TableChooser({ screen, chosen, multiple, onPick }: TableChooserProps) {
  const { t } = useTranslation();
  const dataSource = useDataSource();
  const rowKey = screen.rowKey ?? 'id';
  const fields = screen.search?.fields;
  const list = useListController({
    operation: screen.operation,
    dataSource,
    searchFields: fields,
    defaultPageSize: screen.defaultPageSize ?? 10,
  });
  const columns = useMemo(
    () => tableColumns(screen.columns ?? [], list.sorts, t),
    [screen.columns, list.sorts, t],
  );
  const onChange: TableProps<Row>['onChange'] = (pagination, _filters, _sorter, extra) => {
    if (extra.action === 'paginate') list.changePage(pagination.current ?? 1, pagination.pageSize);
  };
  const toggle = (row: Row) => {
    const id = idOf(row, rowKey);
    const onPage = chosen.keys.filter((key) => list.rows.some((r) => idOf(r, rowKey) === key));
    chosen.applyPage(list.rows, onPage.includes(id) ? onPage.filter((k) => k !== id) : [...onPage, id]);
  };

  return (
    <div data-testid="selector-table">
      {fields?.length ? (
        <SearchForm fields={fields} onSearch={list.search} onReset={list.reset} loading={list.loading} />
      ) : null}
      <Table<Row>
        size="small"
        rowKey={(row) => idOf(row, rowKey)}
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        onChange={onChange}
        onRow={(row) => ({
          onClick: () => toggle(row),
          onDoubleClick: multiple ? undefined : () => onPick(row),
          style: { cursor: 'pointer' },
        })}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          selectedRowKeys: chosen.keys,
          // Only this page's keys matter: the choice on other pages is kept by useChosenRows.
          onChange: (keys) =>
            chosen.applyPage(
              list.rows,
              keys.map(String).filter((key) => list.rows.some((r) => idOf(r, rowKey) === key)),
            ),
        }}
        pagination={{
          current: list.page,
          pageSize: list.pageSize,
          total: list.total,
          size: 'small',
          showSizeChanger: true,
          pageSizeOptions: screen.pageSizes ?? DEFAULT_PAGE_SIZES,
          showTotal: (total) => t('list.total', { total }),
        }}
      />
    </div>
  );
}
