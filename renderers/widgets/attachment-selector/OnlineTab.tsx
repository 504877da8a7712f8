/**
 * The online file selector: the tenant's files (fldFile.attachment.query), searchable by name, paged
 * (10/20/50/100, spec §9), chosen with checkboxes (or one radio), removable from the store.
 */
import { useState } from 'react';
import { Button, Input, Popconfirm, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '../../../schemas/file-rules.ts';
import type { DataSource } from '../../data-source.tsx';
import { useLoad } from '../../environment/use-load.ts';
import { useMutation } from '../../environment/use-mutation.ts';
import type { AttachmentRef } from './storage-modes.ts';

interface Row extends AttachmentRef {
  createTime?: string;
}

export interface OnlineTabProps {
  dataSource: DataSource;
  multiple: boolean;
  selected: AttachmentRef[];
  onSelect(files: AttachmentRef[]): void;
  fileType?: string;
}

export default function OnlineTab({ dataSource, multiple, selected, onSelect, fileType }: OnlineTabProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState({ pageNo: 1, limit: 10 });
  const [search, setSearch] = useState('');
  const [reloads, setReloads] = useState(0);
  const key = JSON.stringify([page, search, fileType, reloads]);
  // The rows shown stay while the next page loads; a failure (the api client has shown the reason)
  // shows an empty page rather than spin forever.
  const result = useLoad(
    key,
    async (signal) => {
      const parameters = [
        ...(search ? [{ key: 'fileName', value: search }] : []),
        ...(fileType ? [{ key: 'fileType', value: fileType }] : []),
      ];
      const answer = await dataSource('fldFile.attachment.query', {
        body: { parameters, requestPage: page },
        signal,
      });
      const a = answer as { dataResult: Row[]; pageResult: { totalCount: number } };
      return { rows: a.dataResult, total: a.pageResult.totalCount };
    },
    { keepPrevious: true },
  );
  const remove = useMutation((signal, attachmentId: string) =>
    dataSource('fldFile.attachment.remove', { query: { attachmentId }, signal }),
  );
  const loading = result.loading;
  const failed = result.error !== undefined && !loading;
  const rows = failed ? [] : (result.data?.rows ?? []);
  const total = failed ? 0 : (result.data?.total ?? 0);

  return (
    <div data-testid="attachment-online-tab">
      <Input.Search
        allowClear
        placeholder={t('file.selector.searchPlaceholder')}
        onSearch={(v) => {
          setSearch(v.trim());
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        style={{ marginBottom: 12, maxWidth: 320 }}
      />
      <Table<Row>
        rowKey="id"
        size="small"
        loading={loading}
        dataSource={rows}
        scroll={{ y: 340 }}
        rowSelection={{
          type: multiple ? 'checkbox' : 'radio',
          selectedRowKeys: selected.map((s) => s.id),
          onChange: (_keys, chosen) => {
            // Keep what was chosen on other pages; replace this page's part.
            const here = new Set(rows.map((r) => r.id));
            const kept = multiple ? selected.filter((s) => !here.has(s.id)) : [];
            onSelect([
              ...kept,
              ...chosen.map((c) => ({
                id: c.id,
                fileName: c.fileName,
                ext: c.ext,
                totalBytes: c.totalBytes,
              })),
            ]);
          },
        }}
        pagination={{
          current: page.pageNo,
          pageSize: page.limit,
          total,
          showSizeChanger: true,
          pageSizeOptions: [10, 20, 50, 100],
          onChange: (pageNo, limit) => setPage({ pageNo, limit }),
        }}
        columns={[
          {
            title: t('file.selector.columns.name'),
            render: (_, r) => (r.ext ? `${r.fileName}.${r.ext}` : r.fileName),
          },
          {
            title: t('file.selector.columns.size'),
            width: 100,
            render: (_, r) => formatBytes(r.totalBytes ?? 0),
          },
          { title: t('file.selector.columns.time'), dataIndex: 'createTime', width: 170 },
          {
            title: t('file.selector.columns.actions'),
            width: 90,
            render: (_, r) => (
              <Popconfirm
                title={t('file.selector.confirmRemove')}
                onConfirm={async () => {
                  const removed = await remove.run(r.id);
                  if (!removed) return;
                  // Refused (the api client has said why): rejecting keeps the confirm open.
                  if (!removed.ok) throw removed.error;
                  onSelect(selected.filter((s) => s.id !== r.id));
                  setReloads((n) => n + 1);
                }}
              >
                <Button size="small" danger type="link">
                  {t('file.selector.remove')}
                </Button>
              </Popconfirm>
            ),
          },
        ]}
      />
    </div>
  );
}
