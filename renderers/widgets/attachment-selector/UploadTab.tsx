/**
 * The selector's upload tab: drag and drop or pick files, each with its own progress bar. Files above
 * the resumable threshold go through tus (pause and resume, and an interrupted upload continues where
 * it stopped); smaller ones in one multipart request. The server's rules (upload-limits.ts) are checked
 * before anything is sent, and the hint names the sizes the server takes.
 */
import { useState } from 'react';
import { Button, Progress, Space, Upload } from 'antd';
import { InboxOutlined, PauseOutlined, CaretRightOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FILE_GROUPS, RESUMABLE_THRESHOLD, uploadGroupsFor } from '../../../schemas/file-rules.ts';
import { sizeHint, uploadProblem } from './upload-limits.ts';
import { useRendererEnvironment } from '../../environment/RendererEnvironment.tsx';
import { uploadWithProgress, type UploadedAttachment } from '../file-access/file-access.ts';

interface Row {
  uid: string;
  name: string;
  percent: number;
  status: 'uploading' | 'paused' | 'done' | 'error';
  message?: string;
  pause?: () => void;
  resume?: () => void;
}

export interface UploadTabProps {
  fileType?: string;
  typeId?: string;
  multiple: boolean;
  onUploaded(file: UploadedAttachment): void;
  warn(text: string): void;
}

export default function UploadTab({ fileType, typeId, multiple, onUploaded, warn }: UploadTabProps) {
  const { t } = useTranslation();
  const { uploadTarget } = useRendererEnvironment();
  const [rows, setRows] = useState<Row[]>([]);
  const patch = (uid: string, p: Partial<Row>) =>
    setRows((rs) => rs.map((r) => (r.uid === uid ? { ...r, ...p } : r)));
  const accept = uploadGroupsFor(fileType)
    .flatMap((g) => FILE_GROUPS[g].extensions)
    .map((e) => `.${e}`)
    .join(',');
  const hint = sizeHint(fileType, t);

  function problem(file: File): string | undefined {
    const p = uploadProblem(file, fileType);
    return p ? t(p.key, p.params) : undefined;
  }

  async function start(file: File) {
    const uid = `${file.name}-${file.size}-${Date.now()}-${Math.random()}`;
    setRows((rs) => [...rs, { uid, name: file.name, percent: 0, status: 'uploading' }]);
    const query: Record<string, string> = {};
    if (fileType) query.fileType = fileType;
    if (typeId) query.typeId = typeId;
    if (file.size <= RESUMABLE_THRESHOLD) {
      try {
        const done = await uploadWithProgress(uploadTarget(), file, query, (percent) =>
          patch(uid, { percent }),
        ).done;
        patch(uid, { percent: 100, status: 'done' });
        onUploaded(done);
      } catch (e) {
        patch(uid, { status: 'error', message: (e as Error).message });
      }
      return;
    }
    const { Upload: TusUpload } = await import('tus-js-client');
    const target = uploadTarget();
    const upload = new TusUpload(file, {
      endpoint: target.tusEndpoint,
      headers: target.headers,
      chunkSize: 8 * 1024 * 1024,
      retryDelays: [0, 1000, 3000, 5000],
      metadata: { filename: file.name, ...query },
      onProgress: (sent, total) => patch(uid, { percent: Math.floor((sent / total) * 100) }),
      onError: (err) => {
        const body = (err as { originalResponse?: { getBody(): string } }).originalResponse?.getBody();
        // The server's translated refusal when it sent one; else (a dropped connection, tus-js-client's
        // own English text) our words, and 重试 continues from the last offset the server holds.
        let message = t('file.selector.uploadInterrupted');
        try {
          message = (JSON.parse(body ?? '') as { message: string }).message || message;
        } catch {
          /* not an envelope */
        }
        patch(uid, { status: 'error', message });
      },
      onSuccess: (payload) => {
        const env = JSON.parse(payload.lastResponse.getBody()) as { data: UploadedAttachment };
        patch(uid, { percent: 100, status: 'done' });
        onUploaded(env.data);
      },
    });
    patch(uid, {
      pause: () => {
        void upload.abort();
        patch(uid, { status: 'paused' });
      },
      resume: () => {
        upload.start();
        patch(uid, { status: 'uploading', message: undefined });
      },
    });
    // Continue an earlier attempt of the same file when tus-js-client remembers one.
    const previous = await upload.findPreviousUploads();
    if (previous.length) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  }

  return (
    <div data-testid="attachment-upload-tab">
      <Upload.Dragger
        multiple={multiple}
        accept={accept}
        showUploadList={false}
        beforeUpload={(file) => {
          const p = problem(file);
          if (p) warn(`${file.name}: ${p}`);
          else void start(file);
          return Upload.LIST_IGNORE;
        }}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined />
        </p>
        <p>{t('file.selector.dropHint')}</p>
        <p style={{ color: '#666' }}>{t(hint.key, hint.params)}</p>
      </Upload.Dragger>
      <Space orientation="vertical" style={{ width: '100%', marginTop: 12 }}>
        {rows.map((r) => (
          <div key={r.uid} data-testid="upload-row" data-status={r.status}>
            <Space>
              <span>{r.name}</span>
              {r.status === 'uploading' && r.pause ? (
                <Button size="small" icon={<PauseOutlined />} onClick={r.pause}>
                  {t('file.selector.pause')}
                </Button>
              ) : null}
              {(r.status === 'paused' || r.status === 'error') && r.resume ? (
                <Button size="small" icon={<CaretRightOutlined />} onClick={r.resume}>
                  {t(r.status === 'error' ? 'file.selector.retry' : 'file.selector.resume')}
                </Button>
              ) : null}
            </Space>
            <Progress
              percent={r.percent}
              status={r.status === 'error' ? 'exception' : r.status === 'done' ? 'success' : 'active'}
            />
            {r.message ? (
              <div role="alert" style={{ color: '#cf1322' }}>
                {r.message}
              </div>
            ) : null}
          </div>
        ))}
      </Space>
    </div>
  );
}
