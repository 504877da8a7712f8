/**
 * The file widgets with in-memory files (no server): the attachment selector in each storage mode, the
 * file preview for an image, a GBK text (switch the charset), a PDF and an unsupported type, and the
 * image viewer (with a broken image showing the load-failure text).
 */
import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import type { WidgetProps } from '@rjsf/utils';
import type { DataSource } from '../../data-source.tsx';
import { RendererEnvironmentProvider } from '../../environment/RendererEnvironment.tsx';
import { ValueHolder } from '../../selectors/story-support.tsx';
import AttachmentSelectorWidget from '../attachment-selector/AttachmentSelectorWidget.tsx';
import type { StorageMode } from '../attachment-selector/storage-modes.ts';
import ImageViewer from '../image-viewer/ImageViewer.tsx';
import FilePreview, { type PreviewFile } from './FilePreview.tsx';

const svg = (fill: string, label: string) =>
  `data:image/svg+xml;utf8,${encodeURIComponent(
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="320"><rect width="100%" height="100%" fill="${fill}"/><text x="50%" y="50%" font-size="40" text-anchor="middle" fill="#fff">${label}</text></svg>`,
  )}`;
/** 经营者集中申报材料：合同、审计报告。 in GBK. */
const GBK = 'data:text/plain;base64,vq3TqtXfvK/W0MnqsaiyxMHPo7q6z82soaLJ87zGsai45qGj';
const PDF = `data:application/pdf;base64,${btoa(
  '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [3 0 R] /Count 1 >>\nendobj\n3 0 obj\n<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
)}`;

/** The stories' stand-in for signed links: each file's content as a data: URL. */
const linkOf = (_purpose: string, id: string) =>
  Promise.resolve(id === 'txt' ? GBK : id === 'pdf' ? PDF : svg('#409EFF', id));

const files = [
  { id: 'f1', fileName: '股权转让协议', ext: 'pdf', totalBytes: 182_304, createTime: '2026-11-20 10:12:00' },
  { id: 'f2', fileName: '审计报告', ext: 'docx', totalBytes: 93_120, createTime: '2026-11-19 16:40:00' },
  { id: 'f3', fileName: '营业执照', ext: 'png', totalBytes: 40_960, createTime: '2026-11-18 09:05:00' },
];

const storyData: DataSource = async (operation, request) => {
  if (operation === 'fldFile.attachment.query') {
    const body = request.body as { parameters?: { key: string; value: string }[] };
    const name = body.parameters?.find((p) => p.key === 'fileName')?.value ?? '';
    const found = files.filter((f) => f.fileName.includes(name));
    return { dataResult: found, pageResult: { totalCount: found.length, totalPages: 1, page: 1, limit: 10 } };
  }
  if (operation === 'file.attachment.transfer') {
    const ids = String((request.query as { ids: string }).ids).split(',');
    return files.filter((f) => ids.includes(f.id));
  }
  return null;
};

/** In-memory files: calls answered above, addresses as data: URLs. */
const STORY_ENVIRONMENT = {
  call: storyData,
  fileLink: (id: string, purpose: string) => linkOf(purpose, id),
};

function Selector({ storage, limit, initial }: { storage: StorageMode; limit: number; initial?: unknown }) {
  return (
    <RendererEnvironmentProvider value={STORY_ENVIRONMENT}>
      <div style={{ maxWidth: 640 }}>
        <ValueHolder<unknown> initial={initial}>
          {(value, onChange) => (
            <AttachmentSelectorWidget
              {...({} as WidgetProps)}
              id="attachments"
              value={value}
              onChange={onChange}
              options={{ storage, limit }}
            />
          )}
        </ValueHolder>
      </div>
    </RendererEnvironmentProvider>
  );
}

const meta: Meta = { title: 'Widgets/files' };
export default meta;
type Story = StoryObj;

export const SelectorIdMode: Story = { render: () => <Selector storage="id" limit={1} initial="f1" /> };
export const SelectorArrayIdMode: Story = {
  render: () => <Selector storage="arrayId" limit={5} initial={['f1', 'f3']} />,
};
export const SelectorJsonMode: Story = { render: () => <Selector storage="json" limit={3} /> };
export const SelectorArrayMode: Story = {
  render: () => <Selector storage="array" limit={3} initial={[files[1]]} />,
};
export const SelectorBindMode: Story = {
  render: () => <Selector storage="bind" limit={1} initial={files[0]} />,
};

function Preview({ file }: { file: PreviewFile }) {
  const [open, setOpen] = useState(true);
  return open ? (
    <FilePreview file={file} linkOf={linkOf} onClose={() => setOpen(false)} />
  ) : (
    <button type="button" onClick={() => setOpen(true)}>
      open
    </button>
  );
}

export const PreviewImage: Story = {
  render: () => <Preview file={{ id: '营业执照', fileName: '营业执照', ext: 'png' }} />,
};
export const PreviewGbkText: Story = {
  render: () => <Preview file={{ id: 'txt', fileName: '说明', ext: 'txt' }} />,
};
export const PreviewPdf: Story = {
  render: () => <Preview file={{ id: 'pdf', fileName: '协议', ext: 'pdf' }} />,
};
export const PreviewUnsupported: Story = {
  render: () => <Preview file={{ id: 'x', fileName: '报表', ext: 'xlsx' }} />,
};

export const Viewer: Story = {
  render: () => (
    <ImageViewer
      images={[
        { src: svg('#409EFF', '1 / 3'), name: '第一张' },
        { src: svg('#67C23A', '2 / 3'), name: '第二张' },
        { src: '/no-such-image.png', name: '损坏的图片' },
      ]}
      onClose={() => undefined}
    />
  ),
};
