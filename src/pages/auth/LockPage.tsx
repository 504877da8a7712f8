/**
 * /locking (spec §2, §4): the screen stays here until the signed-in person's password is verified by
 * the server (authentication/verify). A wrong password shows the server's error; too many end the
 * session (then the login page). Logging out is offered. Plain HTML, like the login page.
 */
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate } from 'react-router-dom';
import { useMutation } from '../../../renderers/environment/use-mutation.ts';
import { isApiCallError } from '../../api/api-call-error.ts';
import { accessTokenAtom, refreshableAtom, userContextAtom } from '../../session/atoms.ts';
import { integration } from '../../session/integration.ts';
import { clearLock, unlockScreen } from '../../session/lock.ts';
import { lockedAtom, syncLockFromCookie } from '../../session/lock-state.ts';
import { appStore } from '../../session/store.ts';
import { logout } from '../../session/logout.ts';
import { forceLocalLogout } from '../../session/session-ending.ts';
import { refreshNow } from '../../session/token-refresh.ts';
import { AuthField } from './AuthCard.tsx';
import { LanguageLinks } from '../LanguageLinks.tsx';
import '../login.css';
import './auth.css';

function useClock(): string {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now.toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' });
}

export default function LockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const id = useId();
  const token = useAtomValue(accessTokenAtom);
  const canRefresh = useAtomValue(refreshableAtom);
  // Whether the screen was locked when the page opened: unlocking clears the flag before it navigates.
  const [wasLocked] = useState(() => appStore.get(lockedAtom) || syncLockFromCookie());
  const context = useAtomValue(userContextAtom);
  const clock = useClock();
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const unlock = useMutation((_signal, typed: string) => unlockScreen(typed));
  // Unlocked: the form stays busy while the app goes back.
  const [leaving, setLeaving] = useState(false);
  const busy = unlock.running || leaving;
  const failure = unlock.error;
  // Too many wrong passwords end the session: nothing to show, the login page follows.
  const error =
    failure === undefined || (isApiCallError(failure) && failure.kind === 'sessionEnded')
      ? null
      : isApiCallError(failure)
        ? failure.text
        : t('lock.failed');

  // Only the refresh cookie left (e.g. after a reload): renew the access token so the check can be made.
  useEffect(() => {
    if (!token && canRefresh) void refreshNow();
  }, [token, canRefresh]);

  const signedOut = !token && !canRefresh;
  useEffect(() => {
    if (signedOut) clearLock();
  }, [signedOut]);

  // Nobody signed in: nothing to unlock.
  if (signedOut) return <Navigate to={integration().loginPath} replace />;
  if (!wasLocked) return <Navigate to="/" replace />;

  const missing = touched && !password;
  const name = context?.switchAccount
    ? context.switchAccount
    : context?.employee?.name || context?.user.fullname || context?.user.account || '';

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (!password) return;
    const done = await unlock.run(password);
    if (!done) return;
    if (done.ok) {
      setLeaving(true);
      navigate(done.data, { replace: true });
      return;
    }
    // A fresh try: the field empties, and its "required" check waits for the next submit.
    setPassword('');
    setTouched(false);
    // Too many wrong passwords end the session: sign in again.
    if (isApiCallError(done.error) && done.error.kind === 'sessionEnded') forceLocalLogout();
  }

  return (
    <main className="mf-login">
      <form
        className="mf-login-form"
        onSubmit={(e) => void submit(e)}
        noValidate
        aria-labelledby={`${id}-title`}
      >
        <p className="mf-lock-clock" aria-hidden="true">
          {clock}
        </p>
        <h1 id={`${id}-title`}>{t('lock.title')}</h1>
        {name && <p className="mf-lock-user">{t('lock.user', { name })}</p>}
        <AuthField
          id={`${id}-password`}
          label={t('lock.password')}
          error={missing ? t('lock.passwordRequired') : error}
        >
          <input
            id={`${id}-password`}
            type="password"
            autoComplete="current-password"
            autoFocus
            value={password}
            disabled={busy}
            placeholder={t('lock.passwordPlaceholder')}
            aria-invalid={missing || error ? true : undefined}
            aria-describedby={missing || error ? `${id}-password-error` : undefined}
            onChange={(e) => setPassword(e.target.value)}
          />
        </AuthField>
        <button type="submit" className="mf-login-submit" disabled={busy} aria-busy={busy}>
          {t('lock.unlock')}
        </button>
        <button type="button" className="mf-auth-link-button" onClick={() => void logout()}>
          {t('lock.logout')}
        </button>
        <LanguageLinks className="mf-login-languages" />
      </form>
    </main>
  );
}
