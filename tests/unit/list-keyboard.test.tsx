/**
 * A 10,000-row page (a virtual table: only the rows in view exist) used from the keyboard: one row in the
 * tab order; ArrowDown/ArrowUp move the focus, scrolling the body so rows never drawn before are drawn
 * and focused; Home/End jump; Enter runs the row's first action the viewer may use, for that row; the
 * keys of a short (plain) page are left alone.
 */
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import zhCN from 'antd/es/locale/zh_CN';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeAllScreenDialogs } from '../../renderers/dialogs/dialog-store.ts';
import { createFixtureDataSource, listPage, type FixtureDataSource } from '../../renderers/fixtures/index.ts';
import { recordingUi, ScreenFixtures } from '../../renderers/fixtures/ScreenFixtures.tsx';
import type { ListScreenDefinition } from '../../renderers/list/list-types.ts';
import { rowAfterKey } from '../../renderers/list/useRowKeyboard.ts';
import { ScreenRenderer } from '../../renderers/ScreenRenderer.tsx';
import { setupTestI18n } from './support/i18n.ts';

// happy-dom lays nothing out: the virtual body reports the height the table gives it (520 px), as a
// browser does, so the list can work out whether a row is in view and scroll to it.
const VIRTUAL_HOLDER = 'ant-table-tbody-virtual-holder';
beforeAll(async () => {
  await setupTestI18n('zh-CN');
  const inherited = Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight');
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.classList.contains(VIRTUAL_HOLDER) ? 520 : (inherited?.get?.call(this) ?? 0);
    },
  });
});
afterAll(() => {
  delete (HTMLElement.prototype as { clientHeight?: number }).clientHeight;
});

afterEach(() => {
  closeAllScreenDialogs();
  cleanup();
});

const ROWS = Array.from({ length: 10_000 }, (_, i) => ({ id: `r${i}`, name: `案件${i}` }));

function screenOf(pageSize: number): ListScreenDefinition {
  return {
    kind: 'list',
    operation: 'employee.query',
    defaultPageSize: pageSize,
    pageSizes: [20, 50, 100, 1000, 10_000],
    columns: [{ field: 'name', title: 'employee.field.name', width: 200 }],
    rowActions: [
      // Hidden on every row: Enter skips it for the first one the row shows.
      { type: 'api', label: 'action.remove', operation: 'bench.never', visible: "record.id == 'none'" },
      {
        type: 'api',
        label: 'action.view',
        operation: 'bench.open',
        query: { id: 'record.id' },
        success: false,
        refresh: false,
      },
    ],
  };
}

function open(pageSize: number) {
  const fixtures = createFixtureDataSource({
    overrides: { 'bench.query': (r) => listPage(ROWS, r), 'bench.open': () => ({}) },
  });
  const source: FixtureDataSource = Object.assign(
    (operation: string, request: Parameters<FixtureDataSource>[1]) =>
      fixtures(operation === 'employee.query' ? 'bench.query' : operation, request),
    { calls: fixtures.calls },
  );
  const { ui } = recordingUi(true);
  const view = render(
    <ConfigProvider locale={zhCN} theme={{ hashed: false }}>
      <ScreenFixtures dataSource={source} ui={ui}>
        <ScreenRenderer name="keyboard" screen={screenOf(pageSize)} />
      </ScreenFixtures>
    </ConfigProvider>,
  );
  const opened = () =>
    fixtures.calls
      .filter((c) => c.operation === 'bench.open')
      .map((c) => (c.request.query as { id: string }).id);
  return { ...view, opened, calls: fixtures.calls };
}

const rowByKey = (container: HTMLElement, key: string) =>
  container.querySelector<HTMLElement>(`[data-row-key="${key}"]`);
const focusedKey = () => (document.activeElement as HTMLElement | null)?.getAttribute('data-row-key');

async function press(key: string) {
  const row = document.activeElement as HTMLElement;
  await act(async () => {
    fireEvent.keyDown(row, { key });
  });
}

describe('keyboard in a virtual list', () => {
  it('moves row by row through a 10,000-row page, drawing rows as it goes, and opens with Enter', async () => {
    const { container, opened, calls } = open(10_000);
    await waitFor(() => expect(screen.getByTestId('list-total').textContent).toBe('共 10000 条'), {
      timeout: 20_000,
    });
    expect(container.querySelector('.ant-table-tbody-virtual')).toBeTruthy();
    await waitFor(() => expect(rowByKey(container, 'r0')).toBeTruthy(), { timeout: 10_000 });

    // One row in the tab order: the first.
    expect(rowByKey(container, 'r0')!.tabIndex).toBe(0);
    expect(rowByKey(container, 'r1')!.tabIndex).toBe(-1);
    const drawn = container.querySelectorAll('.ant-table-row').length;
    expect(drawn).toBeLessThan(200);
    expect(rowByKey(container, 'r40')).toBeNull();

    await act(async () => rowByKey(container, 'r0')!.focus());
    await press('ArrowUp'); // already the first
    expect(focusedKey()).toBe('r0');
    await press('ArrowDown');
    await waitFor(() => expect(focusedKey()).toBe('r1'));
    // The focused row is now the one in the tab order.
    await waitFor(() => expect(rowByKey(container, 'r1')!.tabIndex).toBe(0));
    expect(rowByKey(container, 'r0')!.tabIndex).toBe(-1);

    // Far below what was first drawn: the body scrolls and each row is drawn before it takes the focus.
    for (let i = 2; i <= 40; i += 1) {
      await press('ArrowDown');
      await waitFor(() => expect(focusedKey()).toBe(`r${i}`), { timeout: 2_000 });
    }
    expect(container.querySelectorAll('.ant-table-row').length).toBeLessThan(200);
    await press('ArrowUp');
    await waitFor(() => expect(focusedKey()).toBe('r39'));

    await press('Enter');
    await waitFor(() => expect(opened()).toEqual(['r39']));
    expect(calls.some((c) => c.operation === 'bench.never')).toBe(false);

    await press('End');
    await waitFor(() => expect(focusedKey()).toBe('r9999'), { timeout: 5_000 });
    await press('Enter');
    await waitFor(() => expect(opened()).toEqual(['r39', 'r9999']));
    await press('Home');
    await waitFor(() => expect(focusedKey()).toBe('r0'), { timeout: 5_000 });
  }, 120_000);

  it('leaves a short page a plain table', async () => {
    const { container } = open(20);
    await waitFor(() => expect(rowByKey(container, 'r0')).toBeTruthy(), { timeout: 10_000 });
    expect(container.querySelector('.ant-table-tbody-virtual')).toBeNull();
    expect(rowByKey(container, 'r0')!.hasAttribute('tabindex')).toBe(false);
  }, 30_000);
});

describe('rowAfterKey', () => {
  it('moves within the rows and ignores other keys', () => {
    expect(rowAfterKey('ArrowDown', 0, 3)).toBe(1);
    expect(rowAfterKey('ArrowDown', 2, 3)).toBe(2);
    expect(rowAfterKey('ArrowUp', 0, 3)).toBe(0);
    expect(rowAfterKey('End', 0, 3)).toBe(2);
    expect(rowAfterKey('Home', 2, 3)).toBe(0);
    expect(rowAfterKey('a', 1, 3)).toBeNull();
  });
});
