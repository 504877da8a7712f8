/**
 * Forgotten password (spec §2 /forget and /tenantForget, §7): the mobile proven by an SMS code (image
 * captcha first), then a new password by the server's policy. The account is optional: needed only
 * when the mobile belongs to several. The server unlocks the account and ends its sessions.
 * - personal (/forget): fldRegister/send, user/reset/passwd/tenant;
 * - enterprise (/tenantForget): user/send/sms/tenant (sent only to numbers with an account),
 *   fldUser/reset/passwd/tenant.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { useMutation } from '../../../renderers/environment/use-mutation.ts';
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
import { validateNewPassword, validateRepeat } from './account-rules.ts';
import { AuthCard, AuthField } from './AuthCard.tsx';
import { serverErrorText } from './server-error.ts';
import { SmsCodeButton } from './SmsCodeButton.tsx';
import { policyHint, usePasswordPolicy } from './usePasswordPolicy.ts';

/** Both resets take the same body. */
type ResetBody = NonNullable<CallArgs<'user.reset.passwd.tenant'>['body']>;

export type ResetKind = 'personal' | 'tenant';

interface Values {
  mobile: string;
  validCode: string;
  account: string;
  newPassword: string;
  repeatPassword: string;
}

export function PasswordResetForm({ kind }: { kind: ResetKind }) {
  const { t } = useTranslation();
  const id = useId();
  const navigate = useNavigate();
  const policy = usePasswordPolicy();
  const [values, setValues] = useState<Values>({
    mobile: '',
    validCode: '',
    account: '',
    newPassword: '',
    repeatPassword: '',
  });
  const [submitted, setSubmitted] = useState(false);
  const [blurred, setBlurred] = useState<Partial<Record<keyof Values, boolean>>>({});
  const reset = useMutation((signal, body: ResetBody) =>
    callApi(kind === 'tenant' ? 'fldUser.reset.passwd.tenant' : 'user.reset.passwd.tenant', {
      body,
      silent: true,
      signal,
    }),
  );
  const busy = reset.running;
  const serverError = serverErrorText(reset.error, () => t('forget.failed'));

  const all: Partial<Record<keyof Values, FieldError>> = {
    mobile: validateMobile(values.mobile),
    validCode: validateSmsCode(values.validCode),
    newPassword: validateNewPassword(values.newPassword, policy),
    repeatPassword: validateRepeat(values.newPassword, values.repeatPassword),
  };
  const shown = (field: keyof Values) => (submitted || blurred[field] ? all[field] : undefined);
  const text = (error: FieldError | undefined) => (error ? t(error.key, error.params) : null);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSubmitted(true);
    if (Object.values(all).some(Boolean)) return;
    const body: ResetBody = {
      mobile: values.mobile.trim(),
      validCode: values.validCode.trim(),
      newPassword: values.newPassword,
      repeatPassword: values.repeatPassword,
      ...(values.account.trim() ? { account: values.account.trim() } : {}),
    };
    if (!(await reset.run(body))?.ok) return;
    showFlash('forget.done');
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

  const send = (captcha: { captcha: string; requestId: string }) => {
    const mobile = values.mobile.trim();
    return kind === 'tenant'
      ? callApiEnvelope('user.send.sms.tenant', { query: { ...captcha, mobile }, silent: true })
      : callApiEnvelope('fldRegister.send', { body: { ...captcha, mobile }, silent: true });
  };

  return (
    <AuthCard title={t(kind === 'tenant' ? 'forget.tenantTitle' : 'forget.title')} wide>
      <form onSubmit={(e) => void submit(e)} noValidate>
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
            countdownKey={`sms.${kind}Forget.${values.mobile.trim()}`}
            disabled={busy}
            send={send}
          >
            {input('validCode', {
              inputMode: 'numeric',
              autoComplete: 'one-time-code',
              maxLength: SMS_CODE_LENGTH,
            })}
          </SmsCodeButton>
        </AuthField>
        <AuthField id={`${id}-account`} label={t('forget.account')} hint={t('forget.accountHint')}>
          {input('account', { autoComplete: 'username' })}
        </AuthField>
        <AuthField
          id={`${id}-newPassword`}
          label={t('forget.newPassword')}
          error={text(shown('newPassword'))}
          hint={policyHint(policy, t)}
        >
          {input('newPassword', { type: 'password', autoComplete: 'new-password' })}
        </AuthField>
        <AuthField
          id={`${id}-repeatPassword`}
          label={t('forget.repeatPassword')}
          error={text(shown('repeatPassword'))}
        >
          {input('repeatPassword', { type: 'password', autoComplete: 'new-password' })}
        </AuthField>
        {serverError && (
          <div className="mf-login-server-error" role="alert" data-testid="forget-error">
            {serverError}
          </div>
        )}
        <button type="submit" className="mf-login-submit" disabled={busy} aria-busy={busy}>
          {t('forget.submit')}
        </button>
      </form>
      <nav className="mf-auth-links">
        <Link to={integration().loginPath}>{t('forget.backToLogin')}</Link>
      </nav>
    </AuthCard>
  );
}
