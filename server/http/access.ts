/** The permission check every non-public operation passes before its handler runs. */
import type { Access } from '../../schemas/catalogue-types.ts';
import type { AuthContext } from '../auth/session.ts';
import { Code } from './codes.ts';
import { ApiError } from './envelope.ts';

export function checkAccess(access: Access, auth: AuthContext, tenantHeader: string | undefined): void {
  // The tenant header may only confirm the session's tenant; it never selects one.
  if (tenantHeader && tenantHeader !== auth.tenantId) throw new ApiError(Code.TENANT_DENIED);
  switch (access) {
    case 'public':
    case 'user':
      return;
    case 'tenant':
      if (!auth.tenantId) throw new ApiError(Code.TENANT_DENIED);
      return;
    case 'tenantAdmin':
      if (!auth.tenantId) throw new ApiError(Code.TENANT_DENIED);
      if (!auth.isTenantAdmin) throw new ApiError(Code.NO_PERMISSION);
      return;
    case 'super':
      if (!auth.isSuper) throw new ApiError(Code.SUPER_ONLY);
      return;
  }
}
