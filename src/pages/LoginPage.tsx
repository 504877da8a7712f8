/**
 * The login page: account and password, or mobile and SMS code (spec §5, §7). After 3 failed sign-ins
 * the server asks for an image captcha (6020104): the captcha dialog opens and the sign-in is retried
 * with it. On success the `redirect` query (or the dashboard) opens; the route guard leads through
 * tenant and subsystem selection first when needed. A CAS `ticket` in the query signs in directly.
 *
 * Plain HTML and CSS on purpose: antd (even just its Input and Button) would roughly double what
 * this first page loads. The captcha dialog and the SMS part are separate chunks.
 */
import { lazy, Suspense, useEffect, useId, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useSignInTexts } from '../i18n/use-sign-in-texts.ts';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useLoad } from '../../renderers/environment/use-load.ts';
import { useMutation } from '../../renderers/environment/use-mutation.ts';
import { isApiCallError } from '../api/api-call-error.ts';
import { callApi } from '../api/call-api.ts';
import { accessTokenAtom, reloginRequiredAtom } from '../session/atoms.ts';
import { safeReturnPath } from '../session/login-path.ts';
import { endSessionEverywhere } from '../session/logout.ts';
import { signInWithPassword, signInWithTicket, type CaptchaAnswer } from '../session/sign-in.ts';
import { LanguageLinks } from './LanguageLinks.tsx';
import { validateLogin, type LoginErrors } from './login-password-rules.ts';
import './login.css';
import './auth/auth.css';

const CaptchaDialog = lazy(() => import('./auth/CaptchaDialog.tsx'));
const SmsLoginForm = lazy(() => import('./auth/SmsLoginForm.tsx'));

/** Spec §8: the server wants a captcha with the next attempt. */
const CAPTCHA_REQUIRED = 6020104;

type Mode = 'password' | 'sms';

function errorText(error: unknown, fallback: string): string {
  return isApiCallError(error) ? error.text : fallback;
}

const CLOSED = { personal: false, enterprise: false };

/** Which registration pages are open (user/open, user/open/tenant); closed until the server says. */
function useRegistrationFlags(): { personal: boolean; enterprise: boolean } {
  const flags = useLoad('registrationFlags', async (signal) => {
    const quiet = { silent: true, signal } as const;
    const [personal, enterprise] = await Promise.all([
      callApi('user.open', quiet).catch(() => false),
      callApi('user.open.tenant', quiet).catch(() => false),
    ]);
    return { personal: personal === true, enterprise: enterprise === true };
  });
  return flags.data ?? CLOSED;
}

export function LoginPage() {
  const { t } = useSignInTexts();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const token = useAtomValue(accessTokenAtom);
  const [mode, setMode] = useState<Mode>(params.get('mode') === 'sms' ? 'sms' : 'password');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  // Set once signed in: the form stays busy while the page leaves.
  const [leaving, setLeaving] = useState(false);
  const [serverError, setServerError] = useState<string | null>(
    () => (location.state as { signInError?: string } | null)?.signInError ?? null,
  );
  const [captcha, setCaptcha] = useState<{ generation: number; error: string | null } | null>(null);
  // After a mobile change the old session ends here; until then the page does not send the user away.
  const reloginRequired = useAtomValue(reloginRequiredAtom);
  const [relogin] = useState(() => Boolean(token) && reloginRequired);
  const [ending, setEnding] = useState(relogin);
  const flags = useRegistrationFlags();
  const id = useId();
  const ticket = params.get('ticket');
  // A reporter signing in on /loginWyf goes on to report (issue 13), unless asked for another page.
  const target =
    location.pathname === '/loginWyf' && !params.get('redirect')
      ? '/wyfReport'
      : safeReturnPath(params.get('redirect'));

  useEffect(() => {
    if (relogin) void endSessionEverywhere().finally(() => setEnding(false));
  }, [relogin]);

  // A CAS ticket in the address signs in once (a ticket is single use).
  const ticketSignIn = useLoad(ticket && !token ? `ticket:${ticket}` : null, async (signal) => {
    try {
      await signInWithTicket(ticket!);
      navigate(target, { replace: true });
    } catch (e) {
      if (!signal.aborted) setServerError(errorText(e, t('login.failed')));
    }
  });
  const signIn = useMutation((_signal, answer: CaptchaAnswer | undefined) =>
    signInWithPassword(username.trim(), password, answer),
  );
  const submitting = signIn.running || leaving || ticketSignIn.loading;

  // Already signed in (and not asked to sign in again): nothing to do here.
  if (token && !ending && !relogin && !submitting) return <Navigate to={target} replace />;

  const errors: LoginErrors = touched ? validateLogin(username, password) : {};

  async function attempt(answer?: CaptchaAnswer) {
    setServerError(null);
    const done = await signIn.run(answer);
    if (!done) return; // the page was left meanwhile
    if (done.ok) {
      setLeaving(true);
      setCaptcha(null);
      navigate(target, { replace: true });
      return;
    }
    const e = done.error;
    if (isApiCallError(e) && e.state === CAPTCHA_REQUIRED) {
      // First time: just ask. After a guess: say why, with a new image (each allows one guess).
      setCaptcha((open) => ({
        generation: (open?.generation ?? 0) + 1,
        error: answer ? e.text : null,
      }));
      return;
    }
    setCaptcha(null);
    setServerError(errorText(e, t('login.failed')));
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(validateLogin(username, password)).length) return;
    void attempt();
  }

  const fieldError = (key: keyof LoginErrors) => {
    const error = errors[key];
    return error ? (
      <div id={`${id}-${key}-error`} className="mf-login-field-error" role="alert">
        {t(error.key, error.params)}
      </div>
    ) : null;
  };

  const tab = (value: Mode, label: string) => (
    <button
      type="button"
      role="tab"
      id={`${id}-tab-${value}`}
      aria-selected={mode === value}
      aria-controls={`${id}-panel`}
      onClick={() => {
        setMode(value);
        setServerError(null);
      }}
    >
      {label}
    </button>
  );

  return (
    <main className="mf-login">
      <div className="mf-login-form">
        <h1 id={`${id}-title`}>{t('app.title')}</h1>
        <p className="mf-login-subtitle">{t('login.title')}</p>
        <div className="mf-auth-tabs" role="tablist" aria-label={t('signin.modes')}>
          {tab('password', t('signin.passwordTab'))}
          {tab('sms', t('signin.smsTab'))}
        </div>
        <div id={`${id}-panel`} role="tabpanel" aria-labelledby={`${id}-tab-${mode}`}>
          {mode === 'password' ? (
            <form onSubmit={submit} noValidate aria-labelledby={`${id}-title`}>
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
              <button
                type="submit"
                className="mf-login-submit"
                disabled={submitting || ending}
                aria-busy={submitting}
              >
                {t('login.submit')}
              </button>
            </form>
          ) : (
            <Suspense fallback={null}>
              <SmsLoginForm
                onSignedIn={() => navigate(target, { replace: true })}
                initialError={serverError}
                disabled={ending}
              />
            </Suspense>
          )}
        </div>
        <nav className="mf-auth-links" aria-label={t('signin.otherLinks')}>
          <Link to="/forget">{t('signin.forgot')}</Link>
          {flags.personal && <Link to="/register">{t('signin.register')}</Link>}
          {flags.enterprise && <Link to="/tenantRegister">{t('signin.tenantRegister')}</Link>}
        </nav>
        <LanguageLinks className="mf-login-languages" />
      </div>
      {captcha && (
        <Suspense fallback={null}>
          <CaptchaDialog
            generation={captcha.generation}
            error={captcha.error}
            busy={submitting}
            onSubmit={(answer) => void attempt(answer)}
            onCancel={() => {
              setCaptcha(null);
              setServerError(t('signin.captchaNeeded'));
            }}
          />
        </Suspense>
      )}
    </main>
  );
}

export default LoginPage;
