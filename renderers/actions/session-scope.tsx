/**
 * `session` in screen expressions: who is signed in and what they may do, from the renderer
 * environment (the app's session store; a fixture session in stories and tests).
 */
import { useRendererEnvironment } from '../environment/RendererEnvironment.tsx';
import type { SessionScope } from '../environment/environment-types.ts';

export type { SessionScope };

/** The fields of the app's user.context answer that expressions read. */
export interface UserContextFacts {
  user?: { id?: string; account?: string; fullname?: string; isSuper?: string } | null;
  employee?: { name?: string } | null;
  isTenantAdmin?: boolean;
  tenantId?: string | null;
  switchAccount?: string | null;
  tenants?: readonly unknown[] | null;
  regOpen?: boolean;
  permissions?: readonly string[] | null;
}

export function sessionScopeOf(context: UserContextFacts | null | undefined): SessionScope {
  return {
    isSuper: context?.user?.isSuper === 'Y',
    isTenantAdmin: context?.isTenantAdmin === true,
    userId: context?.user?.id,
    account: context?.user?.account,
    name: context?.user?.fullname ?? context?.employee?.name,
    tenantId: context?.tenantId ?? null,
    switchAccount: context?.switchAccount ?? null,
    hasTenants: (context?.tenants?.length ?? 0) > 0,
    regOpen: context?.regOpen === true,
    permissions: context?.permissions ?? [],
  };
}

export function useSessionScope(): SessionScope {
  return useRendererEnvironment().session;
}

/** Whether the session may use something that declares `permission` (none declared: yes). */
export function useCan(): (permission: unknown) => boolean {
  return useRendererEnvironment().can;
}
