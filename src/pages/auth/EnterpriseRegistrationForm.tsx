/**
 * Enterprise self-registration (/tenantRegister, saas/tenant/register): the enterprise (name, 统一社会信用代码
 * checked with its check character as the server does, kind, alias) and its administrator (contact name,
 * account, mobile proven by an SMS code after an image captcha, password by the server's policy, e-mail).
 * The tenant then waits for the super user's approval; the outcome comes by SMS. Open while enterprise
 * registration is (user/open/tenant).
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation } from '../../../renderers/environment/use-mutation.ts';
import { callApi, callApiEnvelope, type CallArgs } from '../../api/call.ts';
import { PageLoading } from '../../app/PageLoading.tsx';
import { integration } from '../../session/integration.ts';
import { showFlash } from '../../session/flash.ts';
import { isUscc } from '../../../schemas/validators/uscc.ts';
import { SMS_CODE_LENGTH, validateMobile, validateSmsCode, type FieldError } from '../login-validation.ts';
import {
  validateAccount,
  validateEmail,
  validateName,
  validateNewPassword,
  validateRepeat,
  validateRequired,
} from './account-rules.ts';
import { AuthCard, AuthField } from './AuthCard.tsx';
import { useOpen } from './RegistrationForm.tsx';
import { ENTERPRISE_MAX } from './registration-limits.ts';
import { serverErrorText } from './server-error.ts';
import { SmsCodeButton } from './SmsCodeButton.tsx';
import { policyHint, usePasswordPolicy } from './usePasswordPolicy.ts';

interface Values {
  name: string;
  creditCode: string;
  kind: 'enterprise' | 'law_firm';
  code: string;
  contactName: string;
  account: string;
  mobile: string;
  validCode: string;
  password: string;
  repeatPassword: string;
  email: string;
}

type Field = Exclude<keyof Values, 'kind'>;

const EMPTY: Values = {
  name: '',
  creditCode: '',
  kind: 'enterprise',
  code: '',
  contactName: '',
  account: '',
  mobile: '',
  validCode: '',
  password: '',
  repeatPassword: '',
  email: '',
};

function validateCreditCode(value: string): FieldError | undefined {
  if (!value.trim()) return { key: 'validation.required' };
  return isUscc(value) ? undefined : { key: 'validation.uscc' };
}

export function EnterpriseRegistrationForm() {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const open = useOpen('tenant');
  const policy = usePasswordPolicy();
  const [values, setValues] = useState<Values>(EMPTY);
  const [submitted, setSubmitted] = useState(false);
  const [blurred, setBlurred] = useState<Partial<Record<Field, boolean>>>({});
  const register = useMutation((signal, body: CallArgs<'saas.tenant.register'>['body']) =>
    callApi('saas.tenant.register', { body, silent: true, signal }),
  );
  const busy = register.running;
  const serverError = serverErrorText(register.error, () => t('register.failed'));

  const all: Partial<Record<Field, FieldError>> = {
    name: validateRequired(values.name),
    creditCode: validateCreditCode(values.creditCode),
    code: validateAccount(values.code),
    contactName: validateName(values.contactName),
    account: validateAccount(values.account),
    mobile: validateMobile(values.mobile),
    validCode: validateSmsCode(values.validCode),
    password: validateNewPassword(values.password, policy),
    repeatPassword: validateRepeat(values.password, values.repeatPassword),
    email: validateRequired(values.email) ?? validateEmail(values.email),
  };
  const shown = (field: Field) => (submitted || blurred[field] ? all[field] : undefined);
  const text = (error: FieldError | undefined) => (error ? t(error.key, error.params) : null);
  const set = (field: keyof Values) => (event: { target: { value: string } }) =>
    setValues((v) => ({ ...v, [field]: event.target.value }));
  const blur = (field: Field) => () => setBlurred((b) => ({ ...b, [field]: true }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(all).some(Boolean)) return;
    const done = await register.run({
      name: values.name.trim(),
      creditCode: values.creditCode.trim().toUpperCase(),
      kind: values.kind,
      code: values.code.trim(),
      contactName: values.contactName.trim(),
      account: values.account.trim(),
      mobile: values.mobile.trim(),
      validCode: values.validCode.trim(),
      password: values.password,
      email: values.email.trim(),
    });
    if (!done?.ok) return;
    showFlash('register.doneEnterprise');
    navigate(integration().loginPath, { replace: true });
  }

  const input = (
    field: Field,
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
  const field = (name: Field, label: string, child: React.ReactNode, hint?: string) => (
    <AuthField id={`${id}-${name}`} label={t(label)} error={text(shown(name))} hint={hint}>
      {child}
    </AuthField>
  );

  if (open === null || !open) {
    return (
      <AuthCard title={t('register.enterpriseTitle')}>
        {open === null ? (
          <PageLoading />
        ) : (
          <>
            <p className="mf-auth-info" role="status">
              {t('register.closed')}
            </p>
            <nav className="mf-auth-links">
              <Link to={integration().loginPath}>{t('register.backToLogin')}</Link>
            </nav>
          </>
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('register.enterpriseTitle')} wide>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <p className="mf-auth-hint">{t('register.enterpriseHint')}</p>
        {field(
          'name',
          'register.enterpriseName',
          input('name', { autoComplete: 'organization', maxLength: ENTERPRISE_MAX.name }),
        )}
        {field(
          'creditCode',
          'register.creditCode',
          input('creditCode', { maxLength: ENTERPRISE_MAX.creditCode }),
        )}
        <AuthField id={`${id}-kind`} label={t('register.kind')} error={null}>
          <select id={`${id}-kind`} name="kind" value={values.kind} disabled={busy} onChange={set('kind')}>
            <option value="enterprise">{t('tenant.kind.enterprise')}</option>
            <option value="law_firm">{t('tenant.kind.law_firm')}</option>
          </select>
        </AuthField>
        {field(
          'code',
          'register.enterpriseCode',
          input('code', { maxLength: ENTERPRISE_MAX.code }),
          t('validation.keyAlias'),
        )}
        {field(
          'contactName',
          'register.contactName',
          input('contactName', { autoComplete: 'name', maxLength: ENTERPRISE_MAX.contactName }),
        )}
        {field(
          'account',
          'register.adminAccount',
          input('account', { autoComplete: 'username', maxLength: ENTERPRISE_MAX.account }),
          t('validation.keyAlias'),
        )}
        {field(
          'mobile',
          'signin.mobile',
          input('mobile', {
            type: 'tel',
            inputMode: 'numeric',
            autoComplete: 'tel',
            maxLength: ENTERPRISE_MAX.mobile,
          }),
        )}
        {field(
          'validCode',
          'signin.smsCode',
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
          </SmsCodeButton>,
        )}
        {field(
          'password',
          'register.password',
          input('password', { type: 'password', autoComplete: 'new-password' }),
          policyHint(policy, t),
        )}
        {field(
          'repeatPassword',
          'register.repeatPassword',
          input('repeatPassword', { type: 'password', autoComplete: 'new-password' }),
        )}
        {field(
          'email',
          'register.enterpriseEmail',
          input('email', {
            type: 'email',
            inputMode: 'email',
            autoComplete: 'email',
            maxLength: ENTERPRISE_MAX.email,
          }),
        )}
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
        <Link to="/tenantRegister?join=1">{t('register.joinEnterprise')}</Link>
        <Link to={integration().loginPath}>{t('register.haveAccount')}</Link>
      </nav>
    </AuthCard>
  );
}
