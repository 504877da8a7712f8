/**
 * "Get code": checks the mobile first ('Please enter your mobile number correctly'), asks for the image
 * captcha every send needs, then sends. State 200 starts the 60 s countdown (spec §8 'Captcha send');
 * anything else shows the server's message as a warning. A wrong captcha keeps the dialog open with a
 * new image. Plain HTML: the login page uses it.
 */
import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiCallError } from '../../api/api-call-error.ts';
import { State, type Envelope } from '../../api/envelope.ts';
import type { CaptchaAnswer } from '../../session/sign-in.ts';
import { validateMobile } from '../login-validation.ts';
import { useCountdown } from './countdown.ts';

const CaptchaDialog = lazy(() => import('./CaptchaDialog.tsx'));

export interface SmsCodeButtonProps {
  mobile: string;
  /** Which countdown: each purpose (login, old phone, new phone…) waits on its own. */
  countdownKey: string;
  /** Sends the code; resolves with the envelope of a pass-through state, rejects with ApiCallError. */
  send(captcha: CaptchaAnswer): Promise<Envelope>;
  disabled?: boolean;
  /** The code input, drawn on the button's left. */
  children?: ReactNode;
}

type Notice = { kind: 'success' | 'warning'; text: string } | null;

/** The server's "wait N s" answer carries the seconds left, so the button can count them down. */
function retryAfterOf(envelope: Envelope | undefined): number | undefined {
  const cause = envelope?.cause as { retryAfter?: unknown } | null | undefined;
  const seconds = cause && typeof cause === 'object' ? Number(cause.retryAfter) : NaN;
  return Number.isFinite(seconds) && seconds > 0 ? Math.ceil(seconds) : undefined;
}

export function SmsCodeButton({ mobile, countdownKey, send, disabled, children }: SmsCodeButtonProps) {
  const { t } = useTranslation();
  const [left, startCountdown] = useCountdown(countdownKey);
  const [asking, setAsking] = useState(false);
  const [generation, setGeneration] = useState(0);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);

  function open() {
    setNotice(null);
    if (validateMobile(mobile)) {
      setNotice({ kind: 'warning', text: t('signin.mobileForSms') });
      return;
    }
    setCaptchaError(null);
    setAsking(true);
  }

  function finish(next: Notice, wait?: number) {
    setAsking(false);
    setNotice(next);
    if (wait) startCountdown(wait);
  }

  async function submit(answer: CaptchaAnswer) {
    setBusy(true);
    try {
      const envelope = await send(answer);
      if (envelope.state === State.SUCCESS) {
        finish({ kind: 'success', text: t('signin.smsSent') });
        startCountdown();
      } else {
        finish({ kind: 'warning', text: envelope.message || t('signin.smsFailed') }, retryAfterOf(envelope));
      }
    } catch (error) {
      if (isApiCallError(error) && error.state === 6020104) {
        // The image allows one guess: a new one, and the server's reason.
        setCaptchaError(error.text);
        setGeneration((n) => n + 1);
      } else {
        finish({ kind: 'warning', text: isApiCallError(error) ? error.text : t('signin.smsFailed') });
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <div className="mf-sms-row">
        {children}
        <button
          type="button"
          className="mf-button mf-sms-button"
          disabled={disabled || left > 0 || busy}
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
      {asking && (
        <Suspense fallback={null}>
          <CaptchaDialog
            generation={generation}
            error={captchaError}
            busy={busy}
            onSubmit={(answer) => void submit(answer)}
            onCancel={() => setAsking(false)}
          />
        </Suspense>
      )}
    </>
  );
}
