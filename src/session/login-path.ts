/** The login page's `redirect` query, both ways: building it, and reading it back safely. */
import { integration } from './integration.ts';

export const HOME_PATH = '/dashboard';

/** Pages a sign-in must never return to: they end or replace the session, or are the sign-in itself. */
const NOT_A_RETURN =
  /^\/(login|loginfj|loginWyf|logout|ssoLogout|locking|register|tenantRegister|fldRegister|forget|tenantForget)(?:[/?#]|$)/i;

/** Only a path inside this app (never another site, never a sign-in page); else the home page. */
export function safeReturnPath(target: string | null | undefined): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\'))
    return HOME_PATH;
  if (NOT_A_RETURN.test(target)) return HOME_PATH;
  return target;
}

/** The login page (or the public home page, per deployment) that comes back to `returnTo`. */
export function loginPathFor(returnTo: string, loginPath: string = integration().loginPath): string {
  const back = safeReturnPath(returnTo);
  return returnTo === '/' || back === HOME_PATH
    ? loginPath
    : `${loginPath}?redirect=${encodeURIComponent(back)}`;
}
