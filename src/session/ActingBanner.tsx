/**
 * Shown across the top of the shell while acting as another user: whose account is in use, the
 * original account, and the way back. The shell places it in its layout.
 */
import { useState } from 'react';
import { Alert, Button } from 'antd';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { userContextAtom } from './atoms.ts';
import { exitSwitchedUser, switchAccountAtom } from './acting.ts';

export function ActingBanner() {
  const { t } = useTranslation();
  const original = useAtomValue(switchAccountAtom);
  const context = useAtomValue(userContextAtom);
  const [busy, setBusy] = useState(false);
  if (!original || !context) return null;
  const name = context.employee?.name || context.user.fullname || context.user.account;

  async function exit() {
    setBusy(true);
    try {
      await exitSwitchedUser();
    } catch {
      // The api client has shown why; the banner stays.
      setBusy(false);
    }
  }

  return (
    <Alert
      banner
      type="warning"
      data-testid="acting-banner"
      role="status"
      title={t('acting.banner', { name, account: context.user.account, original })}
      action={
        <Button size="small" loading={busy} onClick={() => void exit()}>
          {t('acting.exit')}
        </Button>
      }
    />
  );
}

export default ActingBanner;
