/** Upload and clean, shared by the dialog and the log page. */
import { notification as antdNotification } from 'antd';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useMutation } from '../../renderers/environment/use-mutation.ts';
import { clearErrorLog, errorLogAtom, type ErrorLogEntry } from './error-log-store.ts';
import { uploadErrorLog } from './upload.ts';

export function useErrorLogActions() {
  const { t } = useTranslation();
  const [notification, notificationHolder] = antdNotification.useNotification();
  const entries = useAtomValue(errorLogAtom);
  const uploadLog = useMutation((_signal, list: readonly ErrorLogEntry[]) => uploadErrorLog(list));
  const uploading = uploadLog.running;

  async function upload(): Promise<void> {
    if (!entries.length || uploading) return;
    notification.info({ title: t('errorLog.uploading', { count: entries.length }), key: 'error-log-upload' });
    const done = await uploadLog.run(entries);
    if (!done) return;
    if (done.ok)
      notification.success({ title: t('errorLog.uploaded', { count: done.data }), key: 'error-log-upload' });
    // The api client has shown why; the info notice goes.
    else notification.destroy('error-log-upload');
  }

  return { entries, uploading, upload, clean: () => clearErrorLog(), notificationHolder };
}
