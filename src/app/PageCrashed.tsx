/** What a crashed page shows: the error and a way to try again (see PageErrorBoundary). */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

export default function PageCrashed({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="500"
      title={t('errorPage.crashed.title')}
      subTitle={t('errorPage.crashed.text', { detail: error.message })}
      extra={
        <Button type="primary" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
