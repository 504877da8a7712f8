/** The tree picker: a drop-down tree over any tree operation (here the organisations). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ValueHolder, WithFixtures } from '../../selectors/story-support.tsx';
import { TreePicker } from './TreePicker.tsx';

const meta: Meta<typeof TreePicker> = { title: 'Widgets/treePicker', component: TreePicker };
export default meta;

type Story = StoryObj<typeof TreePicker>;

const holder = (initial: unknown, props: { multiple?: boolean; choosable?: string } = {}) => (
  <WithFixtures>
    <div style={{ maxWidth: 360 }}>
      <ValueHolder<unknown> initial={initial}>
        {(value, onChange) => (
          <TreePicker
            value={value}
            onChange={onChange}
            operation="org.findTreeData"
            lookup="org.transfer"
            {...props}
          />
        )}
      </ValueHolder>
    </div>
  </WithFixtures>
);

export const Single: Story = { render: () => holder(undefined) };

/** The value's node is two levels down and not loaded: its name comes from org.transfer. */
export const WithDeepValue: Story = { render: () => holder('o311') };

export const Multiple: Story = { render: () => holder(['o2', 'o31'], { multiple: true }) };

/** Only leaves can be picked (`choosable: record.isParent == false`). */
export const LeavesOnly: Story = {
  render: () => holder(undefined, { choosable: 'record.isParent == false' }),
};
