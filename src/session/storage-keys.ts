/**
 * Where the page keeps the session between loads (atoms.ts, api-address.ts, token-store.ts). Named
 * once here because the page's start (src/boot/early-start.ts) reads them before the stores exist.
 */
export const STORAGE_KEYS = {
  /** localStorage, JSON: the access token. */
  accessToken: 'mf.accessToken',
  /** localStorage, JSON: the chosen subsystem. */
  systemId: 'mf.systemId',
  /** localStorage, JSON: the interface language. */
  language: 'mf.language',
  /** localStorage, JSON: where the API lives. */
  apiAddress: 'mf.apiAddress',
  /** sessionStorage, JSON: the user's context (who, which tenant, which permissions). */
  userContext: 'mf.userContext',
} as const;

/** The screen lock's cookie (lock-state.ts): '1' while locked, in every tab. */
export const LOCKED_COOKIE = 'mf_locked';
