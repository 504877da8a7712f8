/**
 * The full-screen error log dialog (spec §2 'Error log dialog'): the table with upload and clean.
 * Clean empties the log and closes the dialog (§4). Loaded with the first opening.
 */
import { Button, Modal, Space } from 'antd';
import { ClearOutlined, CloudUploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ErrorLogTable } from './ErrorLogTable.tsx';
import { useErrorLogActions } from './useErrorLogActions.ts';

export default function ErrorLogDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { entries, uploading, upload, clean, notificationHolder } = useErrorLogActions();
  return (
    <Modal
      open={open}
      title={t('errorLog.title')}
      onCancel={onClose}
      width="100%"
      style={{ top: 0, maxWidth: '100vw', paddingBottom: 0 }}
      styles={{ body: { minHeight: 'calc(100vh - 160px)' } }}
      destroyOnHidden
      footer={
        <Space>
          <Button icon={<CloudUploadOutlined />} loading={uploading} onClick={() => void upload()}>
            {t('errorLog.upload')}
          </Button>
          <Button
            danger
            icon={<ClearOutlined />}
            onClick={() => {
              clean();
              onClose();
            }}
          >
            {t('errorLog.clean')}
          </Button>
          <Button type="primary" onClick={onClose}>
            {t('shellKit.close')}
          </Button>
        </Space>
      }
    >
      {notificationHolder}
      <ErrorLogTable entries={entries} />
    </Modal>
  );
}
