/**
 * The audit log screens from fixtures: a case's 审计记录 asks for that case's entries and shows each action
 * by its label; 校验链 (review-audit-verify.yaml) says 链完整，已校验 N 条, or names the first broken entry with
 * its reason in red — never a raw code.
 */
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeAllScreenDialogs } from '../../renderers/dialogs/dialog-store.ts';
import { createFixtureDataSource, type FixtureMap } from '../../renderers/fixtures/index.ts';
import { recordingUi, ScreenFixtures } from '../../renderers/fixtures/ScreenFixtures.tsx';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import '../../renderers/kinds.ts';
import { setupTestI18n } from './support/i18n.ts';

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

afterEach(() => {
  closeAllScreenDialogs();
  cleanup();
});

function open(name: string, params: Record<string, unknown> = {}, overrides?: FixtureMap) {
  const { ui } = recordingUi();
  const dataSource = createFixtureDataSource({ overrides });
  render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false }}>
      <ScreenFixtures dataSource={dataSource} ui={ui}>
        <ScreenRenderer name={name} params={params} />
      </ScreenFixtures>
    </ConfigProvider>,
  );
  return { dataSource };
}

describe('the audit log screens', () => {
  it("a case's 审计记录 asks for the case's entries and shows actions by their labels", async () => {
    const { dataSource } = open('review-case-audit', { caseId: 'c2' });
    await screen.findByText('查看案件', { selector: '.ant-tag' }, { timeout: 10_000 });
    const query = dataSource.calls.find((c) => c.operation === 'filing.audit.query')!;
    expect((query.request.body as { parameters: unknown[] }).parameters).toContainEqual({
      key: 'caseId',
      value: 'c2',
    });
    expect(screen.getByText('立案受理', { selector: '.ant-tag' })).toBeTruthy();
    expect(screen.getByText('51be07c9d3a2')).toBeTruthy();
    expect(screen.getByRole('button', { name: /校验链/ })).toBeTruthy();
    const table = document.querySelector('.ant-table') as HTMLElement;
    expect(table.textContent).not.toMatch(/case\.view|transition\.|auditTrail\./);
  });

  it('校验链 names the first broken entry and its reason, in red', async () => {
    open('review-audit-verify');
    await screen.findByText(/审计链在第 3 条处断开/, {}, { timeout: 10_000 });
    expect(screen.getByText(/此前 2 条校验通过/)).toBeTruthy();
    const reason = screen.getByText('记录内容与其哈希不符：记录被篡改', { selector: '.ant-tag' });
    expect(reason.className).toContain('red');
    expect(screen.getByText('立案受理', { selector: '.ant-tag' })).toBeTruthy();
    expect(document.body.textContent).not.toMatch(/transition\.accept|auditTrail\.|链完整/);
  });

  it('校验链 says the chain is intact with the number checked', async () => {
    open(
      'review-audit-verify',
      {},
      {
        'filing.audit.verify': () => ({ ok: true, checked: 5, firstBroken: null }),
      },
    );
    await screen.findByText('链完整，已校验 5 条', {}, { timeout: 10_000 });
    await waitFor(() => expect(screen.queryByText(/断开/)).toBeNull());
    expect(screen.queryByText('记录内容与其哈希不符：记录被篡改')).toBeNull();
  });
});
