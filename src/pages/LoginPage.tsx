/**
 * Password login. On success: user context and menus are loaded, then the `redirect` query (or the
 * dashboard) opens. The server's failure text (e.g. 用户名或密码错误) is shown under the form.
 *
 * Plain HTML and CSS on purpose: antd (even just its Input and Button) would roughly double what
 * this first page loads. Every other page is drawn with antd.
 */
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { isApiCallError } from '../api/api-call-error.ts';
import { safeRedirect } from '../router/redirect.ts';
import { signInWithPassword } from '../session/sign-in.ts';
import { LanguageLinks } from './LanguageLinks.tsx';
import { validateLogin, type LoginErrors } from './login-validation.ts';
import './login.css';

export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [serverError, setServerError] = useState<string | null>(null);
  const id = useId();

  const errors: LoginErrors = touched ? validateLogin(username, password) : {};

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(validateLogin(username, password)).length) return;
    setSubmitting(true);
    setServerError(null);
    try {
      await signInWithPassword(username.trim(), password);
      navigate(safeRedirect(params.get('redirect')), { replace: true });
    } catch (e) {
      setServerError(isApiCallError(e) ? e.text : t('login.failed'));
      setSubmitting(false);
    }
  }

  const fieldError = (key: keyof LoginErrors) => {
    const error = errors[key];
    return error ? (
      <div id={`${id}-${key}-error`} className="mf-login-field-error" role="alert">
        {t(error.key, error.params)}
      </div>
    ) : null;
  };

  return (
    <main className="mf-login">
      <form className="mf-login-form" onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
        <h1 id={`${id}-title`}>{t('app.title')}</h1>
        <p className="mf-login-subtitle">{t('login.title')}</p>

        <label htmlFor={`${id}-username`}>{t('login.username')}</label>
        <input
          id={`${id}-username`}
          name="username"
          autoComplete="username"
          placeholder={t('login.usernamePlaceholder')}
          value={username}
          disabled={submitting}
          aria-invalid={errors.username ? true : undefined}
          aria-describedby={errors.username ? `${id}-username-error` : undefined}
          onChange={(e) => setUsername(e.target.value)}
        />
        {fieldError('username')}

        <label htmlFor={`${id}-password`}>{t('login.password')}</label>
        <input
          id={`${id}-password`}
          name="password"
          type="password"
          autoComplete="current-password"
          placeholder={t('login.passwordPlaceholder')}
          value={password}
          disabled={submitting}
          aria-invalid={errors.password ? true : undefined}
          aria-describedby={errors.password ? `${id}-password-error` : undefined}
          onChange={(e) => setPassword(e.target.value)}
        />
        {fieldError('password')}

        {serverError && (
          <div className="mf-login-server-error" role="alert" data-testid="login-error">
            {serverError}
          </div>
        )}
        <button type="submit" className="mf-login-submit" disabled={submitting} aria-busy={submitting}>
          {t('login.submit')}
        </button>
        <LanguageLinks className="mf-login-languages" />
      </form>
    </main>
  );
}
