/**
 * The file preview in its own root (like the act-as dialog): the file is read through a signed link
 * asked for as the preview opens (file-links.ts), never through an address carrying the session.
 */
import { ConfigProvider } from 'antd';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import FilePreview, { type PreviewFile } from '../../renderers/widgets/file-preview/FilePreview.tsx';
import { antdLocaleAtom } from '../i18n/apply-language.ts';
import { i18n } from '../i18n/i18n.ts';
import { appStore } from '../session/store.ts';
import { fileLink } from './file-links.ts';

/** Spec §9: the default colour. */
const PRIMARY = '#409EFF';

export function openFilePreview(file: PreviewFile): Promise<void> {
  const host = document.createElement('div');
  document.body.appendChild(host);
  const root = createRoot(host);
  return new Promise((resolve) => {
    const close = () => {
      root.unmount();
      host.remove();
      resolve();
    };
    root.render(
      <I18nextProvider i18n={i18n}>
        <ConfigProvider
          locale={appStore.get(antdLocaleAtom)}
          theme={{ zeroRuntime: true, token: { colorPrimary: PRIMARY } }}
        >
          <FilePreview
            file={file}
            linkOf={(purpose, id, signal) => fileLink(id, purpose, signal)}
            onClose={close}
          />
        </ConfigProvider>
      </I18nextProvider>,
    );
  });
}
