/**
 * attachmentSelector (spec §2 'Attachment selector'): the chosen files with preview, download and
 * delete, and a dialog with an upload tab and the online file selector; choosing again replaces the
 * selection. ui:options: storage (json | id | array | arrayId | bind, default id), limit (default 1;
 * 1 means single choice), exact (the count must equal limit), fileType (a file group), typeId.
 */
import { useMemo, useState } from 'react';
import { Button, Modal, Space, Tabs } from 'antd';
import { DeleteOutlined, DownloadOutlined, EyeOutlined, PaperClipOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { formatBytes, previewKindOf } from '../../../schemas/file-rules.ts';
import { useRendererEnvironment } from '../../environment/RendererEnvironment.tsx';
import { useOperation } from '../../environment/useOperation.ts';
import { startDownload } from '../file-access/use-file-link.ts';
import FilePreview from '../file-preview/FilePreview.tsx';
import OnlineTab from './OnlineTab.tsx';
import UploadTab from './UploadTab.tsx';
import {
  fromValue,
  selectionProblem,
  STORAGE_MODES,
  toValue,
  type AttachmentRef,
  type StorageMode,
} from './storage-modes.ts';

export default function AttachmentSelectorWidget({
  id,
  value,
  onChange,
  disabled,
  readonly,
  options,
}: WidgetProps) {
  const { t } = useTranslation();
  const { call: dataSource, notify: notice, fileLink } = useRendererEnvironment();
  const mode: StorageMode = STORAGE_MODES.includes(options.storage as StorageMode)
    ? (options.storage as StorageMode)
    : 'id';
  const limit = typeof options.limit === 'number' ? options.limit : 1;
  const multiple = limit !== 1;
  const fileType = typeof options.fileType === 'string' ? options.fileType : undefined;
  const typeId = typeof options.typeId === 'string' ? options.typeId : undefined;
  const locked = disabled || readonly;

  const parsed = useMemo(() => fromValue(mode, value), [mode, value]);
  const idsKey = parsed.ids.join(',');
  // Ids alone say nothing to a person: look the names up (the last names stay while new ones load).
  const looked =
    useOperation<AttachmentRef[]>(
      idsKey ? 'file.attachment.transfer' : null,
      { query: { ids: idsKey } },
      { keepPrevious: true },
    ).data ?? [];
  const files: AttachmentRef[] = parsed.ids.length
    ? parsed.ids.map((i) => looked.find((l) => l.id === i) ?? { id: i, fileName: i, ext: '' })
    : parsed.files;

  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<AttachmentRef[]>([]);
  const [previewing, setPreviewing] = useState<AttachmentRef | null>(null);

  const commit = (list: AttachmentRef[]) => onChange(toValue(mode, list, !multiple));
  // A signed link asked for at the click (it works for about a minute); a refusal was already shown.
  const download = (f: AttachmentRef) => fileLink(f.id, 'download').then(startDownload, () => undefined);

  const confirm = () => {
    const problem = selectionProblem(draft.length, { limit, exact: options.exact === true });
    if (problem) return notice.warning(t(problem.key, problem.params));
    commit(draft);
    setOpen(false);
  };

  return (
    <div id={id} data-testid="attachment-selector">
      <Space orientation="vertical" style={{ width: '100%' }}>
        {files.map((f) => (
          <Space key={f.id} data-testid="attachment-item">
            <PaperClipOutlined />
            <span>{f.ext ? `${f.fileName}.${f.ext}` : f.fileName}</span>
            {f.totalBytes !== undefined ? (
              <span style={{ color: '#888' }}>{formatBytes(f.totalBytes)}</span>
            ) : null}
            {previewKindOf(f.ext) !== 'unsupported' ? (
              <Button size="small" type="link" icon={<EyeOutlined />} onClick={() => setPreviewing(f)}>
                {t('file.selector.preview')}
              </Button>
            ) : null}
            <Button size="small" type="link" icon={<DownloadOutlined />} onClick={() => void download(f)}>
              {t('file.selector.download')}
            </Button>
            {locked ? null : (
              <Button
                size="small"
                type="link"
                danger
                icon={<DeleteOutlined />}
                onClick={() => commit(files.filter((x) => x.id !== f.id))}
              >
                {t('file.selector.delete')}
              </Button>
            )}
          </Space>
        ))}
        {locked ? (
          files.length ? null : (
            <span>{t('file.selector.none')}</span>
          )
        ) : (
          <Button
            onClick={() => {
              setDraft(files);
              setOpen(true);
            }}
          >
            {files.length ? t('file.selector.reselect') : t('file.selector.choose')}
          </Button>
        )}
      </Space>
      <Modal
        open={open}
        title={t('file.selector.title')}
        width="60%"
        onCancel={() => setOpen(false)}
        onOk={confirm}
        okText={t('common.ok')}
        cancelText={t('common.cancel')}
        destroyOnHidden
      >
        <Tabs
          items={[
            {
              key: 'upload',
              label: t('file.selector.uploadTab'),
              children: (
                <UploadTab
                  fileType={fileType}
                  typeId={typeId}
                  multiple={multiple}
                  warn={(text) => notice.warning(text)}
                  onUploaded={(f) => setDraft((d) => (multiple ? [...d, f] : [f]))}
                />
              ),
            },
            {
              key: 'online',
              label: t('file.selector.onlineTab'),
              children: (
                <OnlineTab
                  dataSource={dataSource}
                  multiple={multiple}
                  selected={draft}
                  onSelect={setDraft}
                  fileType={fileType}
                />
              ),
            },
          ]}
        />
        <div style={{ marginTop: 8, color: '#666' }} data-testid="attachment-draft">
          {t('file.selector.chosen', { count: draft.length })}
        </div>
      </Modal>
      <FilePreview
        file={previewing}
        linkOf={(purpose, fid, signal) => fileLink(fid, purpose, signal)}
        onClose={() => setPreviewing(null)}
      />
    </div>
  );
}
