/**
 * /perfect — the supplementary entry after the first sign-in (spec §2 public routes): the holder of a
 * mobile, proven by an SMS code (image captcha first), completes what the registration left out —
 * the contact's name and e-mail, and for an enterprise still waiting for review its name, unified
 * social credit code and address (fldUser.perfect). A refused registration goes back to review.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation } from '../../../renderers/environment/use-mutation.ts';
import { isUscc } from '../../../schemas/validators/uscc.ts';
import { callApi, callApiEnvelope, type CallArgs } from '../../api/call.ts';
import { showFlash } from '../../session/flash.ts';
import { integration } from '../../session/integration.ts';
import {
  MOBILE_LENGTH,
  SMS_CODE_LENGTH,
  validateMobile,
  validateSmsCode,
  type FieldError,
} from '../login-validation.ts';
import { validateEmail, validateName } from './account-rules.ts';
import { AuthCard, AuthField } from './AuthCard.tsx';
import { PERFECT_MAX } from './registration-limits.ts';
import { serverErrorText } from './server-error.ts';
import { SmsCodeButton } from './SmsCodeButton.tsx';

interface Values {
  mobile: string;
  validCode: string;
  name: string;
  email: string;
  enterpriseName: string;
  creditCode: string;
  address: string;
}

const EMPTY: Values = {
  mobile: '',
  validCode: '',
  name: '',
  email: '',
  enterpriseName: '',
  creditCode: '',
  address: '',
};

/** Optional: checked only when given. */
function validateCreditCode(value: string): FieldError | undefined {
  return !value.trim() || isUscc(value) ? undefined : { key: 'validation.uscc' };
}

export default function PerfectPage() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const [values, setValues] = useState<Values>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [blurred, setBlurred] = useState<Partial<Record<keyof Values, boolean>>>({});
  const perfect = useMutation((signal, body: CallArgs<'fldUser.perfect'>['body']) =>
    callApi('fldUser.perfect', { body, silent: true, signal }),
  );
  const busy = perfect.running;
  const serverError = serverErrorText(perfect.error, () => t('perfect.failed'));

  const all: Partial<Record<keyof Values, FieldError>> = {
    mobile: validateMobile(values.mobile),
    validCode: validateSmsCode(values.validCode),
    name: validateName(values.name),
    email: values.email.trim() ? validateEmail(values.email) : undefined,
    creditCode: validateCreditCode(values.creditCode),
  };
  const shown = (field: keyof Values) => (submitted || blurred[field] ? all[field] : undefined);
  const text = (error: FieldError | undefined) => (error ? t(error.key, error.params) : null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(all).some(Boolean)) return;
    const optional = (key: 'email' | 'enterpriseName' | 'address') =>
      values[key].trim() ? { [key]: values[key].trim() } : {};
    const done = await perfect.run({
      mobile: values.mobile.trim(),
      validCode: values.validCode.trim(),
      name: values.name.trim(),
      ...optional('email'),
      ...optional('enterpriseName'),
      ...optional('address'),
      ...(values.creditCode.trim() ? { creditCode: values.creditCode.trim().toUpperCase() } : {}),
    });
    if (!done?.ok) return;
    showFlash('perfect.done');
    navigate(integration().loginPath, { replace: true });
  }

  const input = (
    field: keyof Values,
    props: { type?: string; autoComplete?: string; maxLength?: number; inputMode?: 'numeric' } = {},
  ) => (
    <input
      id={`${id}-${field}`}
      name={field}
      value={values[field]}
      disabled={busy}
      aria-invalid={shown(field) ? true : undefined}
      aria-describedby={shown(field) ? `${id}-${field}-error` : undefined}
      onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
      onBlur={() => setBlurred((b) => ({ ...b, [field]: true }))}
      {...props}
    />
  );

  const field = (name: keyof Values, label: string, control: ReturnType<typeof input>, hint?: string) => (
    <AuthField id={`${id}-${name}`} label={label} error={text(shown(name))} hint={hint}>
      {control}
    </AuthField>
  );

  return (
    <AuthCard title={t('perfect.title')} wide>
      <p className="mf-auth-hint">{t('perfect.hint')}</p>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {field(
          'mobile',
          t('signin.mobile'),
          input('mobile', {
            type: 'tel',
            inputMode: 'numeric',
            autoComplete: 'tel',
            maxLength: MOBILE_LENGTH,
          }),
        )}
        <AuthField id={`${id}-validCode`} label={t('signin.smsCode')} error={text(shown('validCode'))}>
          <SmsCodeButton
            mobile={values.mobile}
            countdownKey={`sms.perfect.${values.mobile.trim()}`}
            disabled={busy}
            send={(captcha) =>
              callApiEnvelope('fldRegister.send', {
                body: { ...captcha, mobile: values.mobile.trim() },
                silent: true,
              })
            }
          >
            {input('validCode', {
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              maxLength: SMS_CODE_LENGTH,
            })}
          </SmsCodeButton>
        </AuthField>
        {field(
          'name',
          t('register.contactName'),
          input('name', { autoComplete: 'name', maxLength: PERFECT_MAX.name }),
        )}
        {field(
          'email',
          t('register.email'),
          input('email', { type: 'email', autoComplete: 'email', maxLength: PERFECT_MAX.email }),
        )}
        {field(
          'enterpriseName',
          t('register.enterpriseName'),
          input('enterpriseName', { autoComplete: 'organization', maxLength: PERFECT_MAX.enterpriseName }),
          t('perfect.enterpriseHint'),
        )}
        {field(
          'creditCode',
          t('register.creditCode'),
          input('creditCode', { maxLength: PERFECT_MAX.creditCode }),
        )}
        {field(
          'address',
          t('perfect.address'),
          input('address', { autoComplete: 'street-address', maxLength: PERFECT_MAX.address }),
        )}
        {serverError && (
          <div className="mf-login-server-error" role="alert" data-testid="perfect-error">
            {serverError}
          </div>
        )}
        <button type="submit" className="mf-login-submit" disabled={busy} aria-busy={busy}>
          {t('perfect.submit')}
        </button>
      </form>
      <nav className="mf-auth-links">
        <Link to={integration().loginPath}>{t('register.backToLogin')}</Link>
      </nav>
    </AuthCard>
  );
}
