/**
 * "Get code": checks the mobile first ('Please enter your mobile number correctly'), asks for the image
 * captcha every send needs, then sends. State 200 starts the 60 s countdown (spec §8 'Captcha send');
 * anything else shows the server's message as a warning. A wrong captcha keeps the dialog open with a
 * new image. Plain HTML: the login page uses it.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useSignInTexts } from '../../i18n/use-sign-in-texts.ts';
import { outcomeOfFailure, retryAfterOf, useSmsSend } from '../../../renderers/sms-code/useSmsSend.ts';
import { State, type Envelope } from '../../api/envelope.ts';
import type { CaptchaAnswer } from '../../session/sign-in.ts';
import { validateMobile } from '../login-validation.ts';
import { useCountdown } from './countdown.ts';

const CaptchaDialog = lazy(() => import('./CaptchaDialog.tsx'));

export interface SmsCodeButtonProps {
  mobile: string;
  /** Which countdown: each purpose (login, old phone, new phone…) waits on its own. */
  countdownKey: string;
  /**
   * Sends the code; resolves with the envelope of a pass-through state, rejects with ApiCallError.
   * `signal` is aborted when the button unmounts.
   */
  send(captcha: CaptchaAnswer, signal: AbortSignal): Promise<Envelope>;
  disabled?: boolean;
  /** The code input, drawn on the button's left. */
  children?: ReactNode;
}

type Notice = { kind: 'success' | 'warning'; text: string } | null;

export function SmsCodeButton({ mobile, countdownKey, send, disabled, children }: SmsCodeButtonProps) {
  const { t } = useSignInTexts();
  const [left, startCountdown] = useCountdown(countdownKey);
  const [notice, setNotice] = useState<Notice>(null);
  const steps = useSmsSend({
    countdown: { seconds: left, start: startCountdown },
    send: async (answer, signal) => {
      try {
        const envelope = await send(answer, signal);
        return envelope.state === State.SUCCESS
          ? { kind: 'sent' }
          : {
              kind: 'refused',
              text: envelope.message || t('signin.smsFailed'),
              retryAfter: retryAfterOf(envelope.cause),
            };
      } catch (error) {
        return outcomeOfFailure(error, t('signin.smsFailed'));
      }
    },
  });

  function open() {
    setNotice(null);
    if (validateMobile(mobile)) {
      setNotice({ kind: 'warning', text: t('signin.mobileForSms') });
      return;
    }
    steps.ask();
  }

  async function submit(answer: CaptchaAnswer) {
    const outcome = await steps.submit(answer);
    if (outcome?.kind === 'sent') setNotice({ kind: 'success', text: t('signin.smsSent') });
    else if (outcome?.kind === 'refused')
      setNotice({ kind: 'warning', text: outcome.text || t('signin.smsFailed') });
  }

  return (
    <>
      <div className="mf-sms-row">
        {children}
        <button
          type="button"
          className="mf-button mf-sms-button"
          disabled={disabled || left > 0 || steps.busy}
          onClick={open}
          data-testid="sms-send"
        >
          {left > 0 ? t('signin.resendIn', { seconds: left }) : t('signin.getCode')}
        </button>
      </div>
      {notice && (
        <div
          className={notice.kind === 'success' ? 'mf-auth-notice-success' : 'mf-login-field-error'}
          role={notice.kind === 'success' ? 'status' : 'alert'}
          data-testid="sms-notice"
        >
          {notice.text}
        </div>
      )}
      {steps.asking && (
        <Suspense fallback={null}>
          <CaptchaDialog
            generation={steps.generation}
            error={steps.captchaError}
            busy={steps.busy}
            onSubmit={(answer) => void submit(answer)}
            onCancel={steps.cancel}
          />
        </Suspense>
      )}
    </>
  );
}
