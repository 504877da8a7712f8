/**
 * Shape of the API catalogue (schemas/api/*.yaml). Shared by the server, the client generator and the tools.
 * The meta-schema schemas/meta/api.schema.json is the authority; these types mirror it.
 */
export type HttpMethod = 'GET' | 'POST';

/** Which back-end service the call belongs to; gives the prefix outside single-app mode. */
export type Service = 'platform' | 'business' | 'oauth2';

/**
 * Who may call an operation:
 * - public: no token (the spec's whitelist)
 * - user: any signed-in account (no tenant needed)
 * - tenant: signed in with a current tenant taken from the session
 * - tenantAdmin: tenant admin of the session's tenant (or super user)
 * - super: the super user only
 */
export type Access = 'public' | 'user' | 'tenant' | 'tenantAdmin' | 'super';

export type JsonSchema = Record<string, unknown>;

export interface OperationDef {
  method: HttpMethod;
  /** Path relative to the API base address, single-app mode (no service prefix). */
  path: string;
  service: Service;
  access: Access;
  /** True when the spec names the call without a path and we chose it. */
  ours?: boolean;
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
}

export interface CatalogueFile {
  area: string;
  description: string;
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
