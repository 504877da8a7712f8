/**
 * Who calls the service: an account acting in one tenant, with that tenant's kind and the permission set
 * the permission model grants it there. The HTTP layer builds it from the verified session.
 */
import { ApiError } from '../../http/envelope.ts';
import { Code } from '../../http/codes.ts';
import type { TenantKind } from './tables.ts';
import type { FilingPermission } from './permissions.ts';

export interface Actor {
  accountId: string;
  tenantId: string;
  tenantKind: TenantKind;
  permissions: ReadonlySet<string>;
  /** Shown in transitions and generated documents. */
  name?: string;
}

/** The scheduled jobs act as the system: allowed only the transitions the state machine gives 'system'. */
export const SYSTEM_ACTOR = Symbol('system');
export type ActorOrSystem = Actor | typeof SYSTEM_ACTOR;

/**
 * A domain error: a translation key under `filing.error.` with parameters, and the envelope code the HTTP
 * layer answers with (it is an ApiError, so the error handler translates it as it stands).
 */
export class FilingError extends ApiError {
  constructor(
    readonly reason: string,
    params: Record<string, unknown> = {},
    code: number = Code.ILLEGAL_REQUEST,
    detail: unknown = null,
  ) {
    super(code, `filing.error.${reason}`, params, detail);
    this.name = 'FilingError';
  }
}

export const notFound = (what: string) => new FilingError('notFound', { what }, Code.NOT_FOUND);
export const denied = (permission?: string) =>
  new FilingError('denied', { permission: permission ?? '' }, Code.NO_PERMISSION);

export function has(actor: Actor, permission: FilingPermission): boolean {
  // The authority's permissions never count outside the authority tenant: a filer can never decide.
  if (permission.startsWith('review:') && actor.tenantKind !== 'authority') return false;
  return actor.permissions.has(permission);
}

export function requirePermission(actor: Actor, permission: FilingPermission): void {
  if (!has(actor, permission)) throw denied(permission);
}

export function isAuthority(actor: Actor): boolean {
  return actor.tenantKind === 'authority';
}
