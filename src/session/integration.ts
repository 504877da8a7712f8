/**
 * How this deployment signs people in (spec §2 'Route guard'): the platform's own login page, a CAS
 * portal ('portal': the guard sends visitors to the CAS login with a service parameter) or an external
 * OAuth authorization server ('newwebxt': the guard trades the code, state, token and username of the
 * query for a session).
 *
 * Build-time values (VITE_INTEGRATE_MODE, VITE_CAS_LOGIN_URL, VITE_CAS_SERVICE, VITE_LOGIN_PATH) can be
 * overridden at run time by `window.__MF_INTEGRATION__`, set by the page that hosts the app.
 */

export type IntegrateMode = 'default' | 'portal' | 'newwebxt';

export interface Integration {
  mode: IntegrateMode;
  /** The CAS login page, e.g. https://sso.example.cn/cas/login. */
  casLoginUrl?: string;
  /** The service address CAS sends the ticket back to; by default the address being opened. */
  casService?: string;
  /** Where visitors without a session go: the login page or the public home page. */
  loginPath: '/login' | '/homepage';
}

declare global {
  interface Window {
    __MF_INTEGRATION__?: Partial<Integration>;
  }
}

function isMode(value: unknown): value is IntegrateMode {
  return value === 'default' || value === 'portal' || value === 'newwebxt';
}

export function integration(): Integration {
  const env = import.meta.env ?? {};
  const override = (typeof window !== 'undefined' && window.__MF_INTEGRATION__) || {};
  const mode = override.mode ?? env.VITE_INTEGRATE_MODE;
  const loginPath = override.loginPath ?? env.VITE_LOGIN_PATH;
  return {
    mode: isMode(mode) ? mode : 'default',
    casLoginUrl: override.casLoginUrl ?? (env.VITE_CAS_LOGIN_URL || undefined),
    casService: override.casService ?? (env.VITE_CAS_SERVICE || undefined),
    loginPath: loginPath === '/homepage' ? '/homepage' : '/login',
  };
}

/** The CAS login address for 'portal' mode: the ticket comes back to `service`. */
export function casLoginAddress(config: Integration, returnUrl: string): string | null {
  if (!config.casLoginUrl) return null;
  const url = new URL(config.casLoginUrl, window.location.origin);
  url.searchParams.set('service', config.casService ?? returnUrl);
  return url.toString();
}
