/** The side menu: the chosen top-level entry's branch, one branch open at a time, and the empty state. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { SideMenu } from './SideMenu.tsx';
import { StoryShell, STORY_MENUS } from './stories/StoryShell.tsx';

function Demo({ top, collapsed, theme }: { top: number; collapsed: boolean; theme: 'dark' | 'light' }) {
  return (
    <StoryShell path="/system/orgTree">
      <div
        style={{
          width: collapsed ? 65 : 210,
          background: theme === 'dark' ? '#304156' : '#fff',
          minHeight: 300,
        }}
      >
        <SideMenu menus={STORY_MENUS} top={STORY_MENUS[top]} collapsed={collapsed} theme={theme} />
      </div>
    </StoryShell>
  );
}

const meta: Meta<typeof Demo> = {
  title: 'Shell/Side menu',
  component: Demo,
  args: { top: 0, collapsed: false, theme: 'dark' },
};
export default meta;
type Story = StoryObj<typeof Demo>;

export const SystemBranch: Story = {};
export const NestedBranch: Story = { args: { top: 1 } };
export const Collapsed: Story = { args: { collapsed: true } };
export const LightTheme: Story = { args: { theme: 'light' } };
/** A top-level folder with nothing in it. */
export const Empty: Story = { args: { top: 5 } };
