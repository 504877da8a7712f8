/**
 * The receipt view (schemas/screens/filing-receipt.yaml) from a fixture: the case, the act, each
 * document with its size in thousands and its SHA-256 in monospace; 核对本地文件 hashes the chosen file in
 * the browser (Web Crypto) and names the item it matches, or says none does; 打印 prints with the shell
 * hidden; 核验 (filing-receipt-check.yaml) shows each document's result as a coloured, translated tag.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAllScreenDialogs } from '../../renderers/dialogs/dialog-store.ts';
import { openScreenDialog } from '../../renderers/dialogs/index.ts';
import { createFixtureDataSource } from '../../renderers/fixtures/index.ts';
import { RECEIPT } from '../../renderers/fixtures/filing-receipts.ts';
import { recordingUi, ScreenFixtures } from '../../renderers/fixtures/ScreenFixtures.tsx';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import { matchingItem, sha256OfFile } from '../../src/filing/receipt-hash.ts';
import '../../src/filing/receipt-actions.ts';
import '../../renderers/kinds.ts';
import { setupTestI18n } from './support/i18n.ts';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

afterEach(() => {
  closeAllScreenDialogs();
  cleanup();
  vi.restoreAllMocks();
});

function open(name: string) {
  const { ui, shown } = recordingUi();
  const dataSource = createFixtureDataSource();
  render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false }}>
      <ScreenFixtures dataSource={dataSource} ui={ui}>
        <ScreenRenderer name={name} params={{ id: RECEIPT.id }} />
      </ScreenFixtures>
    </ConfigProvider>,
  );
  return { shown, dataSource };
}

const rowOf = (text: string) => screen.getByText(text, { selector: 'td, td *' }).closest('tr') as HTMLElement;

const checkFileButton = () =>
  screen.getByText('核对本地文件', { selector: 'button, button *' }).closest('button')!;

/** Picks a file in the chooser the action opens. */
async function choose(file: File) {
  const input = await waitFor(() => {
    const el = document.querySelector<HTMLInputElement>('input[data-testid="receipt-local-file"]');
    expect(el).not.toBeNull();
    return el!;
  });
  Object.defineProperty(input, 'files', { value: [file] });
  fireEvent.change(input);
}

describe('the receipt view', () => {
  it('hashes a File with Web Crypto and finds the receipt item it matches', async () => {
    const file = new File([new TextEncoder().encode('申报书')], '申报书.pdf');
    const sha = await sha256OfFile(file);
    expect(sha).toBe('0595d68dcb56914509bd1908ed5d4bc3fbaf1c50442261c17943bec4c36d8819');
    expect(matchingItem(RECEIPT.items, sha)?.seq).toBe(1);
    expect(matchingItem(RECEIPT.items, sha.toUpperCase())?.seq).toBe(1);
    expect(matchingItem(RECEIPT.items, await sha256OfFile(new File(['x'], 'x.txt')))).toBeUndefined();
  });

  it('shows the case, the act and every document with its size and SHA-256', async () => {
    const { dataSource } = open('filing-receipt');
    await screen.findByText(RECEIPT.caseTitle, {}, { timeout: 10_000 });
    expect(dataSource.calls[0]).toEqual({
      operation: 'filing.receipt.get',
      request: { query: { receiptId: RECEIPT.id } },
    });
    expect(screen.getByText(RECEIPT.caseNo)).toBeTruthy();
    expect(screen.getByText('提交回执')).toBeTruthy();
    expect(screen.getByText('提交申报', { exact: false })).toBeTruthy();
    const first = rowOf('经营者集中申报书');
    expect(first.textContent).toContain('1,234,567');
    expect(within(first).getByText('申报书', { selector: '.ant-tag' })).toBeTruthy();
    const hash = first.querySelector('code.mf-hash') as HTMLElement;
    expect(hash.textContent).toBe(RECEIPT.items[0].sha256);
    expect(hash.style.fontFamily).toContain('monospace');
    expect(rowOf('不实施集中承诺书').textContent).toContain('2,546');
    for (const label of ['打 印', '核 验', '核对本地文件'])
      expect(screen.getByRole('button', { name: new RegExp(label.replace(' ', '\\s?')) })).toBeTruthy();
  });

  it('checks a local file: names the matching item, or says no item matches', async () => {
    const { shown } = open('filing-receipt');
    await screen.findByText(RECEIPT.caseTitle, {}, { timeout: 10_000 });
    fireEvent.click(checkFileButton());
    await choose(new File([new TextEncoder().encode('申报书')], '我保存的申报书.pdf'));
    await waitFor(() => expect(shown.some((s) => s.kind === 'success')).toBe(true));
    expect(shown.find((s) => s.kind === 'success')!.text).toBe(
      `所选文件“我保存的申报书.pdf”与回执第 1 项“经营者集中申报书”一致（SHA-256：${RECEIPT.items[0].sha256}）`,
    );

    fireEvent.click(checkFileButton());
    await choose(new File(['别的文件'], '别的.pdf'));
    await waitFor(() => expect(shown.some((s) => s.kind === 'warning')).toBe(true));
    expect(shown.find((s) => s.kind === 'warning')!.text).toMatch(
      /^所选文件“别的.pdf”（SHA-256：[0-9a-f]{64}）与本回执中的任何文件都不一致$/,
    );
  });

  it('prints with the page marked for the print stylesheet, and unmarks it afterwards', async () => {
    open('filing-receipt');
    await screen.findByText(RECEIPT.caseTitle, {}, { timeout: 10_000 });
    let marked = false;
    const print = vi.fn(() => {
      marked = document.body.classList.contains('mf-printing');
    });
    // The test DOM has no print dialog: stand in for the browser's.
    Object.defineProperty(window, 'print', { value: print, configurable: true });
    fireEvent.click(screen.getByRole('button', { name: /打\s?印/ }));
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(marked).toBe(true);
    await act(async () => void window.dispatchEvent(new Event('afterprint')));
    expect(document.body.classList.contains('mf-printing')).toBe(false);
  });

  it('prints a receipt opened in a dialog with everything but that dialog left off the paper', async () => {
    const { ui } = recordingUi();
    const { container } = render(
      <ConfigProvider locale={zhCN} theme={{ hashed: false }}>
        <ScreenFixtures dataSource={createFixtureDataSource()} ui={ui}>
          <p>案件页面</p>
        </ScreenFixtures>
      </ConfigProvider>,
    );
    void act(() => void openScreenDialog({ screen: 'filing-receipt', params: { id: RECEIPT.id } }));
    const dialog = await screen.findByTestId('screen-dialog-filing-receipt', {}, { timeout: 10_000 });
    await within(dialog).findByText(RECEIPT.caseTitle, {}, { timeout: 10_000 });
    const marks: { body: string[]; dialogRoot: boolean; page: boolean } = {
      body: [],
      dialogRoot: false,
      page: true,
    };
    const print = vi.fn(() => {
      marks.body = [...document.body.classList];
      const root = [...document.body.children].find((c) => c.contains(dialog))!;
      marks.dialogRoot = root.classList.contains('mf-print-root');
      marks.page = [...document.body.children].some(
        (c) => c.contains(container) && c.classList.contains('mf-print-root'),
      );
    });
    Object.defineProperty(window, 'print', { value: print, configurable: true });
    fireEvent.click(
      within(dialog)
        .getByText(/打\s?印/)
        .closest('button')!,
    );
    await waitFor(() => expect(print).toHaveBeenCalledTimes(1));
    expect(marks).toEqual({
      body: expect.arrayContaining(['mf-printing', 'mf-printing-dialog']),
      dialogRoot: true,
      page: false,
    });
    await act(async () => void window.dispatchEvent(new Event('afterprint')));
    expect(document.querySelector('.mf-print-root')).toBeNull();
  });

  it('核验 shows each document’s result as a coloured, translated tag', async () => {
    open('filing-receipt-check');
    await screen.findByText(RECEIPT.caseTitle, {}, { timeout: 10_000 });
    const tagOf = (name: string, label: string) =>
      within(rowOf(name)).getByText(label, { selector: '.ant-tag' }) as HTMLElement;
    expect(tagOf('经营者集中申报书', '一致').className).toContain('green');
    expect(tagOf('股权转让协议', '不一致').className).toContain('red');
    expect(tagOf('不实施集中承诺书', '文件缺失').className).toContain('orange');
    expect(screen.getByText('存在不一致或缺失的文件')).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/MISMATCH|MISSING|receipt\./);
  });
});
