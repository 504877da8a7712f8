/** The organisation picker widget: name and path of the chosen organisation; 'belongs to' and 'clear' in its dialog. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ValueHolder, WithFixtures } from '../../selectors/story-support.tsx';
import { OrgPicker, type OrgSummary } from './OrgPicker.tsx';

const meta: Meta<typeof OrgPicker> = { title: 'Widgets/orgPicker', component: OrgPicker };
export default meta;

type Story = StoryObj<typeof OrgPicker>;

const holder = (
  initial: string | OrgSummary | undefined,
  props: { readOnly?: boolean; valueType?: 'id' | 'object' } = {},
) => (
  <WithFixtures>
    <div style={{ maxWidth: 420 }}>
      <ValueHolder<string | OrgSummary | undefined> initial={initial}>
        {(value, onChange) => <OrgPicker value={value} onChange={onChange} {...props} />}
      </ValueHolder>
    </div>
  </WithFixtures>
);

export const Empty: Story = { render: () => holder(undefined) };

/** An id from the record: named (with its path) through org.transfer. */
export const WithAnId: Story = { render: () => holder('o311') };

export const ObjectValue: Story = { render: () => holder(undefined, { valueType: 'object' }) };

export const ReadOnly: Story = { render: () => holder('o31', { readOnly: true }) };
