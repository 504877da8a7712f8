/** The user-group table: add (through the user-group selector; duplicates skipped), clear, remove. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ValueHolder, WithFixtures } from '../../selectors/story-support.tsx';
import type { UserGroupEntry } from './group-entries.ts';
import { UserGroupTable } from './UserGroupTable.tsx';

const meta: Meta<typeof UserGroupTable> = { title: 'Widgets/userGroupSelector', component: UserGroupTable };
export default meta;

type Story = StoryObj<typeof UserGroupTable>;

const SOME: UserGroupEntry[] = [
  { groupId: 'g1', groupName: '审查委员会', groupAlias: 'reviewBoard' },
  { groupId: 'g2', groupName: '法务小组', groupAlias: 'legalTeam' },
];

const holder = (initial: UserGroupEntry[], readOnly?: boolean) => (
  <WithFixtures>
    <ValueHolder<UserGroupEntry[]> initial={initial}>
      {(value, onChange) => <UserGroupTable value={value} onChange={onChange} readOnly={readOnly} />}
    </ValueHolder>
  </WithFixtures>
);

export const Empty: Story = { render: () => holder([]) };

/** Add 审查委员会 again from the selector: it is skipped, with a notice. */
export const WithGroups: Story = { render: () => holder(SOME) };

export const ReadOnly: Story = { render: () => holder(SOME, true) };
