/**
 * Shown across the top of the shell while acting as another user: whose account is in use, the
 * original account, the time left (the server ends acting then; ACTING_MAX_MINUTES) and the way back.
 * The shell places it in its layout.
 */
import { useEffect, useState } from 'react';
import { Alert, Button } from 'antd';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { useMutation } from '../../renderers/environment/use-mutation.ts';
import { userContextAtom } from './atoms.ts';
import { exitSwitchedUser, switchAccountAtom } from './acting.ts';

/** mm:ss (h:mm:ss from an hour) until `until`, ticking every second; null without an end. */
export function useTimeLeft(until: number | null | undefined): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!until) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [until]);
  if (!until) return null;
  const total = Math.max(0, Math.floor((until - now) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const sec = total % 60;
  return h > 0 ? `${h}:${pad(m)}:${pad(sec)}` : `${pad(m)}:${pad(sec)}`;
}

export function ActingBanner() {
  const { t } = useTranslation();
  const original = useAtomValue(switchAccountAtom);
  const context = useAtomValue(userContextAtom);
  // A failure has been shown by the api client; the banner stays.
  const exiting = useMutation(() => exitSwitchedUser());
  // Back to the original account: the button stays busy until the app reloads.
  const [exited, setExited] = useState(false);
  const busy = exiting.running || exited;
  const timeLeft = useTimeLeft(context?.actingExpiresAt);
  if (!original || !context) return null;
  const name = context.employee?.name || context.user.fullname || context.user.account;

  async function exit() {
    if ((await exiting.run())?.ok) setExited(true);
  }

  return (
    <Alert
      banner
      type="warning"
      data-testid="acting-banner"
      role="status"
      title={
        <>
          {t('acting.banner', { name, account: context.user.account, original })}
          {timeLeft && (
            <span data-testid="acting-time-left" style={{ marginLeft: 12 }}>
              {t('security.acting.timeLeft', { time: timeLeft })}
            </span>
          )}
        </>
      }
      action={
        <Button size="small" loading={busy} onClick={() => void exit()}>
          {t('acting.exit')}
        </Button>
      }
    />
  );
}

export default ActingBanner;
