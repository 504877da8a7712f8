/** The post assignment: position tree → table; main post Y makes the others N; principal toggles Y/N. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ValueHolder, WithFixtures } from '../../selectors/story-support.tsx';
import { PostAssignment } from './PostAssignment.tsx';

const meta: Meta<typeof PostAssignment> = { title: 'Widgets/postAssignment', component: PostAssignment };
export default meta;

type Story = StoryObj<typeof PostAssignment>;

const HELD = [
  { id: 'p1', name: '总经理', parentId: '0', isMainPost: true, isPrincipal: false },
  { id: 'p22', name: '法务经理', parentId: 'p2', isMainPost: false, isPrincipal: true },
];

const holder = (initial: unknown, readOnly?: boolean) => (
  <WithFixtures>
    <ValueHolder<unknown> initial={initial}>
      {(value, onChange) => <PostAssignment value={value} onChange={onChange} readOnly={readOnly} />}
    </ValueHolder>
  </WithFixtures>
);

/** Press add with nothing checked: 你还没有选择任何节点！ */
export const Empty: Story = { render: () => holder([]) };

export const WithPosts: Story = { render: () => holder(HELD) };

export const ReadOnly: Story = { render: () => holder(HELD, true) };
