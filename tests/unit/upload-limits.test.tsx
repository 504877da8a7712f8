/**
 * The upload areas name and check the sizes the server enforces (schemas/file-rules.ts): the attachment
 * selector's hint lists each group's limit (not the 25 MB resumable threshold), a file over its group's
 * limit is refused in the browser with a translated message and never sent; the photo widget's limit is
 * the server's for the fileType it uploads with, which a screen may lower but not raise.
 */
import { fireEvent, render, screen } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { setupTestI18n } from './support/i18n.ts';
import { FILE_GROUPS, formatBytes } from '../../schemas/file-rules.ts';
import UploadTab from '../../renderers/widgets/attachment-selector/UploadTab.tsx';
import { uploadProblem } from '../../renderers/widgets/attachment-selector/upload-limits.ts';
import { photoMaxBytes, photoProblem } from '../../renderers/widgets/photo-upload/photo-rules.ts';

const MB = 1024 * 1024;

/** A file that says it is `size` bytes long without holding them. */
function fileOf(name: string, size: number): File {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
}

function renderTab(fileType?: string) {
  const warn = vi.fn();
  const onUploaded = vi.fn();
  const view = render(<UploadTab fileType={fileType} multiple warn={warn} onUploaded={onUploaded} />);
  const input = view.container.querySelector<HTMLInputElement>('input[type="file"]')!;
  return { warn, onUploaded, input, view };
}

describe('upload limits in the browser', () => {
  beforeAll(async () => {
    await setupTestI18n('zh-CN');
  });

  it('the selector names every group’s own limit when the area takes any file', () => {
    renderTab();
    expect(
      screen.getByText(
        `单个文件不超过：图片 ${formatBytes(FILE_GROUPS.images.maxBytes)}，文档 ${formatBytes(FILE_GROUPS.docs.maxBytes)}，` +
          `压缩包 ${formatBytes(FILE_GROUPS.compress.maxBytes)}，视频 ${formatBytes(FILE_GROUPS.videos.maxBytes)}，` +
          `音频 ${formatBytes(FILE_GROUPS.audios.maxBytes)}`,
      ),
    ).toBeTruthy();
    expect(
      screen.getByText('单个文件不超过：图片 25 MB，文档 2 GB，压缩包 4 GB，视频 4 GB，音频 500 MB'),
    ).toBeTruthy();
  });

  it('the selector names its group’s limit when the area takes one group', () => {
    renderTab('photo');
    expect(screen.getByText(`单个文件不超过 ${formatBytes(FILE_GROUPS.photo.maxBytes)}`)).toBeTruthy();
  });

  it('refuses a file over its group’s limit before sending it, with a translated message', async () => {
    const send = vi.spyOn(XMLHttpRequest.prototype, 'send');
    const { warn, onUploaded, input, view } = renderTab();
    const big = fileOf('现场照片.jpg', FILE_GROUPS.images.maxBytes + 1);
    fireEvent.change(input, { target: { files: [big] } });
    await vi.waitFor(() => expect(warn).toHaveBeenCalledWith('现场照片.jpg: 文件大小超过 25 MB'));
    expect(send).not.toHaveBeenCalled();
    expect(onUploaded).not.toHaveBeenCalled();
    expect(view.container.querySelector('[data-testid="upload-row"]')).toBeNull();
    send.mockRestore();
  });

  it('checks size by the group of the extension, as the server does', () => {
    // A 100 MB pdf is a document (2 GB), a 100 MB png an image (25 MB).
    expect(uploadProblem({ name: '协议.pdf', size: 100 * MB }, undefined)).toBeUndefined();
    expect(uploadProblem({ name: '图.png', size: 100 * MB }, undefined)).toEqual({
      key: 'file.selector.tooLarge',
      params: { size: '25 MB' },
    });
    expect(uploadProblem({ name: '协议.pdf', size: 1 }, 'images')).toEqual({
      key: 'file.selector.typeNotAllowed',
    });
    expect(uploadProblem({ name: '图.png', size: FILE_GROUPS.images.maxBytes }, 'images')).toBeUndefined();
  });

  it('the photo widget’s limit is the server’s for its fileType; a screen may lower it, not raise it', () => {
    expect(photoMaxBytes(undefined)).toBe(FILE_GROUPS.images.maxBytes);
    expect(photoMaxBytes('photo')).toBe(FILE_GROUPS.photo.maxBytes);
    expect(photoMaxBytes('photo', 100)).toBe(FILE_GROUPS.photo.maxBytes);
    expect(photoMaxBytes('images', 2)).toBe(2 * MB);
    expect(photoProblem({ name: 'me.png', size: 6 * MB }, undefined, photoMaxBytes('photo'))).toEqual({
      key: 'form.photo.tooLarge',
      params: { size: '5 MB' },
    });
    expect(photoProblem({ name: 'me.png', size: 6 * MB })).toBeUndefined();
  });
});
