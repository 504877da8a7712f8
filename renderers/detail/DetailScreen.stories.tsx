/** The detail kind on message-detail.yaml: fields, attachments, and the replied / read-by tabs. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { ScreenFixtures } from '../fixtures/ScreenFixtures.tsx';
import { createFixtureDataSource, type FixtureMap } from '../fixtures/index.ts';
import { MESSAGES } from '../fixtures/messages.ts';
import { ScreenRenderer } from '../ScreenRenderer.tsx';

function Fixtures({ overrides, children }: { overrides?: FixtureMap; children: React.ReactNode }) {
  const [dataSource] = useState(() => createFixtureDataSource({ overrides }));
  return (
    <ScreenFixtures dataSource={dataSource} withDialogHost={false}>
      {children}
    </ScreenFixtures>
  );
}

const meta: Meta<typeof ScreenRenderer> = {
  title: 'Screen kinds/detail',
  component: ScreenRenderer,
  args: { name: 'message-detail', params: { id: 'm1' } },
};
export default meta;
type Story = StoryObj<typeof ScreenRenderer>;

/** An announcement with two attachments (click one to download it), five replies and twelve readers. */
export const MessageDetail: Story = {};

/** Embedded (the bell's read-only dialog): the message only, no tabs. */
export const Embedded: Story = { args: { params: { id: 'm3', embedded: true } } };

/** Rich text content, sanitised: the script and the handler are gone. */
export const RichText: Story = {
  render: (args) => (
    <Fixtures
      overrides={{
        'msg.innerMessage.get': () => ({
          ...MESSAGES[1],
          content:
            '<h3>维护安排</h3><p>本周六 <b>22:00</b> 至 <i>24:00</i> 系统维护。</p><ul><li>暂停申报</li><li>暂停查询</li></ul><img src="x" onerror="alert(1)"><script>alert(2)</script>',
        }),
      }}
    >
      <ScreenRenderer {...args} />
    </Fixtures>
  ),
};

/** The message cannot be read (removed, or not the caller's). */
export const LoadFailed: Story = {
  render: (args) => (
    <Fixtures
      overrides={{
        'msg.innerMessage.get': () => {
          throw new Error('gone');
        },
      }}
    >
      <ScreenRenderer {...args} />
    </Fixtures>
  ),
};
