/**
 * Shown where a route exists but has nothing to show yet: a menu entry without a screen, a data
 * template or screen that is not configured, the process form (workflow is not part of this product).
 */
import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';

export default function NotConfiguredPage({ what, whatKey }: { what?: string; whatKey?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const subject = whatKey ? t(whatKey) : what;
  return (
    <Result
      status="info"
      title={t('shellKit.notConfigured.title')}
      subTitle={
        subject ? t('shellKit.notConfigured.detail', { what: subject }) : t('shellKit.notConfigured.hint')
      }
      data-testid="not-configured"
      extra={
        <Button type="primary" onClick={() => void navigate('/dashboard')}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
