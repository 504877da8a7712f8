/**
 * The list kind's view: title, search form, toolbar, table (virtualised for large pages), paging.
 * All logic is in useListController; filters come from the screen's params or a parent record.
 */
import { useCallback, useMemo, useRef } from 'react';
import { Table, type TableProps, type TableRef } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionButtons } from '../actions/ActionButtons.tsx';
import { useCan, useSessionScope } from '../actions/session-scope.tsx';
import { useRunAction } from '../actions/useRunAction.ts';
import { useDataSource } from '../data-source.tsx';
import type { ScreenProps } from '../screen-types.ts';
import { DEFAULT_COLUMN_WIDTH, tableColumns } from './columns.tsx';
import { evaluateFilters } from './list-filters.ts';
import {
  DEFAULT_PAGE_SIZES,
  VIRTUAL_HEIGHT,
  VIRTUAL_THRESHOLD,
  type ListScreenDefinition,
  type SortOrder,
} from './list-types.ts';
import { SearchForm } from './SearchForm.tsx';
import { useListController, type Row, type RowKey } from './useListController.ts';
import { useScreenLoadFailure } from '../screen-host-context.tsx';
import { useScreenContext } from '../screen-context.tsx';
import { firstUsableAction } from './row-open.ts';
import { useRowKeyboard } from './useRowKeyboard.ts';

type Sorter = Parameters<NonNullable<TableProps<Row>['onChange']>>[2];

function sortsFrom(sorter: Sorter): SortOrder[] {
  return (Array.isArray(sorter) ? sorter : [sorter])
    .filter((s) => s.order)
    .map((s) => ({ field: String(s.columnKey ?? s.field), order: s.order === 'ascend' ? 'ASC' : 'DESC' }));
}

const NO_PARAMS: Record<string, unknown> = {};
const ROW_ACTIONS_KEY = '__actions';
const TOOLBAR_ROW = { display: 'flex', marginBottom: 12 } as const;

export interface ListScreenProps extends ScreenProps<ListScreenDefinition> {
  /** The record of the screen around this list (a detail's sub-list): `record` in its filters. */
  record?: Row;
  /**
   * After an action of this list changed something: the screen around it reads its record again (a
   * supplement answered in a sub-list changes the case's state in the detail's header).
   */
  onChanged?: () => void;
}

export default function ListScreen({
  screen,
  params = NO_PARAMS,
  frame = 'page',
  record,
  onChanged,
}: ListScreenProps) {
  const { t } = useTranslation();
  const dataSource = useDataSource();
  const session = useSessionScope();
  const fields = screen.search?.fields;
  const fixedParameters = useMemo(
    () => evaluateFilters(screen.filters, { session, params, record }),
    [screen.filters, session, params, record],
  );
  const list = useListController({
    operation: screen.operation,
    dataSource,
    searchFields: fields,
    defaultPageSize: screen.defaultPageSize,
    defaultSorts: screen.defaultSort,
    fixedParameters: fixedParameters ?? undefined,
    paused: fixedParameters === null,
    requestStyle: screen.request,
  });
  const listRefresh = list.refresh;
  const refresh = useCallback(() => {
    listRefresh();
    onChanged?.();
  }, [listRefresh, onChanged]);
  // A detail's sub-list is part of that screen, not the screen the host frames.
  useScreenLoadFailure(record ? null : list.error);
  const virtual = screen.virtual ?? list.pageSize > VIRTUAL_THRESHOLD;
  const height = screen.height ?? (virtual ? VIRTUAL_HEIGHT : undefined);
  const rowActions = screen.rowActions;
  const columns = useMemo(() => {
    const shown = tableColumns(screen.columns, list.sorts, t, virtual);
    if (!rowActions?.length) return shown;
    return [
      ...shown,
      {
        key: ROW_ACTIONS_KEY,
        title: t('screenKit.rowActions'),
        fixed: 'right' as const,
        width: screen.rowActionsWidth ?? 60 + rowActions.length * 56,
        render: (_: unknown, row: Row) => (
          <ActionButtons actions={rowActions} variant="row" input={{ record: row, refresh }} />
        ),
      },
    ];
  }, [screen.columns, screen.rowActionsWidth, rowActions, list.sorts, refresh, t, virtual]);
  // A virtual table needs a numeric width to lay its rows out.
  const scrollX = virtual
    ? columns.reduce(
        (sum, column) => sum + (Number(column.width) || DEFAULT_COLUMN_WIDTH),
        screen.selection ? 48 : 0,
      )
    : 'max-content';
  const rowKey = screen.rowKey ?? 'id';
  const selection = screen.selection ?? 'none';

  // A virtual table is used from the keyboard row by row: ↑/↓ scroll and focus, Enter opens.
  const tableRef = useRef<TableRef>(null);
  const containerRef = useRef<HTMLDivElement>(null);
  const run = useRunAction();
  const can = useCan();
  const { params: frameParams } = useScreenContext();
  const openRow = useCallback(
    (row: Row) => {
      const scope = { session, record: row, selection: [row], params: frameParams };
      const action = firstUsableAction(rowActions, scope, can);
      if (action) void run(action, { record: row, refresh });
    },
    [rowActions, session, frameParams, can, run, refresh],
  );
  const keyOf = useCallback((row: Row) => String(row[rowKey]), [rowKey]);
  const rowKeyboard = useRowKeyboard({
    rows: list.rows,
    keyOf,
    table: tableRef,
    container: containerRef,
    onEnter: openRow,
    enabled: virtual,
  });

  const onChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter, extra) => {
    if (extra.action === 'sort') list.changeSorts(sortsFrom(sorter));
    else if (extra.action === 'paginate') list.changePage(pagination.current ?? 1, pagination.pageSize);
  };

  const toolbar = screen.toolbar?.length ? (
    <ActionButtons
      actions={screen.toolbar}
      input={{ selection: list.selectedRows, refresh }}
      // A detail's sub-list: its toolbar's conditions see the record around it.
      around={record}
      variant="toolbar"
    />
  ) : null;

  const body = (
    <>
      {fields?.length ? (
        <SearchForm fields={fields} onSearch={list.search} onReset={list.reset} loading={list.loading} />
      ) : null}
      {/* As antd's Flex laid it out, without loading Flex for one row. */}
      {toolbar ? <div style={TOOLBAR_ROW}>{toolbar}</div> : null}
      <Table<Row>
        ref={tableRef}
        rowKey={keyOf}
        onRow={rowKeyboard}
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        onChange={onChange}
        virtual={virtual}
        scroll={{ x: scrollX, y: height }}
        size={frame === 'page' ? 'middle' : 'small'}
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
          showTotal: (total) => (
            <span data-testid="list-total">
              {t(list.totalExact ? 'list.total' : 'list.totalAbout', { total })}
            </span>
          ),
        }}
      />
    </>
  );

  // The screen host draws the page frame and title.
  return (
    <div data-testid="list-screen" ref={containerRef}>
      {body}
    </div>
  );
}
