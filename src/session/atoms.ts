/**
 * Session state. The access token survives reloads and new tabs (localStorage): it lives 30 minutes, and
 * sharing it lets every tab use (and see) one refresh. The refresh token is not here at all: the server
 * keeps it in an HttpOnly cookie no script can read (server/auth/refresh-cookie.ts); the page only
 * remembers that there is one. Who the user is and what they may open is kept for the browser tab only
 * (sessionStorage, cleared at logout as the spec asks) and reloaded from the server when missing.
 */
import { atom } from 'jotai';
import { atomWithStorage, createJSONStorage, RESET } from 'jotai/utils';
import type { MenuNode, UserContext } from '../api/generated/operations.ts';
import { DEFAULT_LANGUAGE, type Language } from '../i18n/languages.ts';
import type { appStore } from './store.ts';
import { STORAGE_KEYS } from './storage-keys.ts';
import { forgetEarlyResponses } from '../api/early-calls.ts';

const local = createJSONStorage<any>(() => localStorage);
const session = createJSONStorage<any>(() => sessionStorage);
// Read storage when the atom is first used, so the first render already knows the token.
const onInit = { getOnInit: true } as const;

export const accessTokenAtom = atomWithStorage<string | null>(STORAGE_KEYS.accessToken, null, local, onInit);
/**
 * Whether the server has set a refresh cookie with the last token pair (it does with every one): a
 * session whose access token is gone can then be renewed (src/session/token-refresh.ts). A hint, never
 * the token, which the page cannot read.
 */
export const refreshableAtom = atomWithStorage<boolean>('mf.refreshable', false, local, onInit);
export const uidAtom = atomWithStorage<string | null>('mf.uid', null, local, onInit);
/** Current subsystem (X-System-Id and the menus' systemId); empty until chosen on /systemSelect. */
export const systemIdAtom = atomWithStorage<string | null>(STORAGE_KEYS.systemId, null, local, onInit);
export const userContextAtom = atomWithStorage<UserContext | null>(
  STORAGE_KEYS.userContext,
  null,
  session,
  onInit,
);
/** The menu tree of the current subsystem; loaded at login and again after a reload. */
export const menusAtom = atom<MenuNode[] | null>(null);
export const languageAtom = atomWithStorage<Language>(STORAGE_KEYS.language, DEFAULT_LANGUAGE, local, onInit);

/** The user chose a tenant on /tenantSelect during this login (the guard asks only once). */
export const tenantChosenAtom = atomWithStorage<boolean>('mf.tenantChosen', false, session, onInit);
/**
 * Set after the mobile was changed: the change-mobile dialog ends at /login, where the session is then
 * ended so the user signs in again with the new number.
 */
export const reloginRequiredAtom = atomWithStorage<boolean>('mf.reloginRequired', false, session, onInit);

/** Tenant the session works in, sent as X-Tenant-Id (the server rejects any other). */
export const tenantIdAtom = atom((get) => get(userContextAtom)?.tenantId ?? null);

type Store = typeof appStore;

/** Forgets everything about the signed-in user (not the language or the chosen subsystem). */
export function clearSession(store: Store): void {
  store.set(accessTokenAtom, RESET);
  store.set(refreshableAtom, RESET);
  store.set(uidAtom, RESET);
  store.set(userContextAtom, RESET);
  store.set(tenantChosenAtom, RESET);
  store.set(reloginRequiredAtom, RESET);
  store.set(menusAtom, null);
  // Answers sent ahead for this session (they are keyed by its token; dropped all the same).
  forgetEarlyResponses();
  // Spec §2 'User menu': logout clears the uid, name and mobile kept in session storage.
  for (const key of SESSION_STORAGE_KEYS) sessionStorage.removeItem(key);
  // The "change your password" reminder is once per sign-in (must-change-password.ts).
  sessionStorage.removeItem('mf.passwordChangeAsked');
}

/** What older pages of the platform keep about the user in session storage. */
export const SESSION_STORAGE_KEYS = ['uid', 'name', 'mobile'] as const;
