/**
 * Rendering screen files with fixture data for the screen tests: the params a screen opens with, a
 * render inside the app's providers, the wait until loading is over, and the per-screen outline test
 * (screens-render-*.test.tsx run it on a share of the files each, so the two workers share the work).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { parse } from 'yaml';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeAllScreenDialogs } from '../../../renderers/dialogs/dialog-store.ts';
import { createFixtureDataSource } from '../../../renderers/fixtures/index.ts';
import { ScreenFixtures } from '../../../renderers/fixtures/ScreenFixtures.tsx';
import { ScreenRenderer } from '../../../renderers/ScreenRenderer.tsx';
import type { ScreenDefinition } from '../../../renderers/screen-types.ts';
import { SCHEMAS_DIR } from '../../../schemas/catalogue.ts';
import { withInlineTexts } from '../../../schemas/inline-texts.ts';
import { i18n } from '../../../src/i18n/i18n.ts';
import { setupTestI18n } from './i18n.ts';
import { renderedOutline, wiredActions } from './screen-outline.ts';
import '../../../renderers/kinds.ts';
import { appFacts } from './renderer-environment.ts';

export const ROOT = join(SCHEMAS_DIR, '..');
export const SCREENS_DIR = join(SCHEMAS_DIR, 'screens');
export const screenFiles = readdirSync(SCREENS_DIR)
  .filter((f) => f.endsWith('.yaml'))
  .sort();

/** Params a screen is opened with in the app (a record id…); screens not named here get none. */
export const SCREEN_PARAMS: Record<string, Record<string, unknown>> = {
  'message-detail': { id: 'm1' },
  'message-reply': { id: 'm1' },
  'group-members': { id: 'g1' },
  'review-case': { id: 'c2' },
  'review-document': { id: 'd1' },
  'filing-receipt': { id: 'r-sub-1' },
  'filing-receipt-check': { id: 'r-sub-1' },
  'clue-detail': { id: 'c1' },
  'clue-triage': { id: 'c1', state: 'NEW' },
  'role-grant': { id: 'r1', systemId: 's1' },
  'role-members': { id: 'r1' },
  'role-members-add': { id: 'r1' },
  'group-members-form': { id: 'g1' },
  'resource-form': { id: 'res-employees', systemId: 's1' },
  'org-roles': { orgId: 'o2' },
  'org-roles-add': { orgId: 'o2' },
  'position-roles': { positionId: 'p2' },
  'position-roles-add': { positionId: 'p2' },
  'tenant-members': { id: 't1' },
  'tenant-members-add': { id: 't1' },
  'level-form': { id: 'l2' },
  // The calendar opens on the fixtures' year, not on today's.
  'review-calendar': { year: 2026 },
};

export function renderWithFixtures(ui: React.ReactNode, dataSource = createFixtureDataSource()) {
  const result = render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false }}>
      <ScreenFixtures dataSource={dataSource} environment={appFacts}>
        {ui}
      </ScreenFixtures>
    </ConfigProvider>,
  );
  return { ...result, dataSource };
}

/** Loading is over: no spinner for a while (lazy kinds, data, lazy widgets all settle). */
export async function settled(container: HTMLElement) {
  let quiet = 0;
  await waitFor(
    async () => {
      await act(async () => new Promise((resolve) => setTimeout(resolve, 20)));
      const busy = container.querySelector('.ant-spin-spinning, .ant-skeleton-active');
      quiet = busy ? 0 : quiet + 1;
      expect(quiet).toBeGreaterThanOrEqual(3);
    },
    { timeout: 20_000 },
  );
}

/** i18n in Chinese, and every render cleaned up after its test. */
export function screenTestSetup(): void {
  beforeAll(async () => {
    await setupTestI18n('zh-CN');
    dayjs.locale('zh-cn');
  });
  afterEach(() => {
    closeAllScreenDialogs();
    cleanup();
  });
}

/** Share `part` (1-based) of `parts` of the screen files: every `parts`-th file from `part`. */
export function shareOfScreenFiles(part: number, parts: number): string[] {
  return screenFiles.filter((_, i) => i % parts === part - 1);
}

/**
 * Renders a screen (its file, or a definition given as a stored version is) with fixtures, and matches
 * its outline — title, fields or columns, buttons and what each is wired to — with the snapshot.
 */
export async function expectRenderedOutline(
  name: string,
  definition: ScreenDefinition,
  options: { given?: boolean; dataSource?: ReturnType<typeof createFixtureDataSource> } = {},
): Promise<void> {
  const { container } = renderWithFixtures(
    <ScreenRenderer
      name={name}
      screen={options.given ? definition : undefined}
      params={SCREEN_PARAMS[name]}
    />,
    options.dataSource,
  );
  await settled(container);
  expect(container.querySelector('[data-testid="screen-error"]')).toBeNull();
  const rendered = renderedOutline(container);
  expect(rendered.heading ?? rendered.fields ?? rendered.columns).toBeDefined();
  const buttons = [...(rendered.buttons ?? []), ...(rendered.rowButtons ?? [])];
  // A stored version's inline texts (schemas/inline-texts.ts) as the reader sees them.
  const shown = withInlineTexts(definition, i18n.language);
  expect({
    kind: shown.kind,
    title: shown.title ? i18n.t(shown.title) : undefined,
    ...rendered,
    actions: wiredActions(shown, i18n, buttons),
  }).toMatchSnapshot();
}

/** Each file of the share renders with fixtures, and its outline matches the snapshot. */
export function describeScreenRenders(part: number, parts: number): void {
  screenTestSetup();
  describe('screen files', () => {
    it.each(shareOfScreenFiles(part, parts))(
      '%s renders with fixtures; its outline as snapshotted',
      async (file) => {
        const name = file.replace(/\.yaml$/, '');
        const definition = parse(readFileSync(join(SCREENS_DIR, file), 'utf8')) as ScreenDefinition;
        await expectRenderedOutline(name, definition);
      },
      30_000,
    );
  });
}
