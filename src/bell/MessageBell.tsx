/**
 * Header tool: the message bell (spec §2). Badge of unread messages (99 at most), a 350 px popover
 * listing them with sender and relative time, 'view more' to the inbox page, and a read-only detail
 * dialog. The list loads 1 s after the header mounts and again whenever the popover opens.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Badge, Button, Popover } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Message } from '../api/generated/operations.ts';
import { BADGE_MAX, BELL_FIRST_LOAD_DELAY_MS, bellAtom, loadBell } from './bell-store.ts';
import { BellPanel, VIEW_MORE_PATH } from './BellPanel.tsx';

const MessageDetailDialog = lazy(() => import('./MessageDetailDialog.tsx'));

export default function MessageBell() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const bell = useAtomValue(bellAtom);
  const [open, setOpen] = useState(false);
  const [detail, setDetail] = useState<Message | null>(null);
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    const timer = setTimeout(() => void loadBell(), BELL_FIRST_LOAD_DELAY_MS);
    return () => clearTimeout(timer);
  }, []);

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
          <BellPanel
            messages={bell.messages}
            loading={bell.loading}
            now={now}
            onOpen={(m) => {
              setOpen(false);
              setDetail(m);
            }}
            onViewMore={() => {
              setOpen(false);
              void navigate(VIEW_MORE_PATH);
            }}
          />
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
      {detail && (
        <Suspense fallback={null}>
          <MessageDetailDialog
            message={detail}
            onClose={() => {
              setDetail(null);
              void loadBell();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
