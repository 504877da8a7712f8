/** Upload and clean, shared by the dialog and the log page. */
import { useState } from 'react';
import { notification as antdNotification } from 'antd';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { clearErrorLog, errorLogAtom } from './error-log-store.ts';
import { uploadErrorLog } from './upload.ts';

export function useErrorLogActions() {
  const { t } = useTranslation();
  const [notification, notificationHolder] = antdNotification.useNotification();
  const entries = useAtomValue(errorLogAtom);
  const [uploading, setUploading] = useState(false);

  async function upload(): Promise<void> {
    if (!entries.length || uploading) return;
    setUploading(true);
    notification.info({ title: t('errorLog.uploading', { count: entries.length }), key: 'error-log-upload' });
    try {
      const count = await uploadErrorLog(entries);
      notification.success({ title: t('errorLog.uploaded', { count }), key: 'error-log-upload' });
    } catch {
      // The api client has shown why; the info notice goes.
      notification.destroy('error-log-upload');
    } finally {
      setUploading(false);
    }
  }

  return { entries, uploading, upload, clean: () => clearErrorLog(), notificationHolder };
}
