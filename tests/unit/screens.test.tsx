/**
 * Every file of schemas/screens: passes the schema check (meta-schemas plus look-ups), uses a kind the
 * renderer registers and translation keys present in every language, and renders with fixture data;
 * its outline (what the DOM shows and what the definition wires: support/screen-outline.ts) is
 * snapshotted, one short readable entry per screen. A screen given only as YAML (a test fixture) renders too. Registries agree with the
 * name lists the checker reads. The renderer shows a readable panel for what would break a screen.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { parse } from 'yaml';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeAllScreenDialogs } from '../../renderers/dialogs/dialog-store.ts';
import { createFixtureDataSource } from '../../renderers/fixtures/index.ts';
import { ScreenFixtures } from '../../renderers/fixtures/ScreenFixtures.tsx';
import { registerScreenKind, registeredScreenKinds } from '../../renderers/registry.ts';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import { asScreenDefinition, screenNames } from '../../renderers/screen-loader.ts';
import { ScreenError } from '../../renderers/screen-error.ts';
import type { ScreenDefinition } from '../../renderers/screen-types.ts';
import { SCHEMAS_DIR } from '../../schemas/catalogue.ts';
import { i18n } from '../../src/i18n/i18n.ts';
import { LANGUAGES } from '../../src/i18n/languages.ts';
import { checkTree } from '../../tools/schema-check/check-tree.ts';
import { formatError } from '../../tools/schema-check/report.ts';
import { setupTestI18n } from './support/i18n.ts';
import { renderedOutline, wiredActions } from './support/screen-outline.ts';
import '../../renderers/kinds.ts';
import { appFacts } from './support/renderer-environment.ts';

const ROOT = join(SCHEMAS_DIR, '..');
const SCREENS_DIR = join(SCHEMAS_DIR, 'screens');
const screenFiles = readdirSync(SCREENS_DIR)
  .filter((f) => f.endsWith('.yaml'))
  .sort();

/** Params a screen is opened with in the app (a record id…); screens not named here get none. */
const SCREEN_PARAMS: Record<string, Record<string, unknown>> = {
  'message-detail': { id: 'm1' },
  'message-reply': { id: 'm1' },
  'group-members': { id: 'g1' },
  'review-case': { id: 'c2' },
  'review-document': { id: 'd1' },
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
};

function renderWithFixtures(ui: React.ReactNode, dataSource = createFixtureDataSource()) {
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
async function settled(container: HTMLElement) {
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

/** Every translation key a screen file names: titles, labels, messages, confirms. */
function keysOf(node: unknown, keys = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => keysOf(n, keys));
  else if (node && typeof node === 'object') {
    for (const [name, value] of Object.entries(node)) {
      if (
        ['title', 'label', 'confirm', 'success', 'message', 'tooltip'].includes(name) &&
        typeof value === 'string' &&
        /^[A-Za-z][\w-]*(\.[\w-]+)+$/.test(value)
      )
        keys.add(value);
      else keysOf(value, keys);
    }
  }
  return keys;
}

beforeAll(async () => {
  await setupTestI18n('zh-CN');
  dayjs.locale('zh-cn');
});

afterEach(() => {
  closeAllScreenDialogs();
  cleanup();
});

describe('screen files', () => {
  const { errors } = checkTree({ root: ROOT });

  it('are all bundled for the renderer', () => {
    // As sets: 'group-members-form.yaml' sorts before 'group-members.yaml', the names the other way.
    expect([...screenNames()].sort()).toEqual(screenFiles.map((f) => f.replace(/\.yaml$/, '')).sort());
  });

  it.each(screenFiles)('%s passes the schema check and uses a registered kind', (file) => {
    const mine = errors.filter((error) => error.file === `schemas/screens/${file}`).map(formatError);
    expect(mine).toEqual([]);
    const data = parse(readFileSync(join(SCREENS_DIR, file), 'utf8')) as ScreenDefinition;
    expect(registeredScreenKinds()).toContain(data.kind);
  });

  it.each(screenFiles)('%s names only translation keys that exist in every language', (file) => {
    const keys = keysOf(parse(readFileSync(join(SCREENS_DIR, file), 'utf8')));
    const missing = [...keys].flatMap((key) =>
      LANGUAGES.filter((lng) => !i18n.exists(key, { lng })).map((lng) => `${lng}: ${key}`),
    );
    expect(missing).toEqual([]);
  });

  it.each(screenFiles)(
    '%s renders with fixtures; its outline as snapshotted',
    async (file) => {
      const name = file.replace(/\.yaml$/, '');
      const definition = parse(readFileSync(join(SCREENS_DIR, file), 'utf8')) as ScreenDefinition;
      const { container } = renderWithFixtures(<ScreenRenderer name={name} params={SCREEN_PARAMS[name]} />);
      await settled(container);
      expect(container.querySelector('[data-testid="screen-error"]')).toBeNull();
      const rendered = renderedOutline(container);
      expect(rendered.heading ?? rendered.fields ?? rendered.columns).toBeDefined();
      const buttons = [...(rendered.buttons ?? []), ...(rendered.rowButtons ?? [])];
      expect({
        kind: definition.kind,
        title: definition.title ? i18n.t(definition.title) : undefined,
        ...rendered,
        actions: wiredActions(definition, i18n, buttons),
      }).toMatchSnapshot();
    },
    30_000,
  );
});

describe('a new screen is only a YAML file', () => {
  it('checks clean and renders from the file alone', async () => {
    const dir = join(ROOT, 'tests', 'fixtures', 'new-screen');
    const { errors } = checkTree({ root: ROOT, screensDir: dir });
    expect(errors.filter((e) => e.file.startsWith('tests/')).map(formatError)).toEqual([]);
    const definition = asScreenDefinition(
      'audit-tenants',
      parse(readFileSync(join(dir, 'audit-tenants.yaml'), 'utf8')),
    );
    const { container, dataSource } = renderWithFixtures(
      <ScreenRenderer name="audit-tenants" screen={definition} />,
    );
    const table = await screen.findByRole('table');
    await within(table).findByText('华东能源股份有限公司');
    await settled(container);
    expect(dataSource.calls[0]).toEqual({
      operation: 'saas.tenant.query',
      request: {
        body: {
          parameters: [],
          requestPage: { pageNo: 1, limit: 10 },
          sorts: [{ field: 'name', order: 'ASC' }],
        },
      },
    });
    // Only waiting tenants' rows get the approve link; its confirm names the tenant.
    expect(within(table).getAllByRole('button', { name: '审核通过' }).length).toBeGreaterThan(0);
    expect(screen.getByRole('heading', { name: '待审核' })).toBeTruthy();
  }, 30_000);
});

describe('employee-list', () => {
  it('asks for page 1 of 20 sorted by creation time and shows the formatted rows', async () => {
    const { container, dataSource } = renderWithFixtures(<ScreenRenderer name="employee-list" />);
    const table = await screen.findByRole('table');
    await within(table).findByText('王伟');
    await settled(container);
    expect(dataSource.calls[0]).toEqual({
      operation: 'employee.query',
      request: {
        body: {
          parameters: [],
          requestPage: { pageNo: 1, limit: 20 },
          sorts: [{ field: 'createTime', order: 'DESC' }],
        },
      },
    });
    expect(screen.getByText('员工管理')).toBeTruthy();
    expect(screen.getByRole('search')).toBeTruthy();
    expect(within(table).getAllByText('锁定').length).toBeGreaterThan(0);
    expect(within(table).getByText('2024-05-01 08:30:00')).toBeTruthy();
    expect(within(table).getByText('演示企业集团法律合规与反…')).toBeTruthy();
    expect(screen.getByTestId('list-total').textContent).toBe('共 57 条');
    for (const label of ['新增', '删除', '激活', '禁用', '重置密码', '切换用户']) {
      expect(screen.getByRole('button', { name: new RegExp(label) })).toBeTruthy();
    }
  }, 30_000);
});

describe('registries and the name lists the checker reads', () => {
  it('every registered widget is in widget-names.json and every listed name is registered', async () => {
    // Widget registrations live in modules named renderers/widgets/*-widgets.ts (lazy components).
    await Promise.all(
      Object.values(import.meta.glob('../../renderers/widgets/*-widgets.ts')).map((load) => load()),
    );
    const { registeredWidgets } = await import('../../renderers/widgets/registry.ts');
    const names = JSON.parse(
      readFileSync(join(ROOT, 'renderers', 'widgets', 'widget-names.json'), 'utf8'),
    ) as string[];
    expect([...names].sort()).toEqual(registeredWidgets());
  });
});

describe('ScreenRenderer errors', () => {
  it('shows a panel for a screen that does not exist', async () => {
    renderWithFixtures(<ScreenRenderer name="no-such-screen" />);
    const panel = await screen.findByTestId('screen-error');
    expect(panel.textContent).toContain('找不到界面配置“no-such-screen”');
  });

  it('shows a panel for a kind nobody registered', async () => {
    renderWithFixtures(<ScreenRenderer name="odd" screen={{ kind: 'kanban', title: 'x.y' }} />);
    const panel = await screen.findByTestId('screen-error');
    expect(panel.textContent).toContain('界面“odd”的类型“kanban”不受支持');
  });

  it('shows a panel for an action nobody registered, an unknown operation, a broken expression or a missing text', async () => {
    const base = {
      kind: 'list',
      operation: 'employee.query',
      columns: [{ field: 'name', title: 'employee.field.name' }],
    };
    const cases: [ScreenDefinition, string][] = [
      [{ ...base, toolbar: [{ type: 'frob' }] }, '/toolbar/0/type: unknown action frob'],
      [{ ...base, operation: 'employee.qeury' }, '/operation: unknown operation employee.qeury'],
      [{ ...base, toolbar: [{ type: 'refresh', visible: 'record.status ==' }] }, '/toolbar/0/visible'],
      [{ ...base, title: 'employee.list.titel' }, '/title: missing translation employee.list.titel'],
    ];
    for (const [definition, detail] of cases) {
      renderWithFixtures(<ScreenRenderer name="bad" screen={definition} />);
      const panel = await screen.findByTestId('screen-error');
      expect(panel.textContent).toContain('界面配置“bad”有误');
      expect(panel.textContent).toContain(detail);
      cleanup();
    }
  });

  it('shows a panel when a screen crashes while rendering', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    registerScreenKind('test-crash', () => {
      throw new Error('boom');
    });
    renderWithFixtures(<ScreenRenderer name="broken" screen={{ kind: 'test-crash' }} />);
    expect((await screen.findByTestId('screen-error')).textContent).toContain('页面显示出错：boom');
    spy.mockRestore();
  });

  it('rejects data that cannot be a screen', () => {
    expect(() => asScreenDefinition('bad', ['kind'])).toThrow(ScreenError);
    expect(() => asScreenDefinition('bad', { title: 'no.kind' })).toThrow(/invalid/);
  });
});
