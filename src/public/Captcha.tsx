/**
 * The image captcha of user.captcha on the public page: the image (click or the button for another)
 * and its answer field. The image comes from the same headless hook as the back office's captcha
 * (renderers/sms-code/useCaptchaImage.ts), which also tells the server to forget the image it replaces.
 */
import { useCallback, useEffect, useState } from 'react';
import { captchaImageOf, useCaptchaImage } from '../../renderers/sms-code/useCaptchaImage.ts';
import { callPublic } from './api.ts';
import { useI18n } from './i18n.ts';
import { COMMENT_MAX } from './comment-limits.ts';

export interface CaptchaHandle {
  requestId: string;
  /** Asks for a new image (after a refusal the old one is spent). */
  renew: () => void;
}

export function Captcha({
  value,
  onChange,
  onHandle,
  error,
}: {
  value: string;
  onChange: (value: string) => void;
  onHandle: (handle: CaptchaHandle) => void;
  error?: string;
}) {
  const { t } = useI18n();
  const [round, setRound] = useState(0);
  const renew = useCallback(() => setRound((n) => n + 1), []);
  const image = useCaptchaImage(
    async (previous, signal) =>
      captchaImageOf(
        await callPublic('user.captcha', { query: previous ? { requestId: previous } : {}, signal }),
      ),
    round,
  );
  const captcha = image.data;
  const failed = image.error === undefined ? undefined : (image.error as Error).message;
  // The last image stays in view (dimmed) while the next loads; the server has forgotten it already.
  const stale = image.loading;
  const requestId = stale ? '' : (captcha?.requestId ?? '');
  useEffect(() => onHandle({ requestId, renew }), [requestId, renew, onHandle]);
  return (
    <div className="pub-field pub-captcha">
      <label htmlFor="c-captcha">{t('comment.captcha')}</label>
      <div className="pub-captcha-row">
        <input
          id="c-captcha"
          name="captcha"
          autoComplete="off"
          inputMode="text"
          maxLength={COMMENT_MAX.captcha}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'c-captcha-error' : undefined}
          onChange={(e) => onChange(e.target.value)}
        />
        {captcha && (
          <img
            src={captcha.src}
            alt={t('comment.captchaImage')}
            aria-busy={stale || undefined}
            style={stale ? { opacity: 0.4 } : undefined}
            data-testid={stale ? undefined : 'captcha-image'}
            width={120}
            height={40}
            onClick={renew}
          />
        )}
        <button type="button" onClick={renew}>
          {t('comment.refreshCaptcha')}
        </button>
      </div>
      {failed && (
        <small className="pub-field-error" role="alert">
          {t('loadFailed', { message: failed })}
        </small>
      )}
      {error && (
        <small id="c-captcha-error" className="pub-field-error">
          {error}
        </small>
      )}
    </div>
  );
}
