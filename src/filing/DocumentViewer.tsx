/**
 * A case document shown for reading, in its own root (like the file preview): a generated notice (HTML)
 * cleaned by DOMPurify and shown in a dialog; anything else through the file preview (image, PDF, text),
 * which reads the bytes the server sent (the page's CSP lets no script fetch a `blob:` address).
 */
import { ConfigProvider, Modal } from 'antd';
import DOMPurify from 'dompurify';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import FilePreview from '../../renderers/widgets/file-preview/FilePreview.tsx';
import { previewKindOf } from '../../schemas/file-rules.ts';
import { antdLocaleAtom } from '../i18n/apply-language.ts';
import { i18n } from '../i18n/i18n.ts';
import { appStore } from '../session/store.ts';

export interface ViewedDocument {
  title: string;
  name: string;
  mime: string;
  bytes: Uint8Array;
}

const extOf = (name: string) =>
  name.includes('.') ? name.slice(name.lastIndexOf('.') + 1).toLowerCase() : '';
/** A name without an extension still previews by its type. */
const EXT_OF_MIME: Record<string, string> = {
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  'text/csv': 'csv',
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
};
/** The name without its extension: the preview's title adds the extension back. */
const baseOf = (name: string) => (name.includes('.') ? name.slice(0, name.lastIndexOf('.')) : name);

export function openDocumentViewer(doc: ViewedDocument): Promise<void> {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  const ext = extOf(doc.name) || (EXT_OF_MIME[doc.mime] ?? '');
  // An address for an image only (img-src allows blob:); pdf.js and the text view read the bytes.
  const url =
    previewKindOf(ext) === 'image'
      ? URL.createObjectURL(new Blob([doc.bytes as BlobPart], { type: doc.mime }))
      : '';
  return new Promise((resolve) => {
    const close = () => {
      root.unmount();
      host.remove();
      if (url) URL.revokeObjectURL(url);
      resolve();
    };
    const html = doc.mime === 'text/html' || extOf(doc.name) === 'html';
    root.render(
      <I18nextProvider i18n={i18n}>
        <ConfigProvider locale={appStore.get(antdLocaleAtom)} theme={{ zeroRuntime: true }}>
          {html ? (
            <Modal open title={doc.title} width={860} footer={null} onCancel={close}>
              <div
                data-testid="filing-document-html"
                className="mf-document-html"
                // Cleaned: only the markup of a document, no script, style or handler.
                dangerouslySetInnerHTML={{
                  __html: DOMPurify.sanitize(new TextDecoder().decode(doc.bytes), {
                    USE_PROFILES: { html: true },
                  }),
                }}
              />
            </Modal>
          ) : (
            <FilePreview
              file={{
                id: doc.name,
                fileName: baseOf(doc.name),
                ext: extOf(doc.name) || (EXT_OF_MIME[doc.mime] ?? ''),
              }}
              bytes={doc.bytes}
              linkOf={() => Promise.resolve(url)}
              onClose={close}
            />
          )}
        </ConfigProvider>
      </I18nextProvider>,
    );
  });
}
