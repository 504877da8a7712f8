/**
 * 查阅 on a case document (src/filing/document-actions.ts): the document is opened through the server
 * (which records the reading) and its content shown — a generated notice as cleaned HTML.
 */
import { screen, waitFor } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { runDocumentView } from '../../src/filing/document-actions.ts';

const toBase64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));

describe('reading a case document', () => {
  // The action imports the viewer (antd Modal, DOMPurify) on first use; under a loaded CI machine that
  // first transform took over 10 s. Load it here, so the test waits only for the viewer to render.
  beforeAll(() => import('../../src/filing/DocumentViewer.tsx'), 60_000);

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
