/**
 * /systemSelect: the subsystems the user has menus in (auth/sub/system/findCurrentUserSubSystem). One
 * is chosen at once; several are offered; none leads to /403 (no menus, no way back). The choice is
 * stored (spec §3 'current subsystem') and the `redirect` query opens.
 */
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiCallError } from '../../api/api-call-error.ts';
import type { Subsystem } from '../../api/generated/operations.ts';
import { PageLoading } from '../../app/PageLoading.tsx';
import { systemIdAtom } from '../../session/atoms.ts';
import { loginPathFor, safeReturnPath } from '../../session/login-path.ts';
import { logout } from '../../session/logout.ts';
import { chooseSubsystem, DEFAULT_SUBSYSTEM, loadSubsystems } from '../../session/sign-in.ts';
import { AuthCard } from './AuthCard.tsx';
import { useLoad } from '../../../renderers/environment/use-load.ts';
import { useSignedIn } from './useSignedIn.ts';

function SubsystemLogo({ system }: { system: Subsystem }) {
  // Only image logos: SVG markup from the server is not put into the page.
  if (!system.logo || system.logoType !== 'image') return null;
  return <img className="mf-choice-logo" src={system.logo} alt="" />;
}

const failureText = (e: unknown) => (isApiCallError(e) ? e.text : String(e));

export default function SystemSelectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const signedIn = useSignedIn();
  const current = useAtomValue(systemIdAtom);
  const target = safeReturnPath(params.get('redirect'));
  const ready = signedIn.state === 'ready';

  const listing = useLoad(ready ? 'subsystems' : null, (signal) => loadSubsystems({ silent: true, signal }));

  const choose = (id: string) => {
    chooseSubsystem(id);
    navigate(target, { replace: true });
  };

  // One subsystem (or a server that cannot list them): nothing to choose.
  const systems = listing.loading ? undefined : listing.data;
  const only = systems === null ? DEFAULT_SUBSYSTEM : systems?.length === 1 ? systems[0].id : undefined;
  useEffect(() => {
    if (only) {
      chooseSubsystem(only);
      navigate(target, { replace: true });
    }
  }, [only, navigate, target]);

  if (signedIn.state === 'missing') {
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  }
  if (systems && systems.length === 0) return <Navigate to="/403" replace state={{ noGoBack: true }} />;
  const failed =
    signedIn.state === 'failed'
      ? signedIn.text
      : listing.error !== undefined && !listing.loading
        ? failureText(listing.error)
        : null;

  return (
    <AuthCard title={t('signin.systemSelectTitle')} wide>
      {failed ? (
        <>
          <div className="mf-login-server-error" role="alert">
            {failed}
          </div>
          <button
            type="button"
            className="mf-login-submit"
            onClick={() => {
              if (signedIn.state === 'failed') signedIn.retry();
              listing.reload();
            }}
          >
            {t('common.retry')}
          </button>
        </>
      ) : !systems || only ? (
        <PageLoading />
      ) : (
        <ul className="mf-choice-list" aria-label={t('signin.systemSelectTitle')}>
          {systems.map((system) => (
            <li key={system.id}>
              <button
                type="button"
                aria-current={system.id === current ? 'true' : undefined}
                onClick={() => system.id && choose(system.id)}
              >
                <SubsystemLogo system={system} />
                <span>{t(system.name, { defaultValue: system.name })}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <nav className="mf-auth-links" aria-label={t('signin.otherLinks')}>
        {signedIn.state === 'ready' && (signedIn.context.tenants?.length ?? 0) > 1 ? (
          <Link to={`/tenantSelect?redirect=${encodeURIComponent(target)}`}>{t('signin.switchTenant')}</Link>
        ) : (
          <span />
        )}
        <button
          type="button"
          className="mf-auth-link-button"
          style={{ margin: 0 }}
          onClick={() => void logout()}
        >
          {t('sessionMsg.logout')}
        </button>
      </nav>
    </AuthCard>
  );
}
