/**
 * The organisation picker widget: it shows the organisation's name and path (looking an id up with
 * org.transfer), 'belongs to' sets the chosen node, 'clear' empties the value, cancel changes
 * nothing, and read-only offers no button. The rjsf adapter picks id or object by the field's type.
 */
import { useState } from 'react';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { closeAllScreenDialogs } from '../../renderers/dialogs/index.ts';
import { OrgPicker } from '../../renderers/widgets/org-picker/OrgPicker.tsx';
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

function Picker({
  initial,
  valueType,
  readOnly,
}: {
  initial?: unknown;
  valueType?: 'id' | 'object';
  readOnly?: boolean;
}) {
  const [value, setValue] = useState<unknown>(initial);
  return (
    <>
      <OrgPicker value={value} onChange={setValue} valueType={valueType} readOnly={readOnly} />
      <output data-testid="value">{value === undefined ? 'undefined' : JSON.stringify(value)}</output>
    </>
  );
}

const shownName = () => (screen.getByRole('textbox', { name: '所属组织' }) as HTMLInputElement).value;
const valueText = () => screen.getByTestId('value').textContent;

async function openPicker() {
  fireEvent.click(screen.getByRole('button', { name: /选\s?择/ }));
  const dialog = await screen.findByTestId('screen-dialog-org-picker', {}, SLOW);
  await within(dialog).findByText('财务部', { selector: '[data-node-id]' }, SLOW);
  return dialog;
}

// The first render loads the screen kinds and antd parts lazily, which is slow on a busy machine.
describe('organisation picker', { timeout: 20_000 }, () => {
  it('names an id it is given, with its path, through org.transfer', async () => {
    const h = renderWithPeople(<Picker initial="o31" />);
    await waitFor(() => expect(shownName()).toBe('审查一处'));
    expect(screen.getByTestId('org-picker-path').textContent).toBe('组织路径：法律合规部/审查一处');
    expect(h.callsOf('org.transfer').map((c) => c.request)).toEqual([{ query: { ids: 'o31' } }]);
  });

  it("'belongs to' sets the chosen organisation and shows its name and path", async () => {
    renderWithPeople(<Picker />);
    expect(shownName()).toBe('');
    const dialog = await openPicker();
    fireEvent.click(within(dialog).getByText('法律合规部', { selector: '[data-node-id]' }));
    fireEvent.click(within(dialog).getByTestId('selector-confirm'));
    await waitFor(() => expect(valueText()).toBe('"o3"'));
    expect(shownName()).toBe('法律合规部');
    expect(screen.getByTestId('org-picker-path').textContent).toBe('组织路径：法律合规部');
  });

  it("'clear' empties the value; cancel keeps it", async () => {
    renderWithPeople(<Picker initial="o2" />);
    await waitFor(() => expect(shownName()).toBe('财务部'));
    let dialog = await openPicker();
    fireEvent.click(within(dialog).getByText('综合管理部', { selector: '[data-node-id]' }));
    fireEvent.click(within(dialog).getByRole('button', { name: /^取\s?消$/ }));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(valueText()).toBe('"o2"');

    act(() => closeAllScreenDialogs());
    await waitFor(() => expect(screen.queryByTestId('screen-dialog-org-picker')).toBeNull());
    dialog = await openPicker();
    fireEvent.click(within(dialog).getByTestId('selector-clear'));
    await waitFor(() => expect(valueText()).toBe('undefined'));
    expect(shownName()).toBe('');
    expect(screen.queryByTestId('org-picker-path')).toBeNull();
  });

  it('with valueType object the value is the organisation', async () => {
    renderWithPeople(<Picker valueType="object" />);
    const dialog = await openPicker();
    fireEvent.click(within(dialog).getByText('财务部', { selector: '[data-node-id]' }));
    fireEvent.click(within(dialog).getByTestId('selector-confirm'));
    await waitFor(() => expect(valueText()).not.toBe('undefined'));
    expect(JSON.parse(valueText()!)).toEqual({ id: 'o2', name: '财务部', path: 'o2', pathName: '财务部' });
  });

  it('read-only shows the organisation without a button', async () => {
    renderWithPeople(<Picker readOnly initial={{ id: 'o2', name: '财务部', pathName: '财务部' }} />);
    expect(shownName()).toBe('财务部');
    expect(screen.queryByRole('button')).toBeNull();
  });
});
