/**
 * The image verification code dialog (spec §2 'Captcha dialog'): the image from user/captcha, an input
 * of at most 5 characters, and OK / cancel. Each image allows one guess on the server, so a failed
 * guess asks the parent to bump `generation`, which fetches a new image. Plain HTML: the login page
 * opens it.
 */
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { createPortal } from 'react-dom';
import { useSignInTexts } from '../../i18n/use-sign-in-texts.ts';
import { callApi } from '../../api/call-api.ts';
import { isApiCallError } from '../../api/api-call-error.ts';
import type { CaptchaAnswer } from '../../session/sign-in.ts';
import { CAPTCHA_MAX, validateCaptcha } from '../login-validation.ts';
import { captchaImageOf, useCaptchaImage } from '../../../renderers/sms-code/useCaptchaImage.ts';
import './auth.css';

export interface CaptchaDialogProps {
  /** A new value fetches a new image (after the server refused a guess). */
  generation?: number;
  /** The server's answer to the last guess, shown under the input. */
  error?: string | null;
  busy?: boolean;
  onSubmit(answer: CaptchaAnswer): void;
  onCancel(): void;
}

export function CaptchaDialog({ generation = 0, error, busy, onSubmit, onCancel }: CaptchaDialogProps) {
  const { t } = useSignInTexts();
  const id = useId();
  const [answer, setAnswer] = useState('');
  const [touched, setTouched] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  // A new image on open, when the parent asks (after a refused guess), and on "another image"; each
  // new one empties the box and puts the cursor there.
  const [reloads, setReloads] = useState(0);
  const captcha = useCaptchaImage(async (previous, signal) => {
    const query = previous ? { requestId: previous } : {};
    const image = captchaImageOf(await callApi('user.captcha', { query, silent: true, signal }));
    if (!signal.aborted) {
      setAnswer('');
      setTouched(false);
      input.current?.focus();
    }
    return image;
  }, `${generation}:${reloads}`);
  const image = captcha.data?.src ?? null;
  // While the next image loads the last one stays in view, dimmed: the server has already forgotten it,
  // so it cannot be answered (OK waits for the new one).
  const stale = captcha.loading;
  const requestId = stale ? null : (captcha.data?.requestId ?? null);
  const loadError =
    captcha.error === undefined
      ? null
      : isApiCallError(captcha.error)
        ? captcha.error.text
        : t('signin.captchaLoadFailed');

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onCancel();
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      opener?.focus?.();
    };
  }, [onCancel]);

  const fieldError = touched ? validateCaptcha(answer) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    // React events bubble through the portal: the form the dialog was opened from must not submit.
    event.stopPropagation();
    setTouched(true);
    if (validateCaptcha(answer) || !requestId) return;
    onSubmit({ captcha: answer.trim(), requestId });
  }

  const shownError = fieldError ? t(fieldError.key, fieldError.params) : (loadError ?? error);
  // On the body: the dialog is a form of its own and may be opened from inside another form.
  return createPortal(
    <div className="mf-dialog-backdrop">
      <form
        className="mf-dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={`${id}-title`}
        onSubmit={submit}
        noValidate
      >
        <h2 id={`${id}-title`}>{t('signin.captchaTitle')}</h2>
        <div className="mf-captcha-row">
          {image ? (
            <img
              className={stale ? 'mf-captcha-image mf-captcha-stale' : 'mf-captcha-image'}
              src={image}
              alt={t('signin.captchaImage')}
              aria-busy={stale || undefined}
              data-testid={stale ? undefined : 'captcha-image'}
            />
          ) : (
            <span className="mf-captcha-image mf-captcha-placeholder" aria-hidden="true" />
          )}
          <button
            type="button"
            className="mf-auth-link-button"
            onClick={() => setReloads((n) => n + 1)}
            disabled={busy}
          >
            {t('signin.captchaRefresh')}
          </button>
        </div>
        <label htmlFor={`${id}-captcha`}>{t('signin.captchaLabel')}</label>
        <input
          ref={input}
          id={`${id}-captcha`}
          name="captcha"
          autoComplete="off"
          maxLength={CAPTCHA_MAX}
          value={answer}
          disabled={busy}
          aria-invalid={shownError ? true : undefined}
          aria-describedby={shownError ? `${id}-error` : undefined}
          onChange={(e) => setAnswer(e.target.value)}
        />
        {shownError && (
          <div id={`${id}-error`} className="mf-login-field-error" role="alert">
            {shownError}
          </div>
        )}
        <div className="mf-dialog-buttons">
          <button type="button" className="mf-button" onClick={onCancel}>
            {t('common.cancel')}
          </button>
          <button
            type="submit"
            className="mf-button mf-button-primary"
            disabled={busy || !requestId}
            aria-busy={busy}
          >
            {t('common.ok')}
          </button>
        </div>
      </form>
    </div>,
    document.body,
  );
}

export default CaptchaDialog;
