/**
 * Where a call by operation id finds its method, path and service. The generated table of every
 * operation (generated/operations.ts, some 550 entries) is a chunk of its own, loaded with the first
 * call that needs it; the operations of the sign-in page, of signing in and out, and those whose
 * success has session effects (session/operation-effects.ts) are here at hand, so the login page works
 * without the table. Their entries are the generated ones: the type below makes tsc fail when one
 * differs from the table, and tests/unit/operation-meta.test.ts compares them too.
 */
import type { OperationId, OperationMeta, operations } from './generated/operations.ts';

type Table = typeof operations;

/** Operation ids whose entries are kept here, so calling them does not need the whole table. */
export type EarlyOperationId =
  | 'authentication.apply'
  | 'user.open'
  | 'user.open.tenant'
  | 'user.captcha'
  | 'fldUser.login.apply'
  | 'fldUser.login.token.apply'
  | 'fldUser.sendMsg.apply'
  | 'user.context'
  | 'auth.sub.system.findCurrentUserSubSystem'
  | 'auth.resources.getMenuData'
  | 'user.logout'
  | 'user.getSsoLogoutInfo'
  | 'user.change.passwd'
  | 'user.register.change.passwd'
  | 'fldUser.changePhone';

const PUBLIC = { access: 'public', permission: 'public' } as const;
const USER = { access: 'user', permission: 'user' } as const;

/** The generated entries of the early operations (the type holds them to the table's exact values). */
export const EARLY_OPERATIONS: Pick<Table, EarlyOperationId> = {
  'authentication.apply': { method: 'POST', path: '/authentication/apply', service: 'oauth2', ...PUBLIC },
  'user.open': { method: 'GET', path: '/user/open', service: 'platform', ...PUBLIC },
  'user.open.tenant': { method: 'GET', path: '/user/open/tenant', service: 'platform', ...PUBLIC },
  'user.captcha': { method: 'GET', path: '/user/captcha', service: 'platform', ...PUBLIC },
  'fldUser.login.apply': { method: 'POST', path: '/fldUser/login/apply', service: 'business', ...PUBLIC },
  'fldUser.login.token.apply': {
    method: 'POST',
    path: '/fldUser/login/token/apply',
    service: 'business',
    ...PUBLIC,
  },
  'fldUser.sendMsg.apply': { method: 'POST', path: '/fldUser/sendMsg/apply', service: 'business', ...PUBLIC },
  'user.context': { method: 'GET', path: '/user/context', service: 'platform', ...USER },
  'auth.sub.system.findCurrentUserSubSystem': {
    method: 'GET',
    path: '/auth/sub/system/findCurrentUserSubSystem',
    service: 'platform',
    ...USER,
  },
  'auth.resources.getMenuData': {
    method: 'GET',
    path: '/auth/resources/getMenuData',
    service: 'platform',
    ...USER,
  },
  'user.logout': { method: 'POST', path: '/user/logout', service: 'platform', ...USER },
  'user.getSsoLogoutInfo': { method: 'POST', path: '/user/getSsoLogoutInfo', service: 'platform', ...USER },
  'user.change.passwd': { method: 'POST', path: '/user/change/passwd', service: 'platform', ...USER },
  'user.register.change.passwd': {
    method: 'POST',
    path: '/user/register/change/passwd',
    service: 'platform',
    ...USER,
  },
  'fldUser.changePhone': { method: 'POST', path: '/fldUser/changePhone', service: 'business', ...USER },
};

let table: Table | undefined;
let loading: Promise<Table> | undefined;

/** The generated table of every operation (its own chunk; loaded once). */
export function loadOperationTable(): Promise<Table> {
  loading ??= import('./generated/operations.ts').then((module) => (table = module.operations));
  return loading;
}

function isEarly(id: string): id is EarlyOperationId {
  return Object.prototype.hasOwnProperty.call(EARLY_OPERATIONS, id);
}

/** The entry of `id`: at once when it is early or the table is loaded already, else after loading it. */
export function operationMeta(id: OperationId): OperationMeta | Promise<OperationMeta> {
  if (isEarly(id)) return EARLY_OPERATIONS[id];
  if (table) return table[id];
  return loadOperationTable().then((loaded) => loaded[id]);
}

/** The same operation (an entry of this file or of the table: the objects differ, not the values). */
export function sameOperation(a: OperationMeta, b: OperationMeta): boolean {
  return a.service === b.service && a.method === b.method && a.path === b.path;
}
