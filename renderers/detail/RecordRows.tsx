/**
 * A detail tab showing a list the record already holds (`rows: clocks`): a plain table with the list
 * kind's columns and formatters, row actions seeing each row as `record`. No paging: the record is whole.
 */
import { useMemo } from 'react';
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { ActionButtons } from '../actions/ActionButtons.tsx';
import { fieldValue, tableColumns } from '../list/columns.tsx';
import type { Row } from '../list/useListController.ts';
import type { DetailTab } from './detail-types.ts';

const NO_SORTS: never[] = [];

export function RecordRows({ tab, record, refresh }: { tab: DetailTab; record: Row; refresh: () => void }) {
  const { t } = useTranslation();
  const value = fieldValue(record, tab.rows!);
  const rows = Array.isArray(value) ? (value as Row[]) : [];
  const rowActions = tab.rowActions;
  const columns = useMemo(() => {
    const shown = tableColumns(tab.columns ?? [], NO_SORTS, t);
    if (!rowActions?.length) return shown;
    return [
      ...shown,
      {
        key: '__actions',
        title: t('screenKit.rowActions'),
        fixed: 'right' as const,
        width: 60 + rowActions.length * 56,
        render: (_: unknown, row: Row) => (
          <ActionButtons actions={rowActions} variant="row" input={{ record: row, refresh }} />
        ),
      },
    ];
  }, [tab.columns, rowActions, refresh, t]);
  const rowKey = tab.rowKey ?? 'id';
  return (
    <Table<Row>
      rowKey={(row) => String(row[rowKey])}
      columns={columns}
      dataSource={rows}
      size="small"
      scroll={{ x: 'max-content' }}
      pagination={rows.length > 20 ? { pageSize: 20 } : false}
    />
  );
}
