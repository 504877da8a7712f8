/**
 * Read-only message detail from the bell (spec §2): subject, time, sender, type, public and can-reply
 * flags, content and attachments. msg/innerMessage/get supplies the full message (and marks it read);
 * if that fails, what the bell already has is shown. Content is sanitised rich text.
 */
import { useEffect, useMemo, useState } from 'react';
import { Descriptions, Modal, Spin, Tag } from 'antd';
import DOMPurify from 'dompurify';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import { callApi } from '../api/call.ts';
import type { Message } from '../api/generated/operations.ts';
import { parseTime } from './relative-time.ts';
import { MessageTypeIcon } from './message-icons.tsx';

export default function MessageDetailDialog({ message, onClose }: { message: Message; onClose: () => void }) {
  const { t } = useTranslation();
  const [detail, setDetail] = useState<Message>(message);
  const [loading, setLoading] = useState(Boolean(message.id));

  useEffect(() => {
    if (!message.id) return;
    let current = true;
    callApi('msg.innerMessage.get', { query: { innerMessageId: message.id }, silent: true })
      .then((full) => current && setDetail({ ...message, ...full }))
      .catch(() => undefined)
      .finally(() => current && setLoading(false));
    return () => {
      current = false;
    };
  }, [message]);

  const html = useMemo(() => DOMPurify.sanitize(detail.content ?? ''), [detail.content]);
  const time = parseTime(detail.createTime);
  const yesNo = (v: unknown) => (v === 1 || v === '1' || v === true ? t('common.yes') : t('common.no'));
  const type = detail.messageType ?? 'normal';

  return (
    <Modal open title={t('bell.detailTitle')} onCancel={onClose} footer={null} width={720} destroyOnHidden>
      <Spin spinning={loading}>
        <Descriptions column={2} bordered size="small" data-testid="message-detail">
          <Descriptions.Item label={t('bell.subject')} span={2}>
            {detail.subject}
          </Descriptions.Item>
          <Descriptions.Item label={t('bell.createTime')}>
            {time ? dayjs(time).format('YYYY-MM-DD HH:mm:ss') : '-'}
          </Descriptions.Item>
          <Descriptions.Item label={t('bell.sender')}>{detail.ownerName || '-'}</Descriptions.Item>
          <Descriptions.Item label={t('bell.messageType')}>
            <Tag icon={<MessageTypeIcon type={type} />}>{t(`bell.type.${type}`)}</Tag>
          </Descriptions.Item>
          <Descriptions.Item label={t('bell.isPublic')}>{yesNo(detail.isPublic)}</Descriptions.Item>
          <Descriptions.Item label={t('bell.canReply')} span={2}>
            {yesNo(detail.canreply)}
          </Descriptions.Item>
          <Descriptions.Item label={t('bell.content')} span={2}>
            <div className="mf-message-content" dangerouslySetInnerHTML={{ __html: html }} />
          </Descriptions.Item>
          <Descriptions.Item label={t('bell.attachments')} span={2}>
            {detail.fileMsg?.length ? detail.fileMsg.map((f) => <Tag key={f.src}>{f.title || f.src}</Tag>) : '-'}
          </Descriptions.Item>
        </Descriptions>
      </Spin>
    </Modal>
  );
}
