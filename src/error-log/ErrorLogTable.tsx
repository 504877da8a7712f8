/** The error log as a table: time, message, url, component (spec §2; at most 550 px high, §9). */
import { Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import type { ErrorLogEntry } from './error-log-store.ts';

export const ERROR_LOG_TABLE_HEIGHT = 550;

export function ErrorLogTable({ entries }: { entries: readonly ErrorLogEntry[] }) {
  const { t } = useTranslation();
  const columns: ColumnsType<ErrorLogEntry> = [
    { title: t('errorLog.time'), dataIndex: 'time', width: 170 },
    {
      title: t('errorLog.message'),
      dataIndex: 'message',
      render: (message: string, entry) => (
        <>
          <Tag>{t(`errorLog.type.${entry.type}`)}</Tag>
          <Typography.Text>{message}</Typography.Text>
        </>
      ),
    },
    {
      title: t('errorLog.url'),
      key: 'url',
      width: 280,
      render: (_, entry) => (
        <Typography.Text style={{ wordBreak: 'break-all' }}>{entry.meta.url}</Typography.Text>
      ),
    },
    { title: t('errorLog.component'), dataIndex: 'component', width: 180, render: (c?: string) => c ?? '-' },
  ];
  return (
    <Table<ErrorLogEntry>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={entries as ErrorLogEntry[]}
      pagination={false}
      scroll={{ y: ERROR_LOG_TABLE_HEIGHT }}
      data-testid="error-log-table"
    />
  );
}
