/**
 * /iframe?url=…: a page of this site, or of an allowed one, filling the window (frame-address.ts says
 * which). Without an address, or with one it may not show, it says why in words and offers the way back
 * rather than answering 404.
 */
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { AuthCard } from '../auth/AuthCard.tsx';
import { frameAddress } from './frame-address.ts';
import './iframe-page.css';

export default function IframeRoutePage({ allowed }: { allowed?: readonly string[] }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const address = frameAddress(params.get('url'), window.location.origin, allowed);
  if (address.kind === 'ok')
    return (
      <iframe
        className="mf-iframe-route"
        src={address.src}
        title={t('iframePage.frameTitle')}
        data-testid="iframe-route"
        referrerPolicy="no-referrer"
        sandbox="allow-forms allow-scripts allow-same-origin allow-popups allow-downloads"
      />
    );
  const reason =
    address.kind === 'missing'
      ? t('iframePage.missing')
      : address.kind === 'invalid'
        ? t('iframePage.invalid')
        : t('iframePage.disallowed', { host: address.host });
  return (
    <AuthCard title={t('iframePage.title')}>
      <div className="mf-login-server-error" role="alert" data-testid="iframe-refused">
        {reason}
      </div>
      <p className="mf-auth-info">
        {t(address.kind === 'missing' ? 'iframePage.missingHint' : 'iframePage.allowedHint')}
      </p>
      <div className="mf-auth-links">
        {window.history.length > 1 && (
          <button type="button" className="mf-auth-link-button" onClick={() => window.history.back()}>
            {t('iframePage.back')}
          </button>
        )}
        <Link to="/">{t('common.backHome')}</Link>
      </div>
    </AuthCard>
  );
}
