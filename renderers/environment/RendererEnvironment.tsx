/**
 * The renderer environment as a React context: `useRendererEnvironment()` inside any screen, widget or
 * action; `<RendererEnvironmentProvider value={…}>` around them. A provider gives only what it changes;
 * the rest comes from the provider above it, or from the defaults here (which reach no server).
 */
import { createContext, useContext, useMemo, type ReactNode } from 'react';
import { getI18n } from 'react-i18next';
import { RESERVED_PERMISSIONS } from '../../schemas/catalogue-types.ts';
import { openScreenDialog } from '../dialogs/dialog-store.ts';
import { defaultNotify } from './default-notify.ts';
import type { RendererEnvironment, SessionScope } from './environment-types.ts';

export const SIGNED_OUT: SessionScope = {
  isSuper: false,
  isTenantAdmin: false,
  tenantId: null,
  switchAccount: null,
  hasTenants: false,
  regOpen: false,
  permissions: [],
};

/**
 * Whether `session` may use something that declares `permission` (none declared: yes). The catalogue's
 * reserved levels (public, user, member) are not permissions a session holds: the server checks them.
 */
export function sessionCan(session: SessionScope, permission: unknown): boolean {
  if (typeof permission !== 'string' || permission === '') return true;
  if ((RESERVED_PERMISSIONS as readonly string[]).includes(permission)) return true;
  return session.isSuper || session.permissions.includes(permission);
}

/** The texts of whichever i18next instance react-i18next was given (the app's, or a test's). */
const translate: RendererEnvironment['translate'] = (key, params) => {
  const i18n = getI18n();
  return i18n ? (i18n.t(key, params) as string) : key;
};

const BASE: RendererEnvironment = {
  call: (operation) =>
    Promise.reject(
      new Error(`No renderer environment can call ${operation}: provide one around the screens`),
    ),
  isOperation: () => true,
  permissionOf: () => undefined,
  // Without an app, an attachment id is taken for an address (fixtures name their pictures so).
  fileLink: (attachmentId) => Promise.resolve(attachmentId),
  uploadTarget: () => ({ uploadUrl: '/api/fldFile/upload', tusEndpoint: '/api/fldFile/tus', headers: {} }),
  session: SIGNED_OUT,
  can: (permission) => sessionCan(SIGNED_OUT, permission),
  translate,
  hasText: (key) => {
    const i18n = getI18n();
    return i18n?.isInitialized ? i18n.exists(key) : undefined;
  },
  notify: defaultNotify(translate),
  openDialog: openScreenDialog,
};

const EnvironmentContext = createContext<RendererEnvironment>(BASE);

export function useRendererEnvironment(): RendererEnvironment {
  return useContext(EnvironmentContext);
}

/** `given` over `base`; a new session without its own `can` gets the permission check of that session. */
export function extendEnvironment(
  base: RendererEnvironment,
  given: Partial<RendererEnvironment>,
): RendererEnvironment {
  const merged = { ...base, ...given };
  if (given.session && !given.can) {
    const session = given.session;
    merged.can = (permission) => sessionCan(session, permission);
  }
  return merged;
}

/** Memoise `value` in the caller (a new object each render re-renders every screen below). */
export function RendererEnvironmentProvider({
  value,
  children,
}: {
  value: Partial<RendererEnvironment>;
  children: ReactNode;
}) {
  const parent = useContext(EnvironmentContext);
  const environment = useMemo(() => extendEnvironment(parent, value), [parent, value]);
  return <EnvironmentContext.Provider value={environment}>{children}</EnvironmentContext.Provider>;
}
