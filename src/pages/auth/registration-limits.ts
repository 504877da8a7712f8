/**
 * The registration forms' input lengths, read from the catalogue the server validates with
 * (user.register, saas.tenant.register): only the limits reach the bundle (`?limits`, tools/vite-yaml-plugin.ts).
 */
import auth from '../../../schemas/api/auth.yaml?limits';
import tenants from '../../../schemas/api/tenants.yaml?limits';

type Limits = typeof auth;

function maxOf(limits: Limits, operation: string, field: string): number {
  const value = limits[operation]?.[field]?.maxLength;
  if (typeof value !== 'number') throw new Error(`${operation}.${field} has no length limit`);
  return value;
}

const personal = (field: string, operation = 'user.register') => maxOf(auth, operation, field);
const enterprise = (field: string) => maxOf(tenants, 'saas.tenant.register', field);

/** /register: a personal account. */
export const PERSONAL_MAX = {
  account: personal('account'),
  name: personal('name'),
  email: personal('email'),
} as const;

/** /perfect: the details a signed-in filer completes (fldUser.perfect). */
export const PERFECT_MAX = {
  name: personal('name', 'fldUser.perfect'),
  email: personal('email', 'fldUser.perfect'),
  enterpriseName: personal('enterpriseName', 'fldUser.perfect'),
  creditCode: personal('creditCode', 'fldUser.perfect'),
  address: personal('address', 'fldUser.perfect'),
} as const;

/** /tenantRegister: an enterprise and its administrator. */
export const ENTERPRISE_MAX = {
  name: enterprise('name'),
  creditCode: enterprise('creditCode'),
  code: enterprise('code'),
  contactName: enterprise('contactName'),
  account: enterprise('account'),
  mobile: enterprise('mobile'),
  email: enterprise('email'),
} as const;
