/** Icon by message type: a bulletin icon for announcements (spec §2 'Message bell'). */
import { MailOutlined, NotificationOutlined, SettingOutlined } from '@ant-design/icons';

export function MessageTypeIcon({ type }: { type?: string | null }) {
  if (type === 'bulletin') return <NotificationOutlined style={{ color: '#d46b08' }} aria-hidden />;
  if (type === 'system') return <SettingOutlined style={{ color: '#531dab' }} aria-hidden />;
  return <MailOutlined style={{ color: '#0958d9' }} aria-hidden />;
}
