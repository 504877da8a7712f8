/**
 * /ssoLogout: where the single sign-on server sends the browser when the SSO session ends elsewhere.
 * The session here ends too (on the server and in this browser); signing in again is offered.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PageLoading } from '../../app/PageLoading.tsx';
import { integration } from '../../session/integration.ts';
import { endSessionEverywhere } from '../../session/logout.ts';
import { AuthCard } from './AuthCard.tsx';

export default function SsoLogoutPage() {
  const { t } = useTranslation();
  const [done, setDone] = useState(false);
  useEffect(() => {
    void endSessionEverywhere().finally(() => setDone(true));
  }, []);
  return (
    <AuthCard title={t('sessionMsg.ssoLogoutTitle')}>
      {done ? (
        <>
          <p className="mf-auth-info" role="status">
            {t('sessionMsg.ssoLoggedOut')}
          </p>
          <nav className="mf-auth-links">
            <Link to={integration().loginPath}>{t('sessionMsg.signInAgain')}</Link>
          </nav>
        </>
      ) : (
        <PageLoading />
      )}
    </AuthCard>
  );
}
