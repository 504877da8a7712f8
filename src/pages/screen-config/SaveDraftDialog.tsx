/** 保存草稿: asks for an optional note (what changed and why), kept with the version. */
import { useState } from 'react';
import { Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';

export const NOTE_MAX = 500;

export function SaveDraftDialog({
  open,
  saving,
  onSave,
  onCancel,
}: {
  open: boolean;
  saving: boolean;
  onSave(note: string | null): void;
  onCancel(): void;
}) {
  const { t } = useTranslation();
  const [note, setNote] = useState('');
  return (
    <Modal
      open={open}
      title={t('screenEditor.save.title')}
      okText={t('screenEditor.save.action')}
      cancelText={t('screenEditor.cancel')}
      confirmLoading={saving}
      onOk={() => onSave(note.trim() || null)}
      onCancel={onCancel}
      afterClose={() => setNote('')}
      destroyOnHidden
    >
      <label htmlFor="mf-screen-draft-note">{t('screenEditor.save.note')}</label>
      <Input.TextArea
        id="mf-screen-draft-note"
        value={note}
        maxLength={NOTE_MAX}
        showCount
        autoSize={{ minRows: 2, maxRows: 6 }}
        placeholder={t('screenEditor.save.notePlaceholder')}
        onChange={(event) => setNote(event.target.value)}
      />
    </Modal>
  );
}
