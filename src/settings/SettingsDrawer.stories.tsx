/** The settings drawer: 7 themes, colour, language, size and header tools. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { StoryShell } from '../shell/stories/StoryShell.tsx';
import SettingsDrawer from './SettingsDrawer.tsx';

function Demo() {
  return (
    <StoryShell>
      <SettingsDrawer open onClose={() => undefined} />
    </StoryShell>
  );
}

const meta: Meta<typeof Demo> = { title: 'Shell/Settings drawer', component: Demo };
export default meta;
export const Open: StoryObj<typeof Demo> = {};
