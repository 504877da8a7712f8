/**
 * The image captcha asked before an SMS code is sent: the picture (click for a new one) and a box
 * for its characters (required, at most CAPTCHA_MAX). The image comes from useCaptchaImage. Resolves with the answer and its request id.
 */
import { useState } from 'react';
import { Button, Input, Modal, Space, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDataSource } from '../../data-source.tsx';
import { CAPTCHA_MAX } from '../../sms-code/field-limits.ts';
import { captchaImageOf, useCaptchaImage } from '../../sms-code/useCaptchaImage.ts';

export interface CaptchaAnswer {
  captcha: string;
  requestId: string;
}

interface Props {
  open: boolean;
  operation: string;
  busy: boolean;
  /** Bumped by the caller after a failed send: the used captcha is gone, show a new one. */
  generation: number;
  onAnswer(answer: CaptchaAnswer): void;
  onCancel(): void;
}

export function CaptchaPrompt({ open, operation, busy, generation, onAnswer, onCancel }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('form.sms.captchaTitle')}
      footer={null}
      onCancel={onCancel}
      destroyOnHidden
      width={360}
    >
      {/* A new body (a new picture, an empty box) each time it opens and after each failed send. */}
      {open ? (
        <CaptchaBody
          key={generation}
          operation={operation}
          busy={busy}
          onAnswer={onAnswer}
          onCancel={onCancel}
        />
      ) : null}
    </Modal>
  );
}

function CaptchaBody({ operation, busy, onAnswer, onCancel }: Omit<Props, 'open' | 'generation'>) {
  const { t } = useTranslation();
  const dataSource = useDataSource();
  const [asked, setAsked] = useState(0);
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string>();
  // A failure: the api client has said why.
  const loaded = useCaptchaImage(
    (previous, signal) =>
      dataSource(operation, { query: previous ? { requestId: previous } : {}, signal }).then(captchaImageOf),
    asked,
  );
  const image = loaded.data;
  // The last image stays in view (dimmed) while the next loads; the server has forgotten it already.
  const stale = loaded.loading;

  const confirm = () => {
    const captcha = text.trim();
    if (!captcha) return setProblem(t('validation.captchaRequired'));
    if (!image || stale) return;
    setProblem(undefined);
    onAnswer({ captcha, requestId: image.requestId });
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space>
        <Input
          autoFocus
          value={text}
          maxLength={CAPTCHA_MAX}
          placeholder={t('form.sms.captchaPlaceholder')}
          status={problem ? 'error' : undefined}
          onChange={(e) => setText(e.target.value)}
          onPressEnter={confirm}
          aria-label={t('form.sms.captchaPlaceholder')}
        />
        {image ? (
          <Button
            type="text"
            style={{ padding: 0, height: 40 }}
            onClick={() => {
              setText('');
              setAsked((n) => n + 1);
            }}
            title={t('form.sms.refreshCaptcha')}
            aria-label={t('form.sms.refreshCaptcha')}
          >
            <img
              src={image.src}
              alt={t('form.sms.captchaAlt')}
              aria-busy={stale || undefined}
              style={{ height: 38, opacity: stale ? 0.4 : 1 }}
            />
          </Button>
        ) : (
          <Spin />
        )}
      </Space>
      {problem ? <Typography.Text type="danger">{problem}</Typography.Text> : null}
      <div style={{ display: 'flex', justifyContent: 'flex-end', gap: 8 }}>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
        <Button type="primary" loading={busy} onClick={confirm}>
          {t('common.ok')}
        </Button>
      </div>
    </Space>
  );
}
