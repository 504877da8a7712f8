/**
 * smsCode: the 6-character SMS code box with its 'get code' button. The button checks the phone in
 * the sibling field `phoneField` (spec §5: 'please enter your mobile number correctly'), asks the
 * image captcha, sends through `operation` (default fldUser.sendMsg.apply) with `extraData`, and
 * then waits `seconds` (default 60) before another send; the countdown is keyed by `countdownKey`
 * (default extraData), so the old and the new phone each have their own.
 */
import { Button, Input, Space } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { isMobile } from '../../../schemas/validators/contact.ts';
import { useActionUi } from '../../actions/action-ui.ts';
import { useDataSource } from '../../data-source.tsx';
import { CaptchaPrompt, type CaptchaAnswer } from './CaptchaPrompt.tsx';
import { RESEND_SECONDS, useCountdown } from '../../sms-code/countdowns.ts';
import { outcomeOfFailure, useSmsSend } from '../../sms-code/useSmsSend.ts';
import { SMS_CODE_LENGTH } from '../../sms-code/field-limits.ts';

export default function SmsCodeWidget({
  id,
  value,
  onChange,
  onBlur,
  disabled,
  readonly,
  options,
  registry,
  placeholder,
}: WidgetProps) {
  const { t } = useTranslation();
  const dataSource = useDataSource();
  // The app's feedback (antd message through the dialog host); tests and stories record it.
  const notice = useActionUi();
  const extraData = typeof options.extraData === 'string' ? options.extraData : '';
  const countdown = useCountdown(String(options.countdownKey ?? (extraData || id)));
  const seconds = typeof options.seconds === 'number' ? options.seconds : RESEND_SECONDS;
  const phoneField = typeof options.phoneField === 'string' ? options.phoneField : 'mobile';
  const formData = (registry.formContext as { formData?: Record<string, unknown> } | undefined)?.formData;
  const phone = String(formData?.[phoneField] ?? '').trim();
  const steps = useSmsSend({
    countdown,
    resendSeconds: seconds,
    // A refusal's reason is shown by the API client; the outcome only decides the captcha and the wait.
    send: (answer, signal) =>
      dataSource(String(options.operation ?? 'fldUser.sendMsg.apply'), {
        body: { ...answer, username: phone, ...(extraData ? { extraData } : {}) },
        signal,
      }).then(
        () => ({ kind: 'sent' as const }),
        (error: unknown) => outcomeOfFailure(error, ''),
      ),
  });

  const ask = () => {
    if (!isMobile(phone)) {
      notice.warning(t('form.sms.enterPhone'));
      return;
    }
    steps.ask();
  };

  const send = (answer: CaptchaAnswer) =>
    void steps.submit(answer).then((outcome) => {
      if (outcome?.kind === 'sent') notice.success(t('form.sms.sent'));
    });

  const locked = disabled || readonly;
  return (
    <>
      <Space.Compact style={{ width: '100%' }}>
        <Input
          id={id}
          value={typeof value === 'string' ? value : ''}
          maxLength={SMS_CODE_LENGTH}
          disabled={locked}
          inputMode="numeric"
          autoComplete="one-time-code"
          placeholder={placeholder || t('form.sms.codePlaceholder')}
          onChange={(e) => onChange(e.target.value === '' ? undefined : e.target.value)}
          onBlur={() => onBlur(id, value)}
        />
        <Button disabled={locked || countdown.seconds > 0} onClick={ask} data-testid={`${id}-send`}>
          {countdown.seconds > 0
            ? t('form.sms.resendIn', { seconds: countdown.seconds })
            : t('form.sms.send')}
        </Button>
      </Space.Compact>
      <CaptchaPrompt
        open={steps.asking}
        busy={steps.busy}
        generation={steps.generation}
        operation={String(options.captchaOperation ?? 'user.captcha')}
        onAnswer={send}
        onCancel={steps.cancel}
      />
    </>
  );
}
