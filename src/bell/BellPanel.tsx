/** The bell's popover content: up to the newest messages in a 250 px list, and 'view more'. */
import { Button, Empty, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Message } from '../api/generated/operations.ts';
import { MessageTypeIcon } from './message-icons.tsx';
import { relativeTime } from './relative-time.ts';

/** Spec §9: popover width 350, list height 250. */
import { VIEW_MORE_PATH } from './bell-store.ts';

export const BELL_POPOVER_WIDTH = 350;
export const BELL_LIST_HEIGHT = 250;
export { VIEW_MORE_PATH };

export function BellPanel({
  messages,
  loading,
  now,
  onOpen,
  onViewMore,
}: {
  messages: readonly Message[];
  loading: boolean;
  now: number;
  onOpen: (message: Message) => void;
  onViewMore: () => void;
}) {
  const { t } = useTranslation();
  return (
    <div style={{ width: BELL_POPOVER_WIDTH - 24 }} data-testid="bell-panel">
      <Spin spinning={loading}>
        <div style={{ height: BELL_LIST_HEIGHT, overflowY: 'auto' }}>
          {messages.length ? (
            <ul className="mf-bell-list" aria-label={t('bell.title')}>
              {messages.map((m) => (
                <li key={m.id ?? m.subject}>
                  <button type="button" className="mf-bell-item" onClick={() => onOpen(m)}>
                    <span className="mf-bell-icon">
                      <MessageTypeIcon type={m.messageType} />
                    </span>
                    <span className="mf-bell-text">
                      <Typography.Text strong ellipsis className="mf-bell-subject">
                        {m.subject}
                      </Typography.Text>
                      <Typography.Text type="secondary" className="mf-bell-meta">
                        {m.ownerName || t('bell.unknownSender')} · {relativeTime(m.createTime, t, now)}
                      </Typography.Text>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('bell.empty')} />
          )}
        </div>
      </Spin>
      <div style={{ textAlign: 'center', borderTop: '1px solid #f0f0f0', paddingTop: 4 }}>
        <Button type="link" onClick={onViewMore}>
          {t('bell.viewMore')}
        </Button>
      </div>
    </div>
  );
}
