/**
 * Header tool: a bug icon with the number of logged errors. Shown only while the log has entries, so
 * the dialog opens only when there is something to see (spec §2).
 */
import { lazy, Suspense, useState } from 'react';
import { Badge, Button, Tooltip } from 'antd';
import { BugOutlined } from '@ant-design/icons';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { errorLogAtom } from './error-log-store.ts';

const ErrorLogDialog = lazy(() => import('./ErrorLogDialog.tsx'));

export default function ErrorLogButton() {
  const { t } = useTranslation();
  const count = useAtomValue(errorLogAtom).length;
  const [open, setOpen] = useState(false);
  if (!count && !open) return null;
  return (
    <>
      <Tooltip title={t('errorLog.title')}>
        <Badge count={count} size="small" overflowCount={99}>
          <Button
            type="text"
            className="mf-header-tool"
            icon={<BugOutlined />}
            aria-label={t('errorLog.open', { count })}
            data-testid="error-log-button"
            onClick={() => count && setOpen(true)}
          />
        </Badge>
      </Tooltip>
      {open && (
        <Suspense fallback={null}>
          <ErrorLogDialog open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
