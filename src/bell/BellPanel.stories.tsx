/** The bell's popover list: icon by type (bulletin for announcements), sender, relative time. */
import type { Meta, StoryObj } from '@storybook/react-vite';
import { BellPanel } from './BellPanel.tsx';

const NOW = new Date('2026-03-15T12:00:00+08:00').getTime();
const at = (msAgo: number) => new Date(NOW - msAgo).toISOString();

const meta: Meta<typeof BellPanel> = {
  title: 'Shell/Bell panel',
  component: BellPanel,
  args: {
    now: NOW,
    loading: false,
    onOpen: () => undefined,
    onViewMore: () => undefined,
    messages: [
      {
        id: '1',
        subject: '关于系统维护的公告',
        ownerName: '综合办公室',
        messageType: 'bulletin',
        createTime: at(400),
      },
      {
        id: '2',
        subject: '审查一处：请补充申报材料',
        ownerName: '审查一处',
        messageType: 'normal',
        createTime: at(25 * 60_000),
      },
      { id: '3', subject: '您的密码将在7天后过期', messageType: 'system', createTime: at(3 * 86_400_000) },
      {
        id: '4',
        subject: '上月申报统计已生成',
        ownerName: '法务合规部',
        messageType: 'normal',
        createTime: at(40 * 86_400_000),
      },
    ],
  },
};
export default meta;
type Story = StoryObj<typeof BellPanel>;

export const Messages: Story = {};
export const Empty: Story = { args: { messages: [] } };
export const Loading: Story = { args: { loading: true } };
