/**
 * The follow form (publicity.follow.subscribe): an e-mail address and the image captcha, behind a
 * disclosure so that a page showing it asks for no captcha until a visitor opens it; then the clear
 * "请查收确认邮件". Problems are listed at the top and by each field; the server's refusals arrive
 * translated. The target's Atom feed is offered beside it, for readers that prefer no e-mail.
 */
import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import { isEmail } from '../../../schemas/validators/contact.ts';
import { useMutation } from '../../../renderers/environment/use-mutation.ts';
import { callPublic, PublicApiError } from '../api.ts';
import { Captcha, type CaptchaHandle } from '../Captcha.tsx';
import { useI18n } from '../i18n.ts';
import { followFeedHref, type FollowTargetBody } from './follow-target.ts';

const EMAIL_MAX = 128;

export function FollowForm({
  heading,
  intro,
  feedLabel,
  target,
}: {
  heading: string;
  intro: string;
  feedLabel: string;
  target: FollowTargetBody;
}) {
  const { t } = useI18n();
  const ids = useId();
  const emailId = `${ids}-email`;
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState('');
  const [captcha, setCaptcha] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [sentTo, setSentTo] = useState<string>();
  const captchaRef = useRef<CaptchaHandle>(undefined);
  const summaryRef = useRef<HTMLDivElement>(null);
  const onHandle = useCallback((handle: CaptchaHandle) => {
    captchaRef.current = handle;
  }, []);
  const subscribe = useMutation((signal, sent: { email: string; captcha: string }) =>
    callPublic('publicity.follow.subscribe', {
      body: {
        ...target,
        email: sent.email,
        captcha: sent.captcha,
        requestId: captchaRef.current?.requestId ?? '',
      },
      signal,
    }),
  );
  const failure =
    subscribe.error === undefined
      ? undefined
      : subscribe.error instanceof PublicApiError
        ? subscribe.error.message
        : t('publicFollow.form.failed');

  const check = (): Record<string, string> => {
    const found: Record<string, string> = {};
    const address = email.trim();
    if (!address) found[emailId] = t('publicFollow.form.required', { field: t('publicFollow.form.email') });
    else if (!isEmail(address)) found[emailId] = t('publicFollow.form.emailInvalid');
    if (!captcha.trim())
      found['c-captcha'] = t('publicFollow.form.required', { field: t('comment.captcha') });
    return found;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    subscribe.reset();
    const found = check();
    setProblems(found);
    if (Object.keys(found).length > 0) {
      requestAnimationFrame(() => summaryRef.current?.focus());
      return;
    }
    const address = email.trim();
    const outcome = await subscribe.run({ email: address, captcha: captcha.trim() });
    if (!outcome) return;
    if (outcome.ok) {
      setSentTo(address);
      return;
    }
    // Any answer spends the captcha: show a new one.
    setCaptcha('');
    captchaRef.current?.renew();
    requestAnimationFrame(() => summaryRef.current?.focus());
  };

  const feed = (
    <p className="pub-actions">
      <a href={followFeedHref(target)} type="application/atom+xml">
        {feedLabel}
      </a>
    </p>
  );
  const emailError = problems[emailId];
  return (
    <section aria-labelledby={`${ids}-title`} className="pub-card pub-follow">
      <h2 id={`${ids}-title`}>{heading}</h2>
      <p>{intro}</p>
      {sentTo ? (
        <div role="status">
          <p className="pub-success">{t('publicFollow.form.success')}</p>
          <p>{t('publicFollow.form.successDetail', { email: sentTo })}</p>
        </div>
      ) : (
        <details open={open} onToggle={(e) => setOpen(e.currentTarget.open)}>
          <summary>{t('publicFollow.form.submit')}</summary>
          {open && (
            <>
              <div ref={summaryRef} tabIndex={-1} className="pub-summary" aria-live="assertive">
                {failure && (
                  <p role="alert" className="pub-field-error">
                    {failure}
                  </p>
                )}
                {Object.keys(problems).length > 0 && (
                  <div role="alert">
                    <p>{t('publicFollow.form.errorsTitle')}</p>
                    <ul>
                      {Object.entries(problems).map(([key, text]) => (
                        <li key={key}>
                          <a href={`#${key}`}>{text}</a>
                        </li>
                      ))}
                    </ul>
                  </div>
                )}
              </div>
              <form onSubmit={submit} noValidate>
                <div className="pub-field">
                  <label htmlFor={emailId}>{t('publicFollow.form.email')}</label>
                  <input
                    id={emailId}
                    type="email"
                    autoComplete="email"
                    maxLength={EMAIL_MAX}
                    value={email}
                    aria-invalid={emailError ? true : undefined}
                    aria-describedby={[emailError ? `${emailId}-error` : '', `${emailId}-hint`]
                      .filter(Boolean)
                      .join(' ')}
                    onChange={(e) => setEmail(e.target.value)}
                  />
                  <small id={`${emailId}-hint`} className="pub-hint">
                    {t('publicFollow.form.emailHint')}
                  </small>
                  {emailError && (
                    <small id={`${emailId}-error`} className="pub-field-error">
                      {emailError}
                    </small>
                  )}
                </div>
                <Captcha
                  value={captcha}
                  onChange={setCaptcha}
                  onHandle={onHandle}
                  error={problems['c-captcha']}
                />
                <div className="pub-actions">
                  <button type="submit" className="pub-primary" disabled={subscribe.running}>
                    {subscribe.running ? t('publicFollow.form.sending') : t('publicFollow.form.submit')}
                  </button>
                </div>
              </form>
            </>
          )}
        </details>
      )}
      {feed}
    </section>
  );
}
