/**
 * /wyfperfect: the reporter's details (wyf.reporter.get/save), asked once before a first report of an
 * unnotified deal. Any signed-in account, no tenant. Plain HTML like the other sign-in pages.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { callApi, type CallArgs } from '../../api/call.ts';
import { isApiCallError } from '../../api/api-call-error.ts';
import type { WyfReporter } from '../../api/generated/operations.ts';
import { PageLoading } from '../../app/PageLoading.tsx';
import { useLoad } from '../../../renderers/environment/use-load.ts';
import { useMutation } from '../../../renderers/environment/use-mutation.ts';
import { AuthCard, AuthField } from '../auth/AuthCard.tsx';
import { useSignedIn } from '../auth/useSignedIn.ts';
import { safeReturnPath } from '../../session/login-path.ts';
import { WYF_LOGIN, WYF_REPORT } from './wyf-paths.ts';
import './wyf.css';

const errorText = (e: unknown) => (isApiCallError(e) ? e.text : String(e));
const ID_TYPES = ['ID_CARD', 'PASSPORT', 'USCC', 'OTHER'] as const;
const PHONE = /^[0-9+() -]{5,32}$/;
const EMPTY: WyfReporter = { realName: '', idType: 'ID_CARD', idNumber: '', contactPhone: '' };

function ReporterForm({ initial, onSaved }: { initial: WyfReporter; onSaved: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const [form, setForm] = useState<WyfReporter>(initial);
  const [touched, setTouched] = useState(false);
  const save = useMutation((signal, body: CallArgs<'wyf.reporter.save'>['body']) =>
    callApi('wyf.reporter.save', { body, silent: true, signal }),
  );
  const failure = save.error === undefined ? null : errorText(save.error);
  const set = (key: keyof WyfReporter) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));
  const required = (key: 'realName' | 'idNumber' | 'contactPhone') =>
    String(form[key] ?? '').trim() ? null : t('wyf.required', { field: t(`wyf.${key}`) });
  const errors = touched
    ? {
        realName: required('realName'),
        idNumber: required('idNumber'),
        contactPhone:
          required('contactPhone') ?? (PHONE.test(form.contactPhone.trim()) ? null : t('wyf.phoneInvalid')),
      }
    : { realName: null, idNumber: null, contactPhone: null };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    const blank = !form.realName.trim() || !form.idNumber.trim() || !PHONE.test(form.contactPhone.trim());
    if (blank) return;
    const optional = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);
    const saved = await save.run({
      realName: form.realName.trim(),
      organisation: optional(form.organisation),
      idType: form.idType,
      idNumber: form.idNumber.trim(),
      contactPhone: form.contactPhone.trim(),
      email: optional(form.email),
      address: optional(form.address),
    });
    if (saved?.ok) onSaved();
  };

  const field = (key: keyof WyfReporter, autoComplete: string, error: string | null = null) => (
    <AuthField id={`${id}-${key}`} label={t(`wyf.${key}`)} error={error}>
      <input
        id={`${id}-${key}`}
        value={String(form[key] ?? '')}
        autoComplete={autoComplete}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-${key}-error` : undefined}
        onChange={set(key)}
      />
    </AuthField>
  );

  return (
    <form onSubmit={submit} noValidate>
      <p className="mf-auth-info">{t('wyf.perfectIntro')}</p>
      {failure && (
        <div className="mf-login-server-error" role="alert">
          {failure}
        </div>
      )}
      {field('realName', 'name', errors.realName)}
      {field('organisation', 'organization')}
      <label htmlFor={`${id}-idType`}>{t('wyf.idType')}</label>
      <select id={`${id}-idType`} className="mf-wyf-select" value={form.idType} onChange={set('idType')}>
        {ID_TYPES.map((type) => (
          <option key={type} value={type}>
            {t(`wyf.idTypes.${type}`)}
          </option>
        ))}
      </select>
      {field('idNumber', 'off', errors.idNumber)}
      {field('contactPhone', 'tel', errors.contactPhone)}
      {field('email', 'email')}
      {field('address', 'street-address')}
      <button type="submit" className="mf-login-submit" disabled={save.running}>
        {t('wyf.save')}
      </button>
    </form>
  );
}

export default function WyfPerfectPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const signedIn = useSignedIn();
  const ready = signedIn.state === 'ready';
  const reporter = useLoad(ready ? 'wyf.reporter' : null, (signal) =>
    callApi('wyf.reporter.get', { silent: true, signal }),
  );
  if (signedIn.state === 'missing')
    return <Navigate to={`${WYF_LOGIN}?redirect=${encodeURIComponent(location.pathname)}`} replace />;
  const target = params.get('redirect') ? safeReturnPath(params.get('redirect')) : WYF_REPORT;
  const failed =
    signedIn.state === 'failed' ? signedIn.text : reporter.error ? errorText(reporter.error) : null;
  return (
    <AuthCard title={t('wyf.perfectTitle')} wide>
      {failed ? (
        <div className="mf-login-server-error" role="alert">
          {t('wyf.loadFailed', { message: failed })}
        </div>
      ) : !reporter.data ? (
        <PageLoading />
      ) : (
        <ReporterForm
          initial={reporter.data.reporter ?? EMPTY}
          onSaved={() => navigate(target, { replace: true })}
        />
      )}
    </AuthCard>
  );
}
