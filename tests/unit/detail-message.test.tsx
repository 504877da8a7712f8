/**
 * The detail kind on the message detail screen (spec §2 'Message detail'): fields, attachments that
 * download, the replied and read-by tabs as sub-lists filtered by MSG_ID (hidden when embedded), rich
 * text through DOMPurify, and a readable notice when the message cannot be read.
 */
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFixtureDataSource, type FixtureDataSource } from '../../renderers/fixtures/index.ts';
import { MESSAGES } from '../../renderers/fixtures/messages.ts';
import { recordingUi, ScreenFixtures } from '../../renderers/fixtures/ScreenFixtures.tsx';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import { setupTestI18n } from './support/i18n.ts';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function open(params: Record<string, unknown>, dataSource: FixtureDataSource = createFixtureDataSource()) {
  const { ui, shown } = recordingUi();
  const view = render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false }}>
      <ScreenFixtures dataSource={dataSource} ui={ui}>
        <ScreenRenderer name="message-detail" params={params} />
      </ScreenFixtures>
    </ConfigProvider>,
  );
  return { ...view, dataSource, shown };
}

/** The value cell next to a label of the descriptions. */
function valueOf(label: string): string {
  const th = screen.getByText(label, {
    selector: '.ant-descriptions-item-label, .ant-descriptions-item-label *',
  });
  return (th.closest('th')!.nextElementSibling as HTMLElement).textContent ?? '';
}

describe('message detail', () => {
  it('shows the fields, and the replies as a sub-list filtered by MSG_ID', async () => {
    const { dataSource } = open({ id: 'm1' });
    await screen.findByText(String(MESSAGES[0].subject), {}, { timeout: 10_000 });
    expect(dataSource.calls[0]).toEqual({
      operation: 'msg.innerMessage.get',
      request: { query: { innerMessageId: 'm1' } },
    });
    expect(valueOf('发送时间')).toBe('2024-05-06 09:15:00');
    expect(valueOf('发送人')).toBe('王伟');
    expect(valueOf('消息类型')).toBe('公告');
    expect(valueOf('是否公开')).toBe('是');
    expect(valueOf('允许回复')).toBe('是');
    expect(valueOf('内容')).toContain('请于5月20日前完成');
    expect(valueOf('附件')).toContain('自查清单.xlsx');
    expect(valueOf('附件')).toContain('营业额计算口径说明.pdf');

    await screen.findByText('收到，本部门将按时完成自查。', {}, { timeout: 10_000 });
    const table = document.body.querySelector('.ant-tabs-content-active table') as HTMLElement;
    expect(dataSource.calls.find((c) => c.operation === 'msg.innerMessageReply.query')).toEqual({
      operation: 'msg.innerMessageReply.query',
      request: {
        body: {
          parameters: [{ key: 'MSG_ID', value: 'm1' }],
          requestPage: { pageNo: 1, limit: 10 },
          sorts: [{ field: 'replyTime', order: 'DESC' }],
        },
      },
    });
    expect(within(table).getAllByText('2024-05-06 10:00:12').length).toBe(1);
    expect(screen.getAllByTestId('list-total')[0].textContent).toBe('共 5 条');
  }, 30_000);

  it('lists who read it, with the read time as yyyy-MM-dd HH:mm:ss', async () => {
    const { dataSource } = open({ id: 'm1' });
    await screen.findByText(String(MESSAGES[0].subject), {}, { timeout: 10_000 });
    await act(async () => fireEvent.click(await screen.findByText('已读人员', {}, { timeout: 10_000 })));
    await waitFor(() => expect(document.body.textContent).toContain('2024-05-06 09:53:11'), {
      timeout: 10_000,
    });
    expect(
      dataSource.calls.find((c) => c.operation === 'msg.innerMessageRead.query')?.request.body,
    ).toMatchObject({
      parameters: [{ key: 'MSG_ID', value: 'm1' }],
    });
    const panel = document.body.querySelector('.ant-tabs-content-active') as HTMLElement;
    expect(within(panel).getByText('卫娟')).toBeTruthy();
    expect(within(panel).getByTestId('list-total').textContent).toBe('共 12 条');
  }, 30_000);

  it('hides the tabs when embedded and asks for no sub-list', async () => {
    const { dataSource } = open({ id: 'm2', embedded: true });
    await screen.findByText('系统维护通知', {}, { timeout: 10_000 });
    expect(document.body.querySelector('[role="tab"]')).toBeNull();
    expect(valueOf('附件')).toBe('无附件');
    expect(valueOf('允许回复')).toBe('否');
    expect(dataSource.calls.map((c) => c.operation)).toEqual(['msg.innerMessage.get']);
  }, 30_000);

  it('downloads an attachment as its name', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x') as typeof URL.createObjectURL;
    URL.revokeObjectURL = vi.fn();
    const names: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      names.push(this.download);
    });
    const { dataSource, shown } = open({ id: 'm1', embedded: true });
    const link = await screen.findByText('营业额计算口径说明.pdf', {}, { timeout: 10_000 });
    await act(async () => fireEvent.click(link));
    await waitFor(() => expect(names).toEqual(['营业额计算口径说明.pdf']));
    expect(dataSource.calls.at(-1)).toEqual({
      operation: 'fldFile.download',
      request: { query: { attachmentId: 'a2' }, as: 'blob' },
    });
    expect(shown).toEqual([{ kind: 'loading', text: '正在下载…' }]);
  }, 30_000);

  it('passes rich text through DOMPurify and shows what it returns', async () => {
    // DOMPurify itself needs a real browser DOM (happy-dom's parser defeats it); here the wiring is checked.
    const { default: DOMPurify } = await import('dompurify');
    const sanitize = vi.spyOn(DOMPurify, 'sanitize').mockReturnValue('<p>第<b>一</b>段</p>' as never);
    const content = '<p>第<b>一</b>段</p><img src="x" onerror="window.hacked=1">';
    const dataSource = createFixtureDataSource({
      overrides: { 'msg.innerMessage.get': () => ({ ...MESSAGES[1], content }) },
    });
    const { container } = open({ id: 'm2', embedded: true }, dataSource);
    await waitFor(() => expect(container.querySelector('.screen-html b')).toBeTruthy(), { timeout: 10_000 });
    expect(sanitize).toHaveBeenCalledWith(content, { USE_PROFILES: { html: true } });
    expect(container.querySelector('.screen-html')!.innerHTML).toBe('<p>第<b>一</b>段</p>');
  }, 30_000);

  it('keeps the line breaks of plain text without loading DOMPurify', async () => {
    const { default: DOMPurify } = await import('dompurify');
    const sanitize = vi.spyOn(DOMPurify, 'sanitize');
    open({ id: 'm1', embedded: true });
    const content = await screen.findByText(/请于5月20日前完成/, {}, { timeout: 10_000 });
    expect(content.style.whiteSpace).toBe('pre-wrap');
    expect(content.textContent).toContain('\n');
    expect(sanitize).not.toHaveBeenCalled();
  }, 30_000);

  it('says so when the message cannot be read', async () => {
    const dataSource = createFixtureDataSource({
      overrides: {
        'msg.innerMessage.get': () => {
          throw new Error('not found');
        },
      },
    });
    open({ id: 'gone' }, dataSource);
    expect((await screen.findByTestId('detail-error', {}, { timeout: 10_000 })).textContent).toContain(
      '详情加载失败',
    );
  }, 30_000);
});
