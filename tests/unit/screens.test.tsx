/**
 * Every file of schemas/screens: passes the schema check (meta-schemas plus look-ups), uses a kind the
 * renderer registers and translation keys present in every language (each also renders with fixture
 * data and has its outline snapshotted: screens-render-*.test.tsx). A screen given only as YAML (a test
 * fixture) renders too. Registries agree with the
 * name lists the checker reads. The renderer shows a readable panel for what would break a screen.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cleanup, screen, within } from '@testing-library/react';
import { parse } from 'yaml';
import { describe, expect, it, vi } from 'vitest';
import { registerScreenKind, registeredScreenKinds } from '../../renderers/registry.ts';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import { asScreenDefinition, screenNames } from '../../renderers/screen-loader.ts';
import { ScreenError } from '../../renderers/screen-error.ts';
import type { ScreenDefinition } from '../../renderers/screen-types.ts';
import { i18n } from '../../src/i18n/i18n.ts';
import { LANGUAGES } from '../../src/i18n/languages.ts';
import { readScreenFile } from '../../schemas/option-set-files.ts';
import { checkTree } from '../../tools/schema-check/check-tree.ts';
import { formatError } from '../../tools/schema-check/report.ts';
import {
  renderWithFixtures,
  ROOT,
  SCREENS_DIR,
  screenFiles,
  settled,
  screenTestSetup,
} from './support/screen-render.tsx';

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

screenTestSetup();

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
    const keys = keysOf(readScreenFile(join(SCREENS_DIR, file)));
    const missing = [...keys].flatMap((key) =>
      LANGUAGES.filter((lng) => !i18n.exists(key, { lng })).map((lng) => `${lng}: ${key}`),
    );
    expect(missing).toEqual([]);
  });
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
