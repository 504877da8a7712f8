/**
 * The route guard's rules (spec §2 'Route guard') as one pure function, so each rule is tested on its
 * own; RequireAuth.tsx carries the decisions out.
 *
 * In order: /logout logs off; only the refresh cookie left → refresh; a locked screen → /locking; with a
 * token: load the user, a password that must be changed first → /passwordChange (the server answers
 * nothing else until it is), an empty system id → /tenantSelect (several tenants, none chosen yet in this
 * login) or /systemSelect, load the menus, no menus → /403 with noGoBack; without a token: a `ticket`
 * query → ticket login; 'newwebxt' → authorization-code (or token) login from the query; 'portal' →
 * the CAS login with a service parameter; otherwise the login page (or home page) with a redirect query.
 */
import { casLoginAddress, type Integration } from '../session/integration.ts';
import { LOCKING_PATH } from '../session/lock-state.ts';
import { loginPathFor } from '../session/login-path.ts';

export interface GuardInput {
  pathname: string;
  search: string;
  hash?: string;
  locked: boolean;
  accessToken: string | null;
  /** A refresh cookie stands behind the session (the token itself is the server's HttpOnly cookie). */
  canRefresh: boolean;
  context: {
    tenants?: readonly unknown[] | null;
    mustChangePassword?: boolean | null;
    switchAccount?: string | null;
  } | null;
  menus: readonly unknown[] | null;
  systemId: string | null;
  tenantChosen: boolean;
  integration: Integration;
  /** The page's own address, for the CAS service parameter. */
  origin?: string;
}

export type GuardDecision =
  | { type: 'render' }
  | { type: 'redirect'; to: string; state?: Record<string, unknown> }
  | { type: 'logout' }
  | { type: 'refresh' }
  | { type: 'loadContext' }
  | { type: 'loadMenus' }
  /** `then`: the same address without the sign-in parameters. */
  | { type: 'ticketLogin'; ticket: string; then: string }
  | { type: 'codeLogin'; code: string; state?: string; then: string }
  | { type: 'tokenLogin'; token: string; username?: string; then: string }
  | { type: 'external'; url: string };

// Here too, as the guard's other addresses are; it lives with the lock state (the login page needs it).
export { LOCKING_PATH };
export const NO_MENU_PATH = '/403';
export const PASSWORD_CHANGE_PATH = '/passwordChange';

/** The address without the given query parameters. */
export function withoutParams(pathname: string, search: string, hash: string, names: string[]): string {
  const query = new URLSearchParams(search);
  for (const name of names) query.delete(name);
  const rest = query.toString();
  return `${pathname}${rest ? `?${rest}` : ''}${hash}`;
}

export function decideRoute(input: GuardInput): GuardDecision {
  const { pathname, search, hash = '' } = input;
  const here = `${pathname}${search}${hash}`;
  if (pathname === '/logout') return { type: 'logout' };
  if (!input.accessToken && input.canRefresh) return { type: 'refresh' };

  if (input.accessToken) {
    if (input.locked) return { type: 'redirect', to: LOCKING_PATH };
    if (!input.context) return { type: 'loadContext' };
    const mustChange = Boolean(input.context.mustChangePassword) && !input.context.switchAccount;
    if (mustChange) {
      return pathname === PASSWORD_CHANGE_PATH
        ? { type: 'render' }
        : { type: 'redirect', to: PASSWORD_CHANGE_PATH };
    }
    if (pathname === PASSWORD_CHANGE_PATH) return { type: 'redirect', to: '/' };
    if (!input.systemId) {
      const tenants = input.context.tenants?.length ?? 0;
      const page = tenants > 1 && !input.tenantChosen ? '/tenantSelect' : '/systemSelect';
      return { type: 'redirect', to: `${page}?redirect=${encodeURIComponent(here)}` };
    }
    if (!input.menus) return { type: 'loadMenus' };
    if (input.menus.length === 0) return { type: 'redirect', to: NO_MENU_PATH, state: { noGoBack: true } };
    return { type: 'render' };
  }

  const query = new URLSearchParams(search);
  const ticket = query.get('ticket');
  if (ticket) return { type: 'ticketLogin', ticket, then: withoutParams(pathname, search, hash, ['ticket']) };

  const { integration } = input;
  if (integration.mode === 'newwebxt') {
    const names = ['code', 'state', 'token', 'username'];
    const then = withoutParams(pathname, search, hash, names);
    const code = query.get('code');
    if (code) return { type: 'codeLogin', code, state: query.get('state') ?? undefined, then };
    const token = query.get('token');
    if (token) return { type: 'tokenLogin', token, username: query.get('username') ?? undefined, then };
  }
  if (integration.mode === 'portal') {
    const url = casLoginAddress(integration, `${input.origin ?? ''}${here}`);
    if (url) return { type: 'external', url };
  }
  return { type: 'redirect', to: loginPathFor(here, integration.loginPath) };
}
