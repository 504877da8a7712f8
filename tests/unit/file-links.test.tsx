/**
 * Signed file links in the page: the app asks fldFile.link with its Authorization header and builds the
 * file route's address with the ticket only (never the access token); the file preview reads the open
 * file through one link for its purpose, and says so when it cannot get one; a download link is handed to
 * the browser as a download.
 */
import { render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { startDownload } from '../../renderers/widgets/file-access/use-file-link.ts';
import FilePreview from '../../renderers/widgets/file-preview/FilePreview.tsx';
import { fileLink } from '../../src/files/file-links.ts';
import { accessTokenAtom } from '../../src/session/atoms.ts';
import { appStore } from '../../src/session/store.ts';
import { setupTestI18n } from './support/i18n.ts';
import { FAKE_BASE, installFakeApi, ok, resetSession } from './support/session-fake-api.ts';

const TOKEN = 'secret-access-token-0123456789abcdef';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

beforeEach(() => {
  resetSession();
  appStore.set(accessTokenAtom, TOKEN);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('fileLink', () => {
  it('asks with the header and answers the route with the ticket, never the token', async () => {
    const api = installFakeApi({
      '/fldFile/link': (call) =>
        ok({ url: '/api/x', ticket: `T-${call.body.purpose}-${call.body.attachmentId}`, expiresIn: 60 }),
    });
    expect(await fileLink('a1', 'preview')).toBe(
      `${FAKE_BASE}/fldFile/preview?attachmentId=a1&ticket=T-preview-a1`,
    );
    expect(await fileLink('a2', 'image')).toBe(
      `${FAKE_BASE}/file/getImage?attachmentId=a2&ticket=T-image-a2`,
    );
    expect(await fileLink('a3', 'download')).toBe(
      `${FAKE_BASE}/fldFile/download?attachmentId=a3&ticket=T-download-a3`,
    );
    const asked = api.callsTo('/fldFile/link');
    expect(asked.map((c) => [c.method, c.auth, c.body])).toEqual([
      ['POST', `Bearer ${TOKEN}`, { attachmentId: 'a1', purpose: 'preview' }],
      ['POST', `Bearer ${TOKEN}`, { attachmentId: 'a2', purpose: 'image' }],
      ['POST', `Bearer ${TOKEN}`, { attachmentId: 'a3', purpose: 'download' }],
    ]);
    for (const c of asked) expect(c.query.toString()).not.toContain(TOKEN);
  });
});

describe('file preview through a signed link', () => {
  it('shows an image from one image link asked for as it opens', async () => {
    const linkOf = vi.fn(async (purpose: string, id: string) => `blob:${purpose}-${id}`);
    render(
      <FilePreview file={{ id: 'p1', fileName: '照片', ext: 'png' }} linkOf={linkOf} onClose={() => {}} />,
    );
    const img = await screen.findByRole('img', { name: '照片.png' });
    expect(img.getAttribute('src')).toBe('blob:image-p1');
    expect(linkOf).toHaveBeenCalledTimes(1);
    expect(linkOf).toHaveBeenCalledWith('image', 'p1', expect.any(AbortSignal));
  });

  it('says the file cannot be loaded when no link is given, and asks none for a type without preview', async () => {
    const refused = vi.fn(() => Promise.reject(new Error('403')));
    render(
      <FilePreview file={{ id: 't1', fileName: '说明', ext: 'txt' }} linkOf={refused} onClose={() => {}} />,
    );
    expect(await screen.findByText('文件加载失败')).toBeTruthy();
    expect(refused).toHaveBeenCalledWith('preview', 't1', expect.any(AbortSignal));

    const none = vi.fn(async () => 'blob:x');
    render(<FilePreview file={{ id: 'z1', fileName: '包', ext: 'zip' }} linkOf={none} onClose={() => {}} />);
    expect(await screen.findByText('不支持的预览类型')).toBeTruthy();
    expect(none).not.toHaveBeenCalled();
  });
});

describe('startDownload', () => {
  it('hands the link to the browser as a download and leaves nothing behind', () => {
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    startDownload(`${FAKE_BASE}/fldFile/download?attachmentId=a3&ticket=T`);
    expect(clicked).toEqual([
      { href: `${FAKE_BASE}/fldFile/download?attachmentId=a3&ticket=T`, download: '' },
    ]);
    expect(document.querySelectorAll('a[download]')).toHaveLength(0);
    click.mockRestore();
  });
});
