/**
 * The route guard around every page that needs a session: it decides with decideRoute
 * (route-guard.ts) and carries the decision out — refresh the token, sign in with a ticket or code,
 * load the user and the menus, or go elsewhere. Plain HTML (no antd): a visitor without a session
 * passes here on the way to the light login page.
 */
import { useEffect, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { useSignInTexts } from '../i18n/use-sign-in-texts.ts';
import { isApiCallError } from '../api/api-call-error.ts';
import { PageLoading } from '../app/PageLoading.tsx';
import { useLoad } from '../../renderers/environment/use-load.ts';
import {
  accessTokenAtom,
  clearSession,
  menusAtom,
  refreshableAtom,
  systemIdAtom,
  tenantChosenAtom,
  userContextAtom,
} from '../session/atoms.ts';
import { showPendingFlash } from '../session/flash.ts';
import { promptPasswordChange } from '../session/must-change-password.ts';
import { integration } from '../session/integration.ts';
import { lockedAtom, syncLockFromCookie } from '../session/lock-state.ts';
import { logout } from '../session/logout.ts';
import { NavigationBridge } from '../session/navigation.ts';
import { forceLocalLogout } from '../session/session-ending.ts';
import {
  loadMenus,
  loadUserContext,
  signInWithCode,
  signInWithPortalToken,
  signInWithTicket,
  type SessionContext,
} from '../session/sign-in.ts';
import { appStore } from '../session/store.ts';
import { refreshNow } from '../session/token-refresh.ts';
import { decideRoute, type GuardDecision } from './route-guard.ts';
import '../pages/login.css';

type Effect = Exclude<GuardDecision, { type: 'render' } | { type: 'redirect' }>;

function isEffect(decision: GuardDecision): decision is Effect {
  return decision.type !== 'render' && decision.type !== 'redirect';
}

/** Carries out one decision; resolves when the atoms it changes make the guard decide again. */
async function perform(effect: Effect, navigate: (to: string, state?: unknown) => void): Promise<void> {
  switch (effect.type) {
    case 'logout':
      return logout();
    case 'refresh':
      // A refused refresh token is of no more use: forget the session, the guard then asks to sign in.
      if (!(await refreshNow())) clearSession(appStore);
      return;
    case 'loadContext':
      await loadUserContext({ silent: true, sessionEnd: 'caller' });
      return;
    case 'loadMenus':
      await loadMenus({ silent: true, sessionEnd: 'caller' });
      return;
    case 'ticketLogin':
    case 'codeLogin':
    case 'tokenLogin':
      try {
        if (effect.type === 'ticketLogin') await signInWithTicket(effect.ticket);
        else if (effect.type === 'codeLogin') await signInWithCode(effect.code, effect.state);
        else await signInWithPortalToken(effect.token, effect.username);
      } catch (error) {
        // The login page says why the third-party sign-in failed.
        const text = isApiCallError(error) ? error.text : String(error);
        navigate(`${integration().loginPath}?redirect=${encodeURIComponent(effect.then)}`, {
          signInError: text,
        });
        return;
      }
      navigate(effect.then);
      return;
    case 'external':
      window.location.assign(effect.url);
      return;
  }
}

export function RequireAuth({ children }: { children: ReactNode }) {
  const { t } = useSignInTexts();
  const location = useLocation();
  const navigate = useNavigate();
  const accessToken = useAtomValue(accessTokenAtom);
  const canRefresh = useAtomValue(refreshableAtom);
  const context = useAtomValue(userContextAtom);
  const menus = useAtomValue(menusAtom);
  const systemId = useAtomValue(systemIdAtom);
  const tenantChosen = useAtomValue(tenantChosenAtom);
  const locked = useAtomValue(lockedAtom);

  const here = `${location.pathname}${location.search}${location.hash}`;
  const decision = decideRoute({
    pathname: location.pathname,
    search: location.search,
    hash: location.hash,
    locked,
    accessToken,
    canRefresh,
    context,
    menus,
    systemId,
    tenantChosen,
    integration: integration(),
    origin: window.location.origin,
  });
  // Each decision is carried out once (a retry carries it out again); the guard decides anew when
  // the atoms it changes do.
  const performed = useLoad(isEffect(decision) ? JSON.stringify(decision) : null, async (signal) => {
    try {
      await perform(decision as Effect, (to, state) => navigate(to, { replace: true, state }));
    } catch (error) {
      // The session ended while loading (illegal token, signed in elsewhere, refresh refused).
      if (isApiCallError(error) && error.kind === 'sessionEnded') {
        if (!signal.aborted) forceLocalLogout(here);
        return;
      }
      throw error;
    }
  });
  const failure =
    performed.error !== undefined && !performed.loading
      ? isApiCallError(performed.error)
        ? performed.error.text
        : String(performed.error)
      : null;

  // A lock set in another tab (the cookie is shared) applies here as soon as this tab is used again.
  useEffect(() => {
    const sync = () => void syncLockFromCookie();
    window.addEventListener('focus', sync);
    document.addEventListener('visibilitychange', sync);
    return () => {
      window.removeEventListener('focus', sync);
      document.removeEventListener('visibilitychange', sync);
    };
  }, []);

  const sessionContext = context as SessionContext | null;
  const mustChange = Boolean(sessionContext?.mustChangePassword) && !sessionContext?.switchAccount;
  useEffect(() => {
    if (decision.type !== 'render') return;
    showPendingFlash();
    if (mustChange) promptPasswordChange();
  }, [decision.type, mustChange]);

  if (decision.type === 'redirect') {
    return <Navigate to={decision.to} replace state={decision.state} />;
  }
  if (decision.type === 'render') {
    return (
      <>
        <NavigationBridge />
        {children}
      </>
    );
  }
  if (failure !== null) {
    return (
      <main className="mf-login">
        <NavigationBridge />
        <div className="mf-login-form" role="alert">
          <h1>{t('sessionMsg.loadFailed')}</h1>
          <p className="mf-login-server-error">{failure}</p>
          <button type="button" className="mf-login-submit" onClick={performed.reload}>
            {t('common.retry')}
          </button>
          <button type="button" className="mf-auth-link-button" onClick={() => void logout()}>
            {t('sessionMsg.logout')}
          </button>
        </div>
      </main>
    );
  }
  return (
    <>
      <NavigationBridge />
      <PageLoading />
    </>
  );
}

export default RequireAuth;
