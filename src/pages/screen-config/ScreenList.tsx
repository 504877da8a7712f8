/**
 * Every screen a configurator may edit (screenConfig.list): its kind, the platform's current version
 * (0: the file), this tenant's override, an open draft, and a warning when the platform changed under
 * the override. A name search narrows the table; choosing a screen opens it in the editor.
 */
import { useMemo, useState } from 'react';
import { Alert, Button, Input, Space, Table, Tag, Tooltip, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLoad } from '../../../renderers/environment/use-load.ts';
import { useScreenConfigApi, type ScreenRow } from './screen-config-api.ts';
import { VersionLabel } from './VersionLabel.tsx';

/** By the screen's name, or a data template's screen by its template's name too. */
export function matchesName(row: Pick<ScreenRow, 'name' | 'template'>, search: string): boolean {
  const wanted = search.trim().toLowerCase();
  return row.name.toLowerCase().includes(wanted) || (row.template?.toLowerCase().includes(wanted) ?? false);
}

export function ScreenList({ onOpen }: { onOpen(row: ScreenRow): void }) {
  const { t } = useTranslation();
  const api = useScreenConfigApi();
  const screens = useLoad('screenConfig.list', (signal) => api.list(signal));
  const [search, setSearch] = useState('');
  const rows = useMemo(
    () => (screens.data ?? []).filter((row) => matchesName(row, search)),
    [screens.data, search],
  );

  const columns: TableColumnsType<ScreenRow> = [
    {
      title: t('screenEditor.list.name'),
      dataIndex: 'name',
      render: (name: string, row) => (
        <Space size={4}>
          <Button type="link" style={{ padding: 0 }} onClick={() => onOpen(row)}>
            {name}
          </Button>
          {row.template ? <Tag>{t('screenEditor.list.template', { name: row.template })}</Tag> : null}
        </Space>
      ),
    },
    { title: t('screenEditor.list.kind'), dataIndex: 'kind', width: 110 },
    {
      title: t('screenEditor.list.platformVersion'),
      dataIndex: 'platformVersion',
      width: 130,
      render: (version: number, row) => <VersionLabel version={version} name={row.name} />,
    },
    {
      title: t('screenEditor.list.tenantVersion'),
      dataIndex: 'tenantVersion',
      width: 150,
      render: (version: number | null, row) => (
        <Space size={4}>
          {version === null ? '—' : <VersionLabel version={version} name={row.name} />}
          {row.platformChangedUnderOverride ? (
            <Tooltip title={t('screenEditor.list.platformChangedHint')}>
              <Tag color="warning">{t('screenEditor.list.platformChanged')}</Tag>
            </Tooltip>
          ) : null}
        </Space>
      ),
    },
    {
      title: t('screenEditor.list.draft'),
      dataIndex: 'draft',
      width: 160,
      render: (draft: ScreenRow['draft']) =>
        draft ? (
          <Tag color="processing">
            {t('screenEditor.list.draftOf', {
              scope: t(`screenEditor.scope.${draft.scope}`),
              version: draft.version,
            })}
          </Tag>
        ) : null,
    },
  ];

  return (
    <div data-testid="screen-config-list">
      <Space style={{ marginBottom: 12 }}>
        <Input.Search
          allowClear
          placeholder={t('screenEditor.list.search')}
          aria-label={t('screenEditor.list.search')}
          onChange={(event) => setSearch(event.target.value)}
          onSearch={setSearch}
          style={{ width: 280 }}
        />
      </Space>
      {screens.error !== undefined ? (
        <Alert
          type="warning"
          showIcon
          title={t('screenEditor.list.loadFailed')}
          action={
            <Button size="small" onClick={screens.reload}>
              {t('screenEditor.retry')}
            </Button>
          }
        />
      ) : (
        <Table<ScreenRow>
          rowKey="name"
          size="small"
          loading={screens.loading}
          columns={columns}
          dataSource={rows}
          pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        />
      )}
    </div>
  );
}
