/**
 * Header tool: the message bell (spec §2). Badge of unread messages (99 at most), a 350 px popover
 * listing them with sender and relative time, 'view more' to the inbox page, and a read-only detail
 * dialog (the message-detail screen, embedded: without its reply and read-by tabs; opening it marks
 * the message read). The list loads 1 s after the header mounts, when the popover opens, after a
 * message was read, and whenever the server pushes a change (bell-stream.ts; polling while the stream
 * is down). A reply to one of the user's messages shows a notice.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Badge, Button, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { openScreenDialog } from '../../renderers/dialogs/index.ts';
import type { Message } from '../api/generated/operations.ts';
import { BADGE_MAX, BELL_FIRST_LOAD_DELAY_MS, bellAtom, loadBell } from './bell-store.ts';
import { VIEW_MORE_PATH } from './bell-store.ts';

// The panel (and antd's Typography, Empty and Spin it uses) loads when the bell is first opened.
const BellPanel = lazy(() => import('./BellPanel.tsx').then((m) => ({ default: m.BellPanel })));
import { startBellStream } from './bell-stream.ts';

const loadMessageApi = () => import('antd/es/message').then((m) => m.default);

/** The read-only message dialog: the detail screen without its tabs. */
export function openMessageDetail(message: Message): Promise<unknown> {
  return openScreenDialog({
    screen: 'message-detail',
    params: { id: message.id, embedded: true },
    title: 'bell.detailTitle',
    width: 760,
  });
}

export default function MessageBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const bell = useAtomValue(bellAtom);
  const [open, setOpen] = useState(false);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setTimeout(() => void loadBell(), BELL_FIRST_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);
  useEffect(
    () =>
      startBellStream({
        reload: () => void loadBell(),
        replied: () => void loadMessageApi().then((m) => m.info(t('message.bell.newReply'), 4)),
      }),
    [t],
  );

  return (
    <>
      <Popover
        open={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (next) {
            setNow(Date.now());
            void loadBell();
          }
        }}
        trigger="click"
        placement="bottomRight"
        title={t('bell.title')}
        content={
          <Suspense fallback={<div className="mf-bell-loading" />}>
            <BellPanel
              messages={bell.messages}
              loading={bell.loading}
              now={now}
              onOpen={(m) => {
                setOpen(false);
                void openMessageDetail(m)
                  .catch(() => undefined)
                  .finally(() => void loadBell());
              }}
              onViewMore={() => {
                setOpen(false);
                void navigate(VIEW_MORE_PATH);
              }}
            />
          </Suspense>
        }
      >
        <Badge count={bell.count} overflowCount={BADGE_MAX} size="small" data-testid="bell-badge">
          <Button
            type="text"
            className="mf-header-tool"
            icon={<BellOutlined />}
            aria-label={t('bell.open', { count: bell.count })}
            aria-expanded={open}
            data-testid="bell-button"
          />
        </Badge>
      </Popover>
    </>
  );
}
