/** The selector kind: the user-group selector (table view) and the org picker (tree view), inline and in a dialog. */
import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Space } from 'antd';
import { ScreenRenderer } from '../ScreenRenderer.tsx';
import { openSelector } from './open-selector.ts';
import { WithFixtures } from './story-support.tsx';

const meta: Meta<typeof ScreenRenderer> = {
  title: 'Screen kinds/selector',
  component: ScreenRenderer,
};
export default meta;

type Story = StoryObj<typeof ScreenRenderer>;

/** Search by name and alias; choose on several pages; confirm with nothing chosen to see the warning. */
export const UserGroupSelector: Story = {
  args: { name: 'user-group-selector' },
  render: (args) => (
    <WithFixtures>
      <ScreenRenderer {...args} />
    </WithFixtures>
  ),
};

export const UserGroupSelectorSingle: Story = {
  args: { name: 'user-group-selector', params: { multiple: false } },
  render: (args) => (
    <WithFixtures>
      <ScreenRenderer {...args} />
    </WithFixtures>
  ),
};

/** The organisation picker's tree: 'belongs to' without a node warns 'please select a node first'. */
export const OrgPickerTree: Story = {
  args: { name: 'org-picker' },
  render: (args) => (
    <WithFixtures>
      <ScreenRenderer {...args} />
    </WithFixtures>
  ),
};

function OpenInDialog() {
  const [result, setResult] = useState<string>('—');
  const open = async (screen: string) => {
    const rows = await openSelector(screen);
    setResult(rows === undefined ? 'cancelled' : JSON.stringify(rows));
  };
  return (
    <Space direction="vertical">
      <Space>
        <Button onClick={() => void open('user-group-selector')}>user-group-selector</Button>
        <Button onClick={() => void open('org-picker')}>org-picker</Button>
      </Space>
      <code>{result}</code>
    </Space>
  );
}

/** As the widgets open them: in a dialog sized by the screen file (the user-group selector 60 % × 415 px). */
export const InADialog: Story = {
  render: () => (
    <WithFixtures>
      <OpenInDialog />
    </WithFixtures>
  ),
};
