/** Who a request is (resolved from its session by session.ts); its own module so the session cache can name it. */
import type { TenantKind } from '../../schemas/catalogue-types.ts';

/** The account acting as the session's account (authentication/switch). */
export interface ActorInfo {
  accountId: string;
  account: string;
  fullname: string;
  isSuper: boolean;
  /** The actor's own session family, restored by switch/exit. */
  familyId: string | null;
}

export interface AuthContext {
  sessionId: string;
  accountId: string;
  account: string;
  fullname: string;
  isSuper: boolean;
  tenantId: string | null;
  tenantSchema: string | null;
  /** The kind of the session's tenant (which tenant permissions count there). */
  tenantKind: TenantKind | null;
  isTenantAdmin: boolean;
  systemId: string | null;
  /** The login this session descends from. */
  familyId?: string | null;
  /** Set while an administrator acts as this account; the session then resolves to the target account. */
  actor?: ActorInfo | null;
}
