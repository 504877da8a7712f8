/**
 * File preview (spec §2): images, PDF (pdf.js, loaded only when a PDF is opened), text decoded in the
 * browser in the charset the user picks (UTF-8 by default, GBK, BIG5); any other type says that it has
 * no preview. Clicking an image opens the image viewer. The file is read through a signed link asked for
 * when the preview opens (`linkOf`: the app's fldFile.link), never through an address carrying the session;
 * a document already at hand (`bytes`) is shown from memory — pdf.js and the text view read the bytes
 * themselves, since the page's CSP lets no script fetch a `blob:` address (images may show one).
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

/** The address to read a file from: `image` for an <img>, `preview` for pdf.js and text. */
export type LinkOf = (purpose: 'preview' | 'image', id: string, signal: AbortSignal) => Promise<string>;

export interface FilePreviewProps {
  file: PreviewFile | null;
  /** Where to read the file from: for an image always (an <img> needs an address), else unless `bytes`. */
  linkOf?: LinkOf;
  /** The file's content, already at hand (a case document the server sent with its answer). */
  bytes?: Uint8Array;
  onClose(): void;
}

export function decodeText(bytes: ArrayBuffer | Uint8Array, charset: Charset): string {
  return new TextDecoder(charset).decode(bytes);
}

function TextPreview({ url, given }: { url?: string; given?: Uint8Array }) {
  const { t } = useTranslation();
  const [charset, setCharset] = useState<Charset>('utf-8');
  const text = useLoad(given ? null : (url ?? null), async (signal) => {
    const response = await fetch(url!, { signal });
    if (!response.ok) throw new Error(String(response.status));
    return response.arrayBuffer();
  });
  const bytes = given ?? text.data;
  if (!given && text.error !== undefined) return <div>{t('file.preview.loadFailed')}</div>;
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

export default function FilePreview({ file, linkOf, bytes, onClose }: FilePreviewProps) {
  const { t } = useTranslation();
  const [viewing, setViewing] = useState(false);
  const kind = file ? previewKindOf(file.ext) : 'unsupported';
  const purpose = kind === 'image' ? 'image' : 'preview';
  // Bytes at hand are read as they are, except by an <img>, which needs an address.
  const fromBytes = Boolean(bytes) && kind !== 'image';
  // One link for the open file, asked for as it opens (it works for about a minute).
  const link = useLoad(
    file && kind !== 'unsupported' && !fromBytes ? `${purpose}:${file.id}` : null,
    (signal) => (linkOf ? linkOf(purpose, file?.id ?? '', signal) : Promise.reject(new Error('no link'))),
  );
  if (!file) return null;
  const name = file.ext ? `${file.fileName}.${file.ext}` : file.fileName;
  const url = link.data;
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
        {kind === 'unsupported' ? (
          <div>{t('file.preview.unsupported')}</div>
        ) : !fromBytes && link.error !== undefined ? (
          <div>{t('file.preview.loadFailed')}</div>
        ) : bytes && kind === 'pdf' ? (
          <Suspense fallback={<Spin />}>
            <PdfPages data={bytes} />
          </Suspense>
        ) : bytes && kind === 'text' ? (
          <TextPreview given={bytes} />
        ) : !url ? (
          <Spin />
        ) : kind === 'image' ? (
          <>
            <img
              src={url}
              alt={name}
              style={{ maxWidth: '100%', cursor: 'zoom-in' }}
              onClick={() => setViewing(true)}
            />
            {viewing ? <ImageViewer images={[{ src: url, name }]} onClose={() => setViewing(false)} /> : null}
          </>
        ) : kind === 'pdf' ? (
          <Suspense fallback={<Spin />}>
            <PdfPages url={url} />
          </Suspense>
        ) : (
          <TextPreview url={url} />
        )}
      </div>
    </Modal>
  );
}
