/**
 * /passwordChange: where the route guard keeps a user whose password must be changed first (an
 * administrator reset it, or it expired). The server answers nothing else until it is changed, so
 * there is no shell here: the reason, the change-password dialog (opened on arrival by
 * promptPasswordChange, and again from the button), and a way out. A successful change ends the session
 * and leads to the login page (operation-effects.ts).
 */
import { useTranslation } from 'react-i18next';
import { openScreenDialog } from '../../../renderers/dialogs/index.ts';
import { logout } from '../../session/logout.ts';
import { AuthCard } from './AuthCard.tsx';

export default function PasswordChangePage() {
  const { t } = useTranslation();
  return (
    <AuthCard title={t('password.title')}>
      <p role="status" data-testid="password-change-reason">
        {t('security.passwordChangePage')}
      </p>
      <button
        type="button"
        className="mf-login-submit"
        onClick={() => void openScreenDialog({ screen: 'change-password' }).catch(() => undefined)}
      >
        {t('password.title')}
      </button>
      <button type="button" className="mf-auth-link-button" onClick={() => void logout()}>
        {t('sessionMsg.logout')}
      </button>
    </AuthCard>
  );
}
