/**
 * Account registration (spec §2 public routes /register and /tenantRegister?join=1), as far as
 * the account goes: account, name, mobile proven by an SMS code (image captcha, fldRegister/send),
 * password by the server's policy, optional e-mail.
 * - personal (/register): user/register, while registration is open (user/open);
 * - enterprise employee (/tenantRegister): the enterprise's code too; fldEmployee/create makes the
 *   account and an employee record waiting for the enterprise's activation (user/open/tenant).
 * An enterprise itself registers at /tenantRegister or /fldRegister (EnterpriseRegistrationForm.tsx).
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useLoad } from '../../../renderers/environment/use-load.ts';
import { useMutation } from '../../../renderers/environment/use-mutation.ts';
import { callApi, callApiEnvelope, type CallArgs } from '../../api/call.ts';
import { PageLoading } from '../../app/PageLoading.tsx';
import { integration } from '../../session/integration.ts';
import { showFlash } from '../../session/flash.ts';
import {
  MOBILE_LENGTH,
  SMS_CODE_LENGTH,
  validateMobile,
  validateSmsCode,
  type FieldError,
} from '../login-validation.ts';
import {
  validateAccount,
  validateEmail,
  validateName,
  validateNewPassword,
  validateRepeat,
  validateRequired,
} from './account-rules.ts';
import { AuthCard, AuthField } from './AuthCard.tsx';
import { PERSONAL_MAX } from './registration-limits.ts';
import { serverErrorText } from './server-error.ts';
import { SmsCodeButton } from './SmsCodeButton.tsx';
import { policyHint, usePasswordPolicy } from './usePasswordPolicy.ts';

export type RegistrationKind = 'personal' | 'tenant';

interface Values {
  tenantCode: string;
  account: string;
  name: string;
  mobile: string;
  validCode: string;
  password: string;
  repeatPassword: string;
  email: string;
}

/** What both registrations send (fldEmployee.create with the enterprise's code in the query). */
type RegisterBody = NonNullable<CallArgs<'user.register'>['body']>;

type Errors = Partial<Record<keyof Values, FieldError>>;

const EMPTY: Values = {
  tenantCode: '',
  account: '',
  name: '',
  mobile: '',
  validCode: '',
  password: '',
  repeatPassword: '',
  email: '',
};

const TITLES: Record<RegistrationKind, string> = {
  personal: 'register.personalTitle',
  tenant: 'register.tenantTitle',
};

/** Whether this registration is open; null until the server says (a failure counts as closed). */
export function useOpen(kind: RegistrationKind): boolean | null {
  const id = kind === 'tenant' ? 'user.open.tenant' : 'user.open';
  const open = useLoad(id, (signal) =>
    callApi(id, { silent: true, signal }).then(
      (value) => value === true,
      () => false,
    ),
  );
  return open.data ?? null;
}

export function RegistrationForm({ kind }: { kind: RegistrationKind }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const open = useOpen(kind);
  const policy = usePasswordPolicy();
  const [values, setValues] = useState<Values>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [blurred, setBlurred] = useState<Partial<Record<keyof Values, boolean>>>({});
  const register = useMutation((signal, { tenantCode, body }: { tenantCode: string; body: RegisterBody }) =>
    kind === 'tenant'
      ? callApi('fldEmployee.create', { query: { tenantCode }, body, silent: true, signal })
      : callApi('user.register', { body, silent: true, signal }),
  );
  const busy = register.running;
  const serverError = serverErrorText(register.error, () => t('register.failed'));

  const all: Errors = {
    tenantCode: kind === 'tenant' ? validateRequired(values.tenantCode) : undefined,
    account: validateAccount(values.account),
    name: validateName(values.name),
    mobile: validateMobile(values.mobile),
    validCode: validateSmsCode(values.validCode),
    password: validateNewPassword(values.password, policy),
    repeatPassword: validateRepeat(values.password, values.repeatPassword),
    email: validateEmail(values.email),
  };
  const shown = (field: keyof Values) => (submitted || blurred[field] ? all[field] : undefined);
  const text = (error: FieldError | undefined) => (error ? t(error.key, error.params) : null);

  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const blur = (field: keyof Values) => () => setBlurred((b) => ({ ...b, [field]: true }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(all).some(Boolean)) return;
    const body: RegisterBody = {
      account: values.account.trim(),
      name: values.name.trim(),
      mobile: values.mobile.trim(),
      validCode: values.validCode.trim(),
      password: values.password,
      ...(values.email.trim() ? { email: values.email.trim() } : {}),
    };
    const done = await register.run({ tenantCode: values.tenantCode.trim(), body });
    if (!done?.ok) return;
    showFlash(kind === 'tenant' ? 'register.doneTenant' : 'register.done');
    navigate(integration().loginPath, { replace: true });
  }

  const input = (
    field: keyof Values,
    props: { type?: string; autoComplete?: string; maxLength?: number; inputMode?: 'numeric' | 'email' } = {},
  ) => (
    <input
      id={`${id}-${field}`}
      name={field}
      value={values[field]}
      disabled={busy}
      aria-invalid={shown(field) ? true : undefined}
      aria-describedby={shown(field) ? `${id}-${field}-error` : undefined}
      onChange={set(field)}
      onBlur={blur(field)}
      {...props}
    />
  );

  if (open === null) {
    return (
      <AuthCard title={t(TITLES[kind])}>
        <PageLoading />
      </AuthCard>
    );
  }
  if (!open) {
    return (
      <AuthCard title={t(TITLES[kind])}>
        <p className="mf-auth-info" role="status">
          {t('register.closed')}
        </p>
        <nav className="mf-auth-links">
          <Link to={integration().loginPath}>{t('register.backToLogin')}</Link>
        </nav>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t(TITLES[kind])} wide>
      <form onSubmit={(e) => void submit(e)} noValidate>
        {kind === 'tenant' && (
          <AuthField
            id={`${id}-tenantCode`}
            label={t('register.tenantCode')}
            error={text(shown('tenantCode'))}
          >
            {input('tenantCode', { autoComplete: 'organization' })}
          </AuthField>
        )}
        <AuthField
          id={`${id}-account`}
          label={t('register.account')}
          error={text(shown('account'))}
          hint={t('validation.keyAlias')}
        >
          {input('account', { autoComplete: 'username', maxLength: PERSONAL_MAX.account })}
        </AuthField>
        <AuthField id={`${id}-name`} label={t('register.name')} error={text(shown('name'))}>
          {input('name', { autoComplete: 'name', maxLength: PERSONAL_MAX.name })}
        </AuthField>
        <AuthField id={`${id}-mobile`} label={t('signin.mobile')} error={text(shown('mobile'))}>
          {input('mobile', {
            type: 'tel',
            inputMode: 'numeric',
            autoComplete: 'tel',
            maxLength: MOBILE_LENGTH,
          })}
        </AuthField>
        <AuthField id={`${id}-validCode`} label={t('signin.smsCode')} error={text(shown('validCode'))}>
          <SmsCodeButton
            mobile={values.mobile}
            countdownKey={`sms.register.${values.mobile.trim()}`}
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
        <AuthField
          id={`${id}-password`}
          label={t('register.password')}
          error={text(shown('password'))}
          hint={policyHint(policy, t)}
        >
          {input('password', { type: 'password', autoComplete: 'new-password' })}
        </AuthField>
        <AuthField
          id={`${id}-repeatPassword`}
          label={t('register.repeatPassword')}
          error={text(shown('repeatPassword'))}
        >
          {input('repeatPassword', { type: 'password', autoComplete: 'new-password' })}
        </AuthField>
        <AuthField id={`${id}-email`} label={t('register.email')} error={text(shown('email'))}>
          {input('email', {
            type: 'email',
            inputMode: 'email',
            autoComplete: 'email',
            maxLength: PERSONAL_MAX.email,
          })}
        </AuthField>
        {serverError && (
          <div className="mf-login-server-error" role="alert" data-testid="register-error">
            {serverError}
          </div>
        )}
        <button type="submit" className="mf-login-submit" disabled={busy} aria-busy={busy}>
          {t('register.submit')}
        </button>
      </form>
      <nav className="mf-auth-links">
        <Link to={integration().loginPath}>{t('register.haveAccount')}</Link>
      </nav>
    </AuthCard>
  );
}
