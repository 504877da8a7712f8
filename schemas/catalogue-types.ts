/**
 * Shape of the API catalogue (schemas/api/*.yaml). Shared by the server, the client generator and the tools.
 * The meta-schema schemas/meta/api.schema.json is the authority; these types mirror it.
 */
export type HttpMethod = 'GET' | 'POST';

/** Which back-end service the call belongs to; gives the prefix outside single-app mode. */
export type Service = 'platform' | 'business' | 'oauth2';

/**
 * What session an operation needs (who may call it is `permission`):
 * - public: no token (the spec's whitelist)
 * - user: any signed-in account (no tenant needed)
 * - tenant: signed in with a current tenant taken from the session
 * - super: the super user only
 */
export type Access = 'public' | 'user' | 'tenant' | 'super';

/**
 * The permission an operation needs: one of the reserved levels, or a name `<area>:<verb>` declared in a
 * catalogue file's `permissions` (schemas/api/README.md 'Permissions').
 * - public: anyone; user: any signed-in account; member: any member of the session's tenant.
 */
export type ReservedPermission = 'public' | 'user' | 'member';
export const RESERVED_PERMISSIONS: readonly ReservedPermission[] = ['public', 'user', 'member'];
export const PERMISSION_NAME = /^[a-z][A-Za-z]*:[a-z][A-Za-z]*$/;

/** tenant: granted through roles and menu resources, held by every tenant admin; platform: the super user's. */
export type PermissionScope = 'tenant' | 'platform';

/** The kinds of tenant: the competition authority, a filing enterprise, a law firm acting as agent. */
export type TenantKind = 'authority' | 'enterprise' | 'law_firm';
export const TENANT_KINDS: readonly TenantKind[] = ['authority', 'enterprise', 'law_firm'];

export interface PermissionDef {
  scope: PermissionScope;
  summary: string;
  /**
   * The kinds of tenant in which a tenant permission counts (absent: every kind). Nobody holds it in a
   * tenant of another kind: not its administrator, not a role that grants a resource carrying it.
   */
  kinds?: TenantKind[];
}

export type JsonSchema = Record<string, unknown>;

export interface OperationDef {
  method: HttpMethod;
  /** Path relative to the API base address, single-app mode (no service prefix). */
  path: string;
  service: Service;
  access: Access;
  /** A reserved level or a declared permission name. */
  permission: string;
  /** True when the spec names the call without a path and we chose it. */
  ours?: boolean;
  /**
   * The filing state machine's action this operation takes on the case named by ?caseId: answered by the
   * transition runner (server/modules/filing/handlers.ts), with no handler of its own.
   */
  transition?: string;
  /**
   * The caller's own personal data (a whistleblower's report and identity, their own mobile): refused to a
   * session acting as the account (6010104), and not recorded in the tenant's operation log.
   */
  personal?: boolean;
  summary: string;
  request?: {
    query?: JsonSchema;
    body?: JsonSchema;
    /** multipart/form-data upload; body schema then describes the non-file fields. */
    multipart?: boolean;
  };
  /** Schema of the envelope's data on success. */
  response?: JsonSchema;
  /** Binary response (download); the envelope is used only for errors. */
  binary?: boolean;
  /**
   * A file route that also takes the ticket of a signed link for this purpose (`?ticket=`, issued by
   * fldFile.link) instead of the Authorization header: addresses for img tags, pdf.js and plain links.
   */
  linkPurpose?: 'download' | 'preview' | 'image';
  /** Written to the operation log; default from the method and path (see isWriteOperation). */
  write?: boolean;
}

export interface CatalogueFile {
  area: string;
  description: string;
  permissions?: Record<string, PermissionDef>;
  operations: Record<string, OperationDef>;
}

export const SERVICE_PREFIX: Record<Service, string> = {
  platform: '/platform/v3',
  business: '/business/v3',
  oauth2: '/oauth2/v3',
};

/** Operation id from a path: '/saas/tenant/query/wait' -> 'saas.tenant.query.wait'. */
export function operationIdFromPath(path: string): string {
  return path.replace(/^\//, '').split('/').join('.');
}

/** Last path segments of POST calls that only read (list queries and look-ups). */
const READ_SEGMENT = /^(query|find|get|load|transfer|receive|sent|msgList|check|verify|context)/;

/** Whether a successful call changes something (and goes to the operation log): `write`, else by method and path. */
export function isWriteOperation(op: Pick<OperationDef, 'method' | 'path' | 'write'>): boolean {
  if (op.write !== undefined) return op.write;
  if (op.method === 'GET') return false;
  const last = op.path.split('/').filter(Boolean).pop() ?? '';
  return !READ_SEGMENT.test(last);
}
