/**
 * 查阅 on a case document (src/filing/document-actions.ts): the document is opened through the server
 * (which records the reading) and its content shown — a generated notice as cleaned HTML.
 */
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { runDocumentView } from '../../src/filing/document-actions.ts';
import { setupTestI18n } from './support/i18n.ts';

const toBase64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

describe('reading a case document', () => {
  // The action imports the viewer (antd Modal, DOMPurify) on first use; under a loaded CI machine that
  // first transform took over 10 s. Load it here, so the test waits only for the viewer to render.
  beforeAll(async () => {
    await setupTestI18n('zh-CN');
    await import('../../src/filing/DocumentViewer.tsx');
  }, 60_000);

  it('opens it through filing.document.open and shows a notice as HTML', async () => {
    const html =
      '<h1>受理通知书</h1><p>案件已立案。</p><script>window.hacked = true</script><img src=x onerror="window.hacked=true">';
    const dataSource = vi.fn(async () => ({
      document: { title: '受理通知书' },
      content: toBase64(html),
      file: { name: '受理通知书.html', mime: 'text/html' },
    }));
    const ui = { warning: vi.fn(), success: vi.fn() };
    const done = runDocumentView({
      action: { type: 'filing.document.view' },
      record: { documentId: 'd1' },
      dataSource,
      ui,
    } as never);
    const shown = await screen.findByTestId('filing-document-html');
    expect(dataSource).toHaveBeenCalledWith('filing.document.open', { query: { documentId: 'd1' } });
    expect(shown.textContent).toContain('案件已立案。');
    // The cleaning itself (DOMPurify) is checked in Chromium (tests/e2e/filing-walk.test.ts): jsdom's
    // DOM does not give DOMPurify what a browser does.
    expect(shown.textContent).toContain('受理通知书');
    await waitFor(() => expect(screen.getByRole('dialog')).toBeTruthy());
    (screen.getByRole('button', { name: /close|关闭/i }) as HTMLButtonElement).click();
    await expect(done).resolves.toBe(true);
  });

  it('shows a text document from the bytes it was sent, titled once with its extension', async () => {
    // No fetch of an in-memory address: the page's CSP (connect-src 'self') refuses blob: addresses.
    const fetched = vi.spyOn(globalThis, 'fetch');
    const done = runDocumentView({
      action: { type: 'filing.document.view' },
      record: { documentId: 'd3' },
      dataSource: async () => ({
        document: { title: '承诺书' },
        content: toBase64('附加限制性条件承诺书'),
        file: { name: '承诺书.txt', mime: 'text/plain' },
      }),
      ui: { warning: vi.fn(), success: vi.fn() },
    } as never);
    const shown = await screen.findByTestId('text-preview-content');
    expect(shown.textContent).toBe('附加限制性条件承诺书');
    expect(fetched).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog').textContent).toContain('承诺书.txt');
    expect(screen.getByRole('dialog').textContent).not.toContain('承诺书.txt.txt');
    (screen.getByRole('button', { name: /close|关闭/i }) as HTMLButtonElement).click();
    await expect(done).resolves.toBe(true);
  });

  it('says so when the document has no content', async () => {
    const ui = { warning: vi.fn(), success: vi.fn() };
    const result = await runDocumentView({
      action: { type: 'filing.document.view' },
      record: { id: 'd2' },
      dataSource: async () => ({ document: {}, content: null, file: null }),
      ui,
    } as never);
    expect(result).toBe(true);
    expect(ui.warning).toHaveBeenCalled();
  });
});
