/**
 * photoUpload: one image (jpeg, gif, png, jpg) stored as its attachment id. Shows the picture (click
 * to preview it large), lets the user replace or delete it, and refuses other files with a clear
 * message before anything is sent. The file goes to fldFile.upload through the screen's DataSource;
 * ui:options: types (extensions), fileType (sent with the upload, default images; the size limit is
 * the server's for it), maxSizeMb (may only lower that limit).
 */
import { useEffect, useState } from 'react';
import { Button, Image, Space, Spin, Upload } from 'antd';
import type { UploadProps } from 'antd';
import { DeleteOutlined, EditOutlined, PictureOutlined, PlusOutlined } from '@ant-design/icons';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { useActionUi } from '../../actions/action-ui.ts';
import { DEFAULT_FILE_TYPE, PHOTO_TYPES, photoMaxBytes, photoProblem } from './photo-rules.ts';
import { photoAttachment } from './photo-source.ts';
import { useFileLink } from '../file-access/use-file-link.ts';
import { useOperationMutation } from '../../environment/useOperation.ts';

const SIZE = 104;

/** The just-uploaded file, shown from memory so the preview does not wait for the image address. */
interface LocalPicture {
  id: string;
  url: string;
}

export default function PhotoUploadWidget({
  id,
  value,
  onChange,
  disabled,
  readonly,
  options,
  label,
}: WidgetProps) {
  const { t } = useTranslation();
  // The app's feedback (antd message through the dialog host); tests and stories record it.
  const notice = useActionUi();
  const upload = useOperationMutation('fldFile.upload');
  const uploading = upload.running;
  const [local, setLocal] = useState<LocalPicture>();
  const types = Array.isArray(options.types) ? (options.types as string[]) : [...PHOTO_TYPES];
  const fileType = String(options.fileType ?? DEFAULT_FILE_TYPE);
  const maxBytes = photoMaxBytes(fileType, options.maxSizeMb);
  const locked = disabled || readonly;
  const stored = typeof value === 'string' && value ? value : undefined;
  const fresh = local?.id === stored ? local : undefined;
  // A stored photo is shown through a signed image link; a just-uploaded one from memory.
  const linked = useFileLink(fresh ? null : photoAttachment(stored), 'image');
  const src = !stored ? undefined : fresh ? fresh.url : photoAttachment(stored) ? linked.data : stored;

  useEffect(() => () => (local ? URL.revokeObjectURL(local.url) : undefined), [local]);

  const beforeUpload: UploadProps['beforeUpload'] = (file) => {
    const problem = photoProblem(file, types, maxBytes);
    if (problem) {
      notice.warning(t(problem.key, problem.params));
      return Upload.LIST_IGNORE;
    }
    return true;
  };

  const customRequest: UploadProps['customRequest'] = ({ file, onSuccess, onError }) => {
    const body = new FormData();
    body.append('file', file);
    void upload.run({ query: { fileType }, body }).then((done) => {
      if (!done) return; // the widget is gone
      if (!done.ok) {
        // The api client has already shown the server's reason.
        onError?.(done.error as Error);
        return;
      }
      const answer = done.data;
      const attachmentId = (answer as { id?: unknown } | null)?.id;
      if (typeof attachmentId !== 'string' || !attachmentId) {
        notice.error(t('form.photo.failed'));
        onError?.(new Error('no attachment id'));
        return;
      }
      setLocal({ id: attachmentId, url: URL.createObjectURL(file as Blob) });
      onChange(attachmentId);
      onSuccess?.(answer);
    });
  };

  const picker = (child: React.ReactNode) => (
    <Upload
      accept={types.map((type) => `.${type}`).join(',')}
      maxCount={1}
      showUploadList={false}
      beforeUpload={beforeUpload}
      customRequest={customRequest}
      disabled={uploading}
    >
      {child}
    </Upload>
  );

  return (
    <div id={id} data-testid="photo-upload">
      <Space align="start" wrap>
        {stored && !src ? (
          <div style={{ width: SIZE, height: SIZE, display: 'grid', placeItems: 'center' }}>
            {linked.error === undefined ? <Spin /> : <PictureOutlined />}
          </div>
        ) : src ? (
          <Image
            src={src}
            width={SIZE}
            height={SIZE}
            style={{ objectFit: 'cover', borderRadius: 8 }}
            alt={typeof label === 'string' ? label : t('form.photo.alt')}
            fallback="data:image/gif;base64,R0lGODlhAQABAIAAAP///wAAACH5BAEAAAAALAAAAAABAAEAAAICRAEAOw=="
          />
        ) : null}
        {locked ? (
          stored ? null : (
            <span>{t('form.photo.empty')}</span>
          )
        ) : (
          <Space orientation="vertical">
            {stored
              ? picker(
                  <Button icon={<EditOutlined />} loading={uploading}>
                    {t('form.photo.change')}
                  </Button>,
                )
              : picker(
                  <button
                    type="button"
                    aria-label={t('form.photo.upload')}
                    disabled={uploading}
                    style={{
                      width: SIZE,
                      height: SIZE,
                      border: '1px dashed #d9d9d9',
                      borderRadius: 8,
                      background: '#fafafa',
                      cursor: 'pointer',
                    }}
                  >
                    {uploading ? <Spin /> : <PlusOutlined />}
                    <div style={{ marginTop: 8 }}>{t('form.photo.upload')}</div>
                  </button>,
                )}
            {stored ? (
              <Button
                danger
                icon={<DeleteOutlined />}
                disabled={uploading}
                onClick={() => onChange(undefined)}
              >
                {t('form.photo.remove')}
              </Button>
            ) : null}
          </Space>
        )}
      </Space>
    </div>
  );
}
