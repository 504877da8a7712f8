/** The 'log' route (spec §2 main area: front-end log): the same table as the dialog, as a page. */
import { Button, Card, Empty, Space } from 'antd';
import { ClearOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ErrorLogTable } from './ErrorLogTable.tsx';
import { useErrorLogActions } from './useErrorLogActions.ts';

export default function ErrorLogPage() {
  const { t } = useTranslation();
  const { entries, uploading, upload, clean, notificationHolder } = useErrorLogActions();
  return (
    <Card
      title={t('errorLog.title')}
      data-testid="error-log-page"
      extra={
        <Space>
          <Button
            icon={<CloudUploadOutlined />}
            disabled={!entries.length}
            loading={uploading}
            onClick={() => void upload()}
          >
            {t('errorLog.upload')}
          </Button>
          <Button danger icon={<ClearOutlined />} disabled={!entries.length} onClick={clean}>
            {t('errorLog.clean')}
          </Button>
        </Space>
      }
    >
      {notificationHolder}
      {entries.length ? <ErrorLogTable entries={entries} /> : <Empty description={t('errorLog.empty')} />}
    </Card>
  );
}
