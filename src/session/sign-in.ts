/**
 * Signing in (password, SMS code, CAS ticket, authorization code), loading what a signed-in user
 * needs (context, subsystems, menus), and signing out. Every way in ends in completeSignIn.
 */
import { callApi } from '../api/call-api.ts';
import { isApiCallError } from '../api/api-call-error.ts';
import { State } from '../api/envelope.ts';
import type { MenuNode, Subsystem, Token, UserContext } from '../api/generated/operations.ts';
import { clearSession, menusAtom, systemIdAtom, tenantChosenAtom, userContextAtom } from './atoms.ts';
import { clearLock } from './lock-state.ts';
import { storeToken } from './token-refresh.ts';
import { appStore } from './store.ts';

/** The captcha the server asks for after 3 failed sign-ins (6020104). */
export interface CaptchaAnswer {
  captcha: string;
  requestId: string;
}

/** How the session was opened; logout ends a CAS session at the CAS server too. */
export type SignInMethod = 'password' | 'sms' | 'ticket' | 'code';
const METHOD_KEY = 'mf.signInMethod';

export function signInMethod(): SignInMethod | null {
  return (sessionStorage.getItem(METHOD_KEY) as SignInMethod | null) ?? null;
}

/** The user context as our server answers it (fields beyond the spec's, see server/modules/auth/context.ts). */
export type SessionContext = UserContext & {
  tenantName?: string | null;
  mobile?: string | null;
  mustChangePassword?: boolean;
};

/** Stores a new session and loads who the user is. Silent: each sign-in page shows failures itself. */
export async function completeSignIn(token: Token, method: SignInMethod): Promise<void> {
  clearSession(appStore);
  clearLock();
  storeToken(token);
  sessionStorage.setItem(METHOD_KEY, method);
  try {
    await loadUserContext({ silent: true });
    await checkStoredSubsystem();
  } catch (error) {
    clearSession(appStore);
    throw error;
  }
}

export async function signInWithPassword(
  username: string,
  password: string,
  captcha?: CaptchaAnswer,
): Promise<void> {
  const token = await callApi('authentication.apply', {
    body: { grant_type: 'password_credentials', username, password, ...captcha },
    silent: true,
    anonymous: true,
  });
  await completeSignIn(token, 'password');
}

/** SMS login: the mobile and the 6-digit code sent by fldUser/sendMsg/apply. */
export async function signInWithSms(mobile: string, validCode: string): Promise<void> {
  const token = await callApi('fldUser.login.apply', {
    body: { mobile, validCode },
    silent: true,
    anonymous: true,
  });
  await completeSignIn(token, 'sms');
}

/** A CAS service ticket (the `ticket` query parameter), validated by the server at its CAS. */
export async function signInWithTicket(ticket: string): Promise<void> {
  const token = await callApi('fldUser.login.token.apply', {
    body: { ticket },
    silent: true,
    anonymous: true,
  });
  await completeSignIn(token, 'ticket');
}

/** 'newwebxt' with a token instead of a code: the server validates it like a CAS ticket. */
export async function signInWithPortalToken(token: string, username?: string): Promise<void> {
  const body = username ? { token, username } : { token };
  const token2 = await callApi('fldUser.login.token.apply', { body, silent: true, anonymous: true });
  await completeSignIn(token2, 'ticket');
}

/** 'newwebxt': the authorization code (and state) the external authorization server sent back. */
export async function signInWithCode(code: string, state?: string): Promise<void> {
  const token = await callApi('authentication.apply', {
    body: {
      grant_type: 'authorization_code',
      code,
      ...(state ? { state } : {}),
      redirect_uri: `${window.location.origin}${window.location.pathname}`,
    },
    silent: true,
    anonymous: true,
  });
  await completeSignIn(token, 'code');
}

type LoadOptions = { silent?: boolean; sessionEnd?: 'app' | 'caller'; signal?: AbortSignal };

export async function loadUserContext(options: LoadOptions = {}): Promise<SessionContext> {
  const context = (await callApi('user.context', options)) as SessionContext;
  appStore.set(userContextAtom, context);
  // Older pages of the platform read these (spec §2: logout clears them).
  sessionStorage.setItem('uid', context.user.id);
  sessionStorage.setItem('name', context.employee?.name || context.user.fullname || context.user.account);
  if (context.mobile) sessionStorage.setItem('mobile', context.mobile);
  else sessionStorage.removeItem('mobile');
  return context;
}

/**
 * The subsystems the user has menus in, or null when the server cannot list them (an older server
 * without auth/sub/system/findCurrentUserSubSystem): then the session's default subsystem is used.
 */
export async function loadSubsystems(options: LoadOptions = {}): Promise<Subsystem[] | null> {
  try {
    return await callApi('auth.sub.system.findCurrentUserSubSystem', options);
  } catch (error) {
    if (isApiCallError(error) && error.state === State.UNSUPPORTED) return null;
    throw error;
  }
}

/** Stands for "the session's default subsystem" when the server cannot list subsystems. */
export const DEFAULT_SUBSYSTEM = '-';

/** The stored subsystem may be another user's: keep it only if this user has it. */
async function checkStoredSubsystem(): Promise<void> {
  const stored = appStore.get(systemIdAtom);
  if (!stored) return;
  const systems = await loadSubsystems({ silent: true });
  const known = systems ? systems.some((s) => s.id === stored) : stored === DEFAULT_SUBSYSTEM;
  if (!known) appStore.set(systemIdAtom, null);
}

/** The menu tree of the chosen subsystem. */
export async function loadMenus(options: LoadOptions = {}): Promise<MenuNode[]> {
  const systemId = appStore.get(systemIdAtom);
  const query = systemId && systemId !== DEFAULT_SUBSYSTEM ? { systemId } : {};
  const menus = await callApi('auth.resources.getMenuData', { ...options, query });
  appStore.set(menusAtom, menus);
  return menus;
}

/** The user context first (it names the tenant the other calls must send), then the menu tree. */
export async function loadSessionData(options: LoadOptions = {}): Promise<void> {
  await loadUserContext(options);
  await loadMenus(options);
}

/** Chooses the subsystem whose menus are shown; the menus of the previous one are dropped. */
export function chooseSubsystem(systemId: string): void {
  appStore.set(systemIdAtom, systemId);
  appStore.set(menusAtom, null);
}

/** The user picked a tenant on /tenantSelect (the guard does not ask again in this login). */
export function markTenantChosen(): void {
  appStore.set(tenantChosenAtom, true);
}

export { signOut } from './logout.ts';
