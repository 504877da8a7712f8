/**
 * The generic selector dialog on the product screens: the user-group selector (title, search by
 * name and alias, columns name and alias, 415 px high and 60 % wide; confirming with nothing chosen
 * warns and keeps the dialog; a choice survives paging; single choice replaces) and the org picker's
 * tree dialog ('belongs to' needs a node: 'please select a node first'; 'clear'; the root cannot be
 * chosen).
 */
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeAllScreenDialogs } from '../../renderers/dialogs/index.ts';
import { openSelector } from '../../renderers/selectors/open-selector.ts';
import type { SelectorResult } from '../../renderers/selectors/selector-types.ts';
import { setupTestI18n } from './support/i18n.ts';
import { renderWithPeople } from './support/people-harness.tsx';

const SLOW = { timeout: 10_000 };

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

afterEach(() => {
  closeAllScreenDialogs();
  cleanup();
});

/** Opens a selector in the harness's dialog host; `result()` tells whether and how it settled. */
async function open(screenName: string, params: Record<string, unknown> = {}) {
  const h = renderWithPeople(null);
  let settled = false;
  let value: SelectorResult;
  act(() => {
    void openSelector(screenName, params).then((r) => {
      settled = true;
      value = r;
    });
  });
  const dialog = await screen.findByTestId(`screen-dialog-${screenName}`, {}, SLOW);
  await within(dialog).findByTestId('selector-screen', {}, SLOW);
  return { h, dialog, result: () => ({ settled, value }) };
}

function rowOf(name: string): HTMLElement {
  return screen.getByText(name, { selector: 'td' }).closest('tr') as HTMLElement;
}

// The first render loads the screen kinds and antd parts lazily, which is slow on a busy machine.
describe('user-group selector', { timeout: 20_000 }, () => {
  it('is titled, 60 % wide and 415 px high, searches by name and alias, and shows name and alias', async () => {
    const { h, dialog } = await open('user-group-selector');
    await within(dialog).findByText('审查委员会', {}, SLOW);
    expect(within(dialog).getByText('用户组选择器')).toBeTruthy();
    expect((dialog.querySelector('.ant-modal') as HTMLElement).style.width).toBe('60%');
    expect((dialog.querySelector('.ant-modal-body') as HTMLElement).style.height).toBe('415px');
    const headers = within(dialog)
      .getAllByRole('columnheader')
      .map((c) => c.textContent);
    expect(headers).toEqual(expect.arrayContaining(['用户组名称', '用户组别名']));
    expect(h.callsOf('group.query')[0].request.body).toMatchObject({
      parameters: [],
      requestPage: { pageNo: 1, limit: 10 },
    });

    const search = within(dialog).getByRole('search');
    fireEvent.change(within(search).getByLabelText('用户组别名'), { target: { value: 'legal' } });
    fireEvent.change(within(search).getByLabelText('用户组名称'), { target: { value: '法务' } });
    fireEvent.submit(search);
    await waitFor(() =>
      expect(h.callsOf('group.query').at(-1)!.request.body).toMatchObject({
        parameters: [
          { key: 'name', value: '法务' },
          { key: 'alias', value: 'legal' },
        ],
      }),
    );
    await waitFor(() => expect(within(dialog).queryByText('审查委员会')).toBeNull());
    expect(within(dialog).getByText('法务小组')).toBeTruthy();
  });

  it('warns when confirming with nothing chosen and stays open', async () => {
    const { h, dialog, result } = await open('user-group-selector');
    await within(dialog).findByText('审查委员会', {}, SLOW);
    fireEvent.click(within(dialog).getByTestId('selector-confirm'));
    expect(h.ui.warnings).toEqual(['请选择记录']);
    await Promise.resolve();
    expect(result().settled).toBe(false);
    expect(screen.getByTestId('screen-dialog-user-group-selector')).toBeTruthy();
  });

  it('keeps the choice across pages and confirms every chosen row', async () => {
    const { dialog, result } = await open('user-group-selector');
    await within(dialog).findByText('审查委员会', {}, SLOW);
    fireEvent.click(within(rowOf('审查委员会')).getByRole('checkbox'));
    fireEvent.click(rowOf('财务小组')); // a click on the row works as well
    fireEvent.click(within(dialog).getByTitle('2'));
    await within(dialog).findByText('工会', {}, SLOW);
    fireEvent.click(within(rowOf('工会')).getByRole('checkbox'));
    const chosen = within(dialog).getByTestId('selector-chosen');
    expect(chosen.textContent).toContain('已选择 3 项');
    // Unchecking on this page drops only this page's row.
    fireEvent.click(within(rowOf('工会')).getByRole('checkbox'));
    expect(chosen.textContent).toContain('已选择 2 项');
    fireEvent.click(within(rowOf('团委')).getByRole('checkbox'));

    fireEvent.click(within(dialog).getByTestId('selector-confirm'));
    await waitFor(() => expect(result().settled).toBe(true));
    expect(result().value!.map((r) => r.id)).toEqual(['g1', 'g3', 'g12']);
  });

  it('with single choice, a second choice replaces the first', async () => {
    const { dialog, result } = await open('user-group-selector', { multiple: false });
    await within(dialog).findByText('审查委员会', {}, SLOW);
    expect(within(dialog).queryByTestId('selector-chosen')).toBeNull();
    fireEvent.click(within(rowOf('审查委员会')).getByRole('radio'));
    fireEvent.click(within(rowOf('法务小组')).getByRole('radio'));
    fireEvent.click(within(dialog).getByTestId('selector-confirm'));
    await waitFor(() => expect(result().settled).toBe(true));
    expect(result().value!.map((r) => r.id)).toEqual(['g2']);
  });

  it('cancel settles with nothing', async () => {
    const { dialog, result } = await open('user-group-selector');
    // antd spaces out a two-character Chinese label.
    fireEvent.click(within(dialog).getByRole('button', { name: /^取\s?消$/ }));
    await waitFor(() => expect(result().settled).toBe(true));
    expect(result().value).toBeUndefined();
  });
});

// The first render loads the screen kinds and antd parts lazily, which is slow on a busy machine.
describe('org picker dialog', { timeout: 20_000 }, () => {
  it("warns 'please select a node first' without a node, and the root cannot be chosen", async () => {
    const { h, dialog, result } = await open('org-picker');
    const root = await within(dialog).findByText('演示企业集团', { selector: '[data-node-id]' }, SLOW);
    expect(within(dialog).getByText('组织选择器')).toBeTruthy();
    fireEvent.click(root);
    fireEvent.click(within(dialog).getByTestId('selector-confirm'));
    expect(h.ui.warnings).toEqual(['请先选择节点']);
    expect(result().settled).toBe(false);
    expect(within(dialog).getByTestId('selector-confirm').textContent).toMatch(/^所\s?属$/);
  });

  it("'belongs to' settles with the chosen node, name and path included", async () => {
    const { dialog, result } = await open('org-picker');
    fireEvent.click(await within(dialog).findByText('财务部', { selector: '[data-node-id]' }, SLOW));
    fireEvent.click(within(dialog).getByTestId('selector-confirm'));
    await waitFor(() => expect(result().settled).toBe(true));
    expect(result().value).toEqual([
      expect.objectContaining({ id: 'o2', name: '财务部', pathName: '财务部' }),
    ]);
  });

  it("'clear' settles with an empty choice", async () => {
    const { dialog, result } = await open('org-picker');
    fireEvent.click(within(dialog).getByTestId('selector-clear'));
    await waitFor(() => expect(result().settled).toBe(true));
    expect(result().value).toEqual([]);
  });
});
