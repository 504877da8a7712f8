/** The tab strip: drag to reorder, middle-click closes, double-click refreshes, right-click for the menu. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useSetAtom } from 'jotai';
import { useEffect } from 'react';
import { StoryShell } from '../stories/StoryShell.tsx';
import { HOME_TAB, withHome, type PageTab } from './tab-rules.ts';
import TabStrip from './TabStrip.tsx';
import { tabsAtom } from './tabs-store.ts';

const tab = (alias: string, title: string): PageTab => ({
  path: `/system/${alias}`,
  fullPath: `/system/${alias}`,
  name: alias,
  params: {},
  query: {},
  meta: { title },
});

function Seed({ tabs }: { tabs: PageTab[] }) {
  const setTabs = useSetAtom(tabsAtom);
  useEffect(() => setTabs(withHome(tabs)), [setTabs, tabs]);
  return <TabStrip />;
}

function Demo({ tabs, path }: { tabs: PageTab[]; path: string }) {
  return (
    <StoryShell path={path}>
      <div style={{ ['--mf-primary' as string]: '#2F74BB' }}>
        <Seed tabs={tabs} />
      </div>
    </StoryShell>
  );
}

const meta: Meta<typeof Demo> = {
  title: 'Shell/Tab strip',
  component: Demo,
  args: {
    path: '/system/orgTree',
    tabs: [
      tab('employeeList', 'menu.employeeList'),
      tab('orgTree', 'menus.orgTree'),
      tab('tenantList', 'menus.tenantList'),
    ],
  },
};
export default meta;
type Story = StoryObj<typeof Demo>;

export const FourTabs: Story = {};
/** Only the dashboard: it cannot be closed, its menu offers only "close others". */
export const HomeOnly: Story = { args: { path: HOME_TAB.path, tabs: [] } };
