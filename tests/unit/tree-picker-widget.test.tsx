/**
 * The tree picker widget: a drop-down tree over a tree operation; the root is disabled, children load
 * as nodes open, an id whose node is not loaded is named through the lookup operation, and `choosable`
 * limits what can be picked.
 */
import { useState } from 'react';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { TreePicker } from '../../renderers/widgets/tree-picker/TreePicker.tsx';
import { setupTestI18n } from './support/i18n.ts';
import { renderWithPeople } from './support/people-harness.tsx';

const SLOW = { timeout: 10_000 };

beforeAll(async () => {
  await setupTestI18n('zh-CN');
});

afterEach(() => cleanup());

function Picker(props: { initial?: unknown; multiple?: boolean; choosable?: string }) {
  const [value, setValue] = useState<unknown>(props.initial);
  return (
    <>
      <TreePicker
        value={value}
        onChange={setValue}
        operation="org.findTreeData"
        lookup="org.transfer"
        multiple={props.multiple}
        choosable={props.choosable}
      />
      <output data-testid="value">{value === undefined ? 'undefined' : JSON.stringify(value)}</output>
    </>
  );
}

const valueText = () => screen.getByTestId('value').textContent;
/** antd opens a select on mouse-down on its box (the inner element's name differs between versions). */
const openDropdown = () => {
  const select = document.querySelector('.ant-select')!;
  fireEvent.mouseDown(select.querySelector('.ant-select-content, .ant-select-selector') ?? select);
};
const option = (name: string) => screen.getByTitle(name);

// The first render loads the screen kinds and antd parts lazily, which is slow on a busy machine.
describe('tree picker', { timeout: 20_000 }, () => {
  it('names an id whose node is not loaded through the lookup', async () => {
    const h = renderWithPeople(<Picker initial="o311" />);
    await waitFor(
      () => expect(document.querySelector('.ant-select')!.textContent).toContain('经营者集中审查组'),
      SLOW,
    );
    expect(h.callsOf('org.transfer').map((c) => c.request)).toEqual([{ query: { ids: 'o311' } }]);
  });

  it('picks a node; the root is disabled and cannot be picked', async () => {
    const h = renderWithPeople(<Picker />);
    await waitFor(() => expect(h.callsOf('org.findTreeData')).toHaveLength(1));
    openDropdown();
    await screen.findByTitle('财务部', {}, SLOW);
    const root = option('演示企业集团').closest('.ant-select-tree-treenode') as HTMLElement;
    expect(root.className).toContain('ant-select-tree-treenode-disabled');
    fireEvent.click(option('演示企业集团'));
    expect(valueText()).toBe('undefined');
    fireEvent.click(option('财务部'));
    await waitFor(() => expect(valueText()).toBe('"o2"'));
  });

  it('with choosable, other nodes are shown but cannot be picked', async () => {
    const h = renderWithPeople(<Picker choosable="record.isParent == false" />);
    await waitFor(() => expect(h.callsOf('org.findTreeData')).toHaveLength(1));
    openDropdown();
    await screen.findByTitle('财务部', {}, SLOW);
    fireEvent.click(option('综合管理部')); // has children: not choosable
    expect(valueText()).toBe('undefined');
    fireEvent.click(option('财务部'));
    await waitFor(() => expect(valueText()).toBe('"o2"'));
  });
});
