/**
 * The versions of the screen in the current scope, newest first, down to the file (version 0): who saved
 * each and when, its state and note. A version opens in the editor; an earlier published one (or the
 * file) is restored as a new published version; any two are compared, and a single one with the text
 * in the editor.
 */
import { useState } from 'react';
import { Button, Drawer, Space, Table, Tag, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import type { VersionRow, VersionState } from './screen-config-api.ts';
import { stateKey, VersionLabel } from './VersionLabel.tsx';

const STATE_COLOURS: Record<VersionState, string> = {
  DRAFT: 'processing',
  PUBLISHED: 'success',
  FILE: 'default',
};

/** The version the scope shows now: its newest published one, else the file. */
export function currentVersion(rows: readonly VersionRow[]): number | undefined {
  return (rows.find((row) => row.state === 'PUBLISHED') ?? rows.find((row) => row.state === 'FILE'))?.version;
}

/** Only what was published (or the file) is restored, and not the version shown now. */
export function canRestore(row: VersionRow, rows: readonly VersionRow[]): boolean {
  return row.state !== 'DRAFT' && row.version !== currentVersion(rows);
}

export interface VersionsDrawerProps {
  /** The screen's name (a data template's screen names its version 0 'generated', not 'file'). */
  name?: string;
  open: boolean;
  onClose(): void;
  rows: readonly VersionRow[];
  loading: boolean;
  /** The version in the editor. */
  editing?: number;
  onOpenVersion(version: number): void;
  onRestore(version: number): void;
  /** `right` absent: compare with the editor's text. */
  onCompare(left: number, right?: number): void;
  formatTime(iso: string | null): string;
}

export function VersionsDrawer({
  name,
  open,
  onClose,
  rows,
  loading,
  editing,
  onOpenVersion,
  onRestore,
  onCompare,
  formatTime,
}: VersionsDrawerProps) {
  const { t } = useTranslation();
  const [selected, setSelected] = useState<number[]>([]);
  const current = currentVersion(rows);
  const columns: TableColumnsType<VersionRow> = [
    {
      title: t('screenEditor.versions.version'),
      dataIndex: 'version',
      width: 110,
      render: (version: number) => (
        <Space size={4}>
          <VersionLabel version={version} name={name} />
          {version === editing ? <Tag>{t('screenEditor.versions.editing')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('screenEditor.versions.state'),
      dataIndex: 'state',
      width: 100,
      render: (state: VersionState, row) => (
        <Space size={4}>
          <Tag color={STATE_COLOURS[state]}>{t(stateKey(state, name))}</Tag>
          {row.version === current ? <Tag color="green">{t('screenEditor.versions.current')}</Tag> : null}
        </Space>
      ),
    },
    {
      title: t('screenEditor.versions.author'),
      dataIndex: 'author',
      width: 110,
      render: (a: string | null) => a ?? '—',
    },
    {
      title: t('screenEditor.versions.time'),
      dataIndex: 'createdAt',
      width: 160,
      render: (time: string | null) => formatTime(time),
    },
    {
      title: t('screenEditor.versions.note'),
      dataIndex: 'note',
      render: (note: string | null) => note ?? '',
    },
    {
      title: t('screenEditor.versions.actions'),
      key: 'actions',
      width: 150,
      render: (_: unknown, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => onOpenVersion(row.version)}>
            {t('screenEditor.versions.open')}
          </Button>
          {canRestore(row, rows) ? (
            <Button type="link" size="small" onClick={() => onRestore(row.version)}>
              {t('screenEditor.restore.action')}
            </Button>
          ) : null}
        </Space>
      ),
    },
  ];
  const [first, second] = [...selected].sort((a, b) => a - b);
  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('screenEditor.versions.title')}
      size="large"
      extra={
        <Button type="primary" disabled={selected.length === 0} onClick={() => onCompare(first, second)}>
          {selected.length === 1
            ? t('screenEditor.versions.compareWithEditor')
            : t('screenEditor.versions.compare')}
        </Button>
      }
    >
      <Table<VersionRow>
        rowKey="version"
        size="small"
        loading={loading}
        columns={columns}
        dataSource={[...rows]}
        pagination={false}
        rowSelection={{
          selectedRowKeys: selected,
          // Two at most: a third choice replaces the older of the two.
          onChange: (keys) => setSelected((keys as number[]).slice(-2)),
          columnTitle: t('screenEditor.versions.pick'),
        }}
      />
    </Drawer>
  );
}
