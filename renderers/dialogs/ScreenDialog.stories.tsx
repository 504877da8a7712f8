/** Screens in dialogs and drawers: openScreenDialog and the host mounted by the preview. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { Button, Space, Typography } from 'antd';
import { useState } from 'react';
import { openScreenDialog, type ScreenDialogOptions } from './dialog-store.ts';

function Opener({ options }: { options: ScreenDialogOptions[] }) {
  const [result, setResult] = useState<string>('');
  return (
    <Space direction="vertical">
      <Space wrap>
        {options.map((o, i) => (
          <Button
            key={i}
            onClick={() => void openScreenDialog(o).then((r) => setResult(JSON.stringify(r ?? null)))}
          >
            {o.screen} {o.drawer ? '(drawer)' : ''} {o.fullScreen ? '(full screen)' : ''}{' '}
            {o.width ? `(${o.width})` : ''}
          </Button>
        ))}
      </Space>
      <Typography.Text type="secondary">result: {result}</Typography.Text>
    </Space>
  );
}

const meta: Meta<typeof Opener> = {
  title: 'Actions/screen dialogs',
  component: Opener,
  args: {
    options: [
      { screen: 'message-detail', params: { id: 'm1' } },
      { screen: 'message-detail', params: { id: 'm3', embedded: true }, width: '60%', height: 415 },
      { screen: 'message-detail', params: { id: 'm1' }, fullScreen: true },
      { screen: 'tenant-list', drawer: true, width: 960 },
      { screen: 'no-such-screen' },
    ],
  },
};
export default meta;

/** A dialog, a sized one, a full-screen one, a drawer, and a screen that does not exist. */
export const Dialogs: StoryObj<typeof Opener> = {};
