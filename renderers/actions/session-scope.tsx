/**
 * `session` in screen expressions: who is signed in and what they may do. In the app it comes from
 * the session store; stories and tests may give one through SessionScopeContext.
 */
import { createContext, useContext, useMemo } from 'react';
import { useAtomValue } from 'jotai';
import type { UserContext } from '../../src/api/generated/operations.ts';
import { userContextAtom } from '../../src/session/atoms.ts';

export interface SessionScope {
  isSuper: boolean;
  isTenantAdmin: boolean;
  userId?: string;
  account?: string;
  name?: string;
  tenantId?: string | null;
  /** The original account while acting as another user. */
  switchAccount?: string | null;
  hasTenants: boolean;
  regOpen: boolean;
  [key: string]: unknown;
}

export function sessionScopeOf(context: UserContext | null | undefined): SessionScope {
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
  };
}

export const SessionScopeContext = createContext<SessionScope | null>(null);

export function useSessionScope(): SessionScope {
  const given = useContext(SessionScopeContext);
  const context = useAtomValue(userContextAtom);
  return useMemo(() => given ?? sessionScopeOf(context), [given, context]);
}
