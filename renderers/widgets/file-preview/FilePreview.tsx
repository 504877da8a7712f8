/**
 * File preview (spec §2): images, PDF (pdf.js, loaded only when a PDF is opened), text decoded in the
 * browser in the charset the user picks (UTF-8 by default, GBK, BIG5); any other type says that it has
 * no preview. Clicking an image opens the image viewer.
 */
import { lazy, Suspense, useState } from 'react';
import { Modal, Segmented, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { previewKindOf } from '../../../schemas/file-rules.ts';
import { useLoad } from '../../environment/use-load.ts';
import ImageViewer from '../image-viewer/ImageViewer.tsx';

const PdfPages = lazy(() => import('./PdfPages.tsx'));

export const CHARSETS = ['utf-8', 'gbk', 'big5'] as const;
export type Charset = (typeof CHARSETS)[number];

export interface PreviewFile {
  id: string;
  fileName: string;
  ext: string;
}

export type AddressOf = (operation: 'fldFile.preview' | 'file.getImage', id: string) => string;

export interface FilePreviewProps {
  file: PreviewFile | null;
  addressOf: AddressOf;
  onClose(): void;
}

export function decodeText(bytes: ArrayBuffer, charset: Charset): string {
  return new TextDecoder(charset).decode(bytes);
}

function TextPreview({ url }: { url: string }) {
  const { t } = useTranslation();
  const [charset, setCharset] = useState<Charset>('utf-8');
  const text = useLoad(url, async (signal) => {
    const response = await fetch(url, { signal });
    if (!response.ok) throw new Error(String(response.status));
    return response.arrayBuffer();
  });
  const bytes = text.data;
  if (text.error !== undefined) return <div>{t('file.preview.loadFailed')}</div>;
  return (
    <div data-testid="text-preview">
      <Segmented
        aria-label={t('file.preview.charset')}
        value={charset}
        onChange={(v) => setCharset(v as Charset)}
        options={CHARSETS.map((c) => ({ value: c, label: t(`file.preview.charsets.${c}`) }))}
      />
      {bytes ? (
        <pre
          data-testid="text-preview-content"
          style={{ whiteSpace: 'pre-wrap', marginTop: 12, maxHeight: '60vh', overflow: 'auto' }}
        >
          {decodeText(bytes, charset)}
        </pre>
      ) : (
        <Spin />
      )}
    </div>
  );
}

export default function FilePreview({ file, addressOf, onClose }: FilePreviewProps) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState(false);
  if (!file) return null;
  const kind = previewKindOf(file.ext);
  const name = file.ext ? `${file.fileName}.${file.ext}` : file.fileName;
  return (
    <Modal
      open
      title={t('file.preview.title', { name })}
      footer={null}
      width="80%"
      onCancel={onClose}
      destroyOnHidden
    >
      <div data-testid="file-preview" data-kind={kind}>
        {kind === 'image' ? (
          <>
            <img
              src={addressOf('file.getImage', file.id)}
              alt={name}
              style={{ maxWidth: '100%', cursor: 'zoom-in' }}
              onClick={() => setViewing(true)}
            />
            {viewing ? (
              <ImageViewer
                images={[{ src: addressOf('file.getImage', file.id), name }]}
                onClose={() => setViewing(false)}
              />
            ) : null}
          </>
        ) : kind === 'pdf' ? (
          <Suspense fallback={<Spin />}>
            <PdfPages url={addressOf('fldFile.preview', file.id)} />
          </Suspense>
        ) : kind === 'text' ? (
          <TextPreview url={addressOf('fldFile.preview', file.id)} />
        ) : (
          <div>{t('file.preview.unsupported')}</div>
        )}
      </div>
    </Modal>
  );
}
