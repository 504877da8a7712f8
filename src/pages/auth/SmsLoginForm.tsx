/**
 * SMS login (spec §5, §7): the mobile, "get code" (image captcha, then fldUser/sendMsg/apply, then a
 * 60 s wait) and the 6-digit code, signed in by fldUser/login/apply. A chunk of its own: most people
 * sign in with a password.
 */
import { useId, useState, type FormEvent } from 'react';
import { useSignInTexts } from '../../i18n/use-sign-in-texts.ts';
import { isApiCallError } from '../../api/api-call-error.ts';
import { callApiEnvelope } from '../../api/call-api.ts';
import { useMutation } from '../../../renderers/environment/use-mutation.ts';
import { signInWithSms } from '../../session/sign-in.ts';
import {
  MOBILE_LENGTH,
  SMS_CODE_LENGTH,
  validateSmsLogin,
  type SmsLoginErrors,
} from '../login-validation.ts';
import { SmsCodeButton } from './SmsCodeButton.tsx';

export const LOGIN_COUNTDOWN = 'sms.login';

export default function SmsLoginForm({
  onSignedIn,
  initialError = null,
  disabled = false,
}: {
  onSignedIn: () => void;
  initialError?: string | null;
  disabled?: boolean;
}) {
  const { t } = useSignInTexts();
  const id = useId();
  const [mobile, setMobile] = useState('');
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState<{ mobile?: boolean }>({});
  const [submitted, setSubmitted] = useState(false);
  // Set once signed in: the form stays busy while the page leaves.
  const [leaving, setLeaving] = useState(false);
  const signIn = useMutation(() => signInWithSms(mobile.trim(), code.trim()));
  const submitting = signIn.running || leaving;
  const [serverError, setServerError] = useState<string | null>(initialError);

  const all = validateSmsLogin(mobile, code);
  // Spec §5: the mobile is checked on blur; everything on submit.
  const errors: SmsLoginErrors = {
    mobile: submitted || touched.mobile ? all.mobile : undefined,
    validCode: submitted ? all.validCode : undefined,
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (all.mobile || all.validCode) return;
    setServerError(null);
    const done = await signIn.run();
    if (!done) return; // the page was left meanwhile
    if (done.ok) {
      setLeaving(true);
      onSignedIn();
    } else setServerError(isApiCallError(done.error) ? done.error.text : t('login.failed'));
  }

  const fieldError = (key: keyof SmsLoginErrors) => {
    const error = errors[key];
    return error ? (
      <div id={`${id}-${key}-error`} className="mf-login-field-error" role="alert">
        {t(error.key, error.params)}
      </div>
    ) : null;
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate>
      <label htmlFor={`${id}-mobile`}>{t('signin.mobile')}</label>
      <input
        id={`${id}-mobile`}
        name="mobile"
        type="tel"
        inputMode="numeric"
        autoComplete="tel"
        maxLength={MOBILE_LENGTH}
        placeholder={t('signin.mobilePlaceholder')}
        value={mobile}
        disabled={submitting || disabled}
        aria-invalid={errors.mobile ? true : undefined}
        aria-describedby={errors.mobile ? `${id}-mobile-error` : undefined}
        onChange={(e) => setMobile(e.target.value)}
        onBlur={() => setTouched((s) => ({ ...s, mobile: true }))}
      />
      {fieldError('mobile')}

      <label htmlFor={`${id}-code`}>{t('signin.smsCode')}</label>
      <SmsCodeButton
        mobile={mobile}
        countdownKey={LOGIN_COUNTDOWN}
        disabled={submitting || disabled}
        send={(captcha) =>
          callApiEnvelope('fldUser.sendMsg.apply', {
            body: { ...captcha, username: mobile.trim(), extraData: 'login' },
            silent: true,
          })
        }
      >
        <input
          id={`${id}-code`}
          name="validCode"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={SMS_CODE_LENGTH}
          placeholder={t('signin.smsCodePlaceholder')}
          value={code}
          disabled={submitting || disabled}
          aria-invalid={errors.validCode ? true : undefined}
          aria-describedby={errors.validCode ? `${id}-validCode-error` : undefined}
          onChange={(e) => setCode(e.target.value)}
        />
      </SmsCodeButton>
      {fieldError('validCode')}

      {serverError && (
        <div className="mf-login-server-error" role="alert" data-testid="login-error">
          {serverError}
        </div>
      )}
      <button
        type="submit"
        className="mf-login-submit"
        disabled={submitting || disabled}
        aria-busy={submitting}
      >
        {t('login.submit')}
      </button>
    </form>
  );
}
