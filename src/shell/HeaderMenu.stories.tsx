/** The horizontal header menu: top-level entries; arrows appear when they do not fit. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { HeaderMenu } from './HeaderMenu.tsx';
import type { MenuEntry } from './menu-model.ts';
import { STORY_MENUS } from './stories/StoryShell.tsx';

function Demo({ entries, width }: { entries: MenuEntry[]; width: number }) {
  const [active, setActive] = useState(entries[0]?.id);
  return (
    <div
      style={{
        width,
        height: 50,
        background: '#fff',
        border: '1px solid #eee',
        ['--mf-header-text' as string]: '#303133',
      }}
    >
      <HeaderMenu entries={entries} activeId={active} onChoose={(e) => setActive(e.id)} />
    </div>
  );
}

const meta: Meta<typeof Demo> = {
  title: 'Shell/Header menu',
  component: Demo,
  args: { entries: STORY_MENUS, width: 900 },
};
export default meta;
type Story = StoryObj<typeof Demo>;

export const Fits: Story = {};

/** Twelve entries in 420 px: the scroll arrows show (clicks and the wheel scroll at most every 300 ms). */
export const Overflowing: Story = {
  args: {
    width: 420,
    entries: Array.from({ length: 12 }, (_, i) => ({ ...STORY_MENUS[i % 3], id: `e${i}` })),
  },
};
