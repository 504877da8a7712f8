/** The tree kind: org-tree.yaml over fixture organisations (drag to move and sort, right-click menu). */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { ScreenRenderer } from '../ScreenRenderer.tsx';
import { WithFixtures } from '../selectors/story-support.tsx';

const meta: Meta<typeof ScreenRenderer> = {
  title: 'Screen kinds/tree',
  component: ScreenRenderer,
  args: { name: 'org-tree' },
};
export default meta;

type Story = StoryObj<typeof ScreenRenderer>;

/** Expand a node to load its children; drag to move or reorder; right-click a node for add/edit/remove. */
export const OrganisationTree: Story = {
  render: (args) => (
    <WithFixtures>
      <ScreenRenderer {...args} />
    </WithFixtures>
  ),
};

/** Every level answers after 800 ms: the first load and each expand show their spinners. */
export const SlowServer: Story = {
  render: (args) => (
    <WithFixtures delayMs={800}>
      <ScreenRenderer {...args} />
    </WithFixtures>
  ),
};

/** A tenant without organisations. */
export const Empty: Story = {
  render: (args) => (
    <WithFixtures overrides={{ 'org.findTreeData': () => [] }}>
      <ScreenRenderer {...args} />
    </WithFixtures>
  ),
};
