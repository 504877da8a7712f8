/**
 * /tenantSelect: the tenants the user belongs to (any, for the super user). Choosing one makes it the
 * session's tenant on the server (user/switchTenant) and continues to the `redirect` query — through
 * /systemSelect when no subsystem is chosen yet. Reached from the user menu too, when the app reloads
 * afterwards so no page shows the previous tenant's data.
 */
import { useState } from 'react';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { isApiCallError } from '../../api/api-call-error.ts';
import { useMutation } from '../../../renderers/environment/use-mutation.ts';
import { PageLoading } from '../../app/PageLoading.tsx';
import { systemIdAtom } from '../../session/atoms.ts';
import { loginPathFor, safeReturnPath } from '../../session/login-path.ts';
import { logout } from '../../session/logout.ts';
import { reloadApp } from '../../session/navigation.ts';
import { markTenantChosen } from '../../session/sign-in.ts';
import { switchTenant } from '../../session/tenant.ts';
import { AuthCard } from './AuthCard.tsx';
import { useSignedIn } from './useSignedIn.ts';

export default function TenantSelectPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const signedIn = useSignedIn();
  const systemId = useAtomValue(systemIdAtom);
  // The tenant being switched to: it stays set after a success, while the page leaves or reloads.
  const [busy, setBusy] = useState<string | null>(null);
  const switching = useMutation((_signal, tenantId: string) => switchTenant(tenantId, { reload: false }));
  const failure = switching.error;
  const error = failure === undefined ? null : isApiCallError(failure) ? failure.text : String(failure);
  const target = safeReturnPath(params.get('redirect'));

  if (signedIn.state === 'missing') {
    return <Navigate to={loginPathFor(`${location.pathname}${location.search}`)} replace />;
  }

  async function choose(tenantId: string) {
    setBusy(tenantId);
    const done = await switching.run(tenantId);
    if (!done) return; // left the page meanwhile
    if (!done.ok) return setBusy(null);
    // Already working in the app (from the user menu): start afresh so nothing of the old tenant stays.
    if (systemId) reloadApp(target);
    else navigate(target, { replace: true });
  }

  const tenants = signedIn.state === 'ready' ? (signedIn.context.tenants ?? []) : null;
  const currentId = signedIn.state === 'ready' ? signedIn.context.tenantId : null;

  return (
    <AuthCard title={t('signin.tenantSelectTitle')} wide>
      {signedIn.state === 'failed' ? (
        <>
          <div className="mf-login-server-error" role="alert">
            {signedIn.text}
          </div>
          <button type="button" className="mf-login-submit" onClick={signedIn.retry}>
            {t('common.retry')}
          </button>
        </>
      ) : !tenants ? (
        <PageLoading />
      ) : tenants.length === 0 ? (
        <>
          <p className="mf-auth-info">{t('signin.noTenants')}</p>
          <button
            type="button"
            className="mf-login-submit"
            onClick={() => {
              markTenantChosen();
              navigate(target, { replace: true });
            }}
          >
            {t('signin.continue')}
          </button>
        </>
      ) : (
        <ul className="mf-choice-list" aria-label={t('signin.tenantSelectTitle')}>
          {tenants.map((tenant) => (
            <li key={tenant.id}>
              <button
                type="button"
                disabled={busy !== null}
                aria-busy={busy === tenant.id}
                aria-current={tenant.id === currentId ? 'true' : undefined}
                onClick={() => void choose(tenant.id)}
              >
                <span>{tenant.name}</span>
                {tenant.id === currentId && <span className="mf-auth-hint">{t('signin.currentTenant')}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
      {error && (
        <div className="mf-login-server-error" role="alert">
          {error}
        </div>
      )}
      <button type="button" className="mf-auth-link-button" onClick={() => void logout()}>
        {t('sessionMsg.logout')}
      </button>
    </AuthCard>
  );
}
