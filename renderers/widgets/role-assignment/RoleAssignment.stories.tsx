/** The role assignment: only roles can be added (as own); inherited rows cannot be deleted. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ValueHolder, WithFixtures } from '../../selectors/story-support.tsx';
import { RoleAssignment } from './RoleAssignment.tsx';

const meta: Meta<typeof RoleAssignment> = { title: 'Widgets/roleAssignment', component: RoleAssignment };
export default meta;

type Story = StoryObj<typeof RoleAssignment>;

const HELD = [
  { id: 'r1', name: '申报人', subSystemName: '经营者集中申报', source: 'own', canDelete: true, type: 'role' },
  {
    id: 'r2',
    name: '审查员',
    subSystemName: '经营者集中申报',
    source: 'other',
    canDelete: false,
    type: 'role',
  },
  {
    id: 'r4',
    name: '系统管理员',
    subSystemName: '平台管理',
    source: 'own,other',
    canDelete: true,
    type: 'role',
  },
];

const holder = (initial: unknown, readOnly?: boolean) => (
  <WithFixtures>
    <ValueHolder<unknown> initial={initial}>
      {(value, onChange) => <RoleAssignment value={value} onChange={onChange} readOnly={readOnly} />}
    </ValueHolder>
  </WithFixtures>
);

export const Empty: Story = { render: () => holder([]) };

/** 审查员 is inherited (no delete); deleting 系统管理员 leaves its inherited row. */
export const OwnAndInherited: Story = { render: () => holder(HELD) };

export const ReadOnly: Story = { render: () => holder(HELD, true) };
