/**
 * /authredirect: the end point of third-party sign-in, both ways.
 * - Coming back from an identity server: a CAS `ticket`, an authorization `code` (with `state`), or a
 *   portal `token` (with `username`) is traded for a session; then the `redirect` query opens.
 * - A registered application asking for this user (`client_id`, `login_state`): once the user agrees,
 *   authorize/apply issues a one-time code and the browser goes to the application's registered
 *   address with it; with `by=app` (an app on the user's device) authorize/applyByApp issues the code
 *   without a redirect and the page shows it. Without a session the user signs in first and comes back.
 */
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useLoad } from '../../../renderers/environment/use-load.ts';
import { useMutation } from '../../../renderers/environment/use-mutation.ts';
import { isApiCallError } from '../../api/api-call-error.ts';
import { callApi } from '../../api/call.ts';
import { PageLoading } from '../../app/PageLoading.tsx';
import { accessTokenAtom } from '../../session/atoms.ts';
import { integration } from '../../session/integration.ts';
import { loginPathFor, safeReturnPath } from '../../session/login-path.ts';
import { signInWithCode, signInWithPortalToken, signInWithTicket } from '../../session/sign-in.ts';
import { AuthCard } from './AuthCard.tsx';

function textOf(error: unknown): string {
  return isApiCallError(error) ? error.text : String(error);
}

/** Answers an application's request for a sign-in code. */
function AuthorizeApp({
  clientId,
  loginState,
  byApp,
}: {
  clientId: string;
  loginState: string | null;
  byApp: boolean;
}) {
  const { t } = useTranslation();
  const apply = useMutation((signal) => {
    const body = { client_id: clientId, ...(loginState ? { login_state: loginState } : {}) };
    return callApi(byApp ? 'authorize.applyByApp' : 'authorize.apply', { body, silent: true, signal });
  });
  // Going to the application's address: the button stays disabled until the page is left.
  const [leaving, setLeaving] = useState(false);
  const [code, setCode] = useState<string | null>(null);
  const busy = apply.running || leaving;
  const error = apply.error === undefined ? null : textOf(apply.error);

  async function allow() {
    const done = await apply.run();
    if (!done?.ok) return;
    const answer = done.data;
    if (answer.redirectUrl && /^https?:\/\//i.test(answer.redirectUrl)) {
      setLeaving(true);
      window.location.assign(answer.redirectUrl);
      return;
    }
    // An application without a registered address takes the code from the user.
    setCode(answer.code ?? '');
  }

  return (
    <AuthCard title={t('sessionMsg.authorizeTitle')}>
      <p className="mf-auth-info">{t('sessionMsg.authorizeText', { client: clientId })}</p>
      {code !== null && (
        <p className="mf-auth-info" role="status">
          {t('sessionMsg.authorizeCode')} <code data-testid="authorize-code">{code}</code>
        </p>
      )}
      {error && (
        <div className="mf-login-server-error" role="alert">
          {error}
        </div>
      )}
      {code === null && (
        <button
          type="button"
          className="mf-login-submit"
          disabled={busy}
          aria-busy={busy}
          onClick={() => void allow()}
        >
          {t('sessionMsg.authorizeAllow')}
        </button>
      )}
      <nav className="mf-auth-links">
        <Link to="/">{t('sessionMsg.authorizeDeny')}</Link>
      </nav>
    </AuthCard>
  );
}

export default function AuthRedirectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const token = useAtomValue(accessTokenAtom);
  const ticket = params.get('ticket');
  const code = params.get('code');
  const portalToken = params.get('token');
  const clientId = params.get('client_id');
  const target = safeReturnPath(params.get('redirect'));
  const signIn = ticket
    ? () => signInWithTicket(ticket)
    : code
      ? () => signInWithCode(code, params.get('state') ?? undefined)
      : portalToken
        ? () => signInWithPortalToken(portalToken, params.get('username') ?? undefined)
        : null;

  // Once per address: tickets and codes are single use.
  const signedIn = useLoad(signIn ? location.search : null, async () => {
    await signIn!();
    navigate(target, { replace: true });
  });
  const error = signedIn.error === undefined ? null : textOf(signedIn.error);

  if (clientId && !signIn) {
    if (!token) return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
    return (
      <AuthorizeApp
        clientId={clientId}
        loginState={params.get('login_state')}
        byApp={params.get('by') === 'app'}
      />
    );
  }
  if (!signIn) return <Navigate to={token ? target : integration().loginPath} replace />;
  if (!error) return <PageLoading />;
  return (
    <AuthCard title={t('sessionMsg.thirdPartyFailed')}>
      <div className="mf-login-server-error" role="alert">
        {error}
      </div>
      <nav className="mf-auth-links">
        <Link to={integration().loginPath}>{t('sessionMsg.signInAgain')}</Link>
      </nav>
    </AuthCard>
  );
}
