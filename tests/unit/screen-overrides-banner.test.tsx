/**
 * The screen host draws a published version instead of the file (renderers/screen-overrides.ts), and
 * when the published version cannot be drawn, the one drawn in its place carries a short notice in the
 * panel: 此页面的已发布版本无法加载，已显示上一个可用版本.
 */
import { cleanup, render, screen } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createFixtureDataSource } from '../../renderers/fixtures/index.ts';
import { ScreenFixtures, SUPER_SESSION } from '../../renderers/fixtures/ScreenFixtures.tsx';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import { expireScreenOverrides, installScreenOverrides } from '../../renderers/screen-overrides.ts';
import { isOperationId } from '../../src/api/call.ts';
import { appFacts } from './support/renderer-environment.ts';
import { setupTestI18n } from './support/i18n.ts';

const NOTICE = '此页面的已发布版本无法加载，已显示上一个可用版本';

const LEVELS = {
  kind: 'list',
  title: 'levelAdmin.list.title',
  operation: 'level.query',
  rowKey: 'id',
  columns: [{ field: 'name', title: 'levelAdmin.field.name' }],
};

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});
afterEach(() => {
  cleanup();
  installScreenOverrides(null);
  vi.restoreAllMocks();
});

function draw() {
  return render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false }}>
      <ScreenFixtures dataSource={createFixtureDataSource()} session={SUPER_SESSION} environment={appFacts}>
        <ScreenRenderer name="tenant-list" />
      </ScreenFixtures>
    </ConfigProvider>,
  );
}

describe('a published screen in the screen host', () => {
  it('is drawn instead of the file; a broken one gives way to the last good one with a notice', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    let published: { version: number; content: unknown } = { version: 1, content: LEVELS };
    installScreenOverrides({
      load: async () => ({
        revision: String(Math.random()),
        screens: [{ name: 'tenant-list', scope: 'platform', ...published }],
      }),
      sessionKey: () => 'u1|t1',
      isOperation: isOperationId,
    });
    draw();
    expect(await screen.findByRole('heading', { name: '职级管理' })).toBeTruthy();
    expect(screen.queryByText(NOTICE)).toBeNull();
    cleanup();

    published = { version: 2, content: { ...LEVELS, operation: 'level.qeury' } };
    expireScreenOverrides();
    draw();
    expect(await screen.findByText(NOTICE)).toBeTruthy();
    expect(screen.getByRole('heading', { name: '职级管理' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe(NOTICE);
  });
});
