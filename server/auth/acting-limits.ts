/**
 * Limits of acting as another user (authentication/switch). An acting login lasts at most
 * config.actingMaxMinutes (ACTING_MAX_MINUTES, default 30) from its start — its tokens never outlive
 * that, and a refresh past it is refused — and only while the actor keeps the right to act: the super
 * user, a tenant admin of the session's tenant, or a member holding employee:actAs there (who may act only
 * as members that are not tenant admins). Every request of an acting session checks both; when one fails
 * the acting login ends, the end is audited (acting audit 'exit' with the reason, login log) and the
 * request answers 6020201.
 */
import { covers, rankIn } from './account-guard.ts';
import type { ServerConfig } from '../config.ts';
import type { Db } from '../db/database.ts';
import { Code } from '../http/codes.ts';
import { ApiError } from '../http/envelope.ts';
import { recordActing } from './acting-audit.ts';
import { holds } from './permissions.ts';
import { revokeFamilyOnce } from './session-end.ts';
import type { AuthContext } from './session.ts';
import { recordActingEnd } from '../audit/acting-log.ts';

export const ACT_AS_PERMISSION = 'employee:actAs';

/** When an acting login that starts now must end. */
export function actingDeadline(config: Pick<ServerConfig, 'actingMaxMinutes'>, now = Date.now()): Date {
  return new Date(now + config.actingMaxMinutes * 60_000);
}

/**
 * Whether `actor` may act, in the tenant of `session`, as the session's account (`targetIsAdmin`: the
 * target is a tenant admin there). Shared by the switch itself and the check on every acting request.
 */
export async function mayActAs(
  db: Db,
  actor: { accountId: string; isSuper: boolean; isTenantAdmin: boolean },
  session: Pick<AuthContext, 'tenantId' | 'tenantSchema' | 'tenantKind' | 'systemId'>,
  target: { accountId: string; isSuper: boolean; isTenantAdmin: boolean },
): Promise<boolean> {
  if (actor.isSuper) return true;
  if (!session.tenantId || target.isSuper) return false;
  if (actor.isTenantAdmin) return true;
  if (target.isTenantAdmin) return false;
  const actorAuth: AuthContext = {
    sessionId: '',
    accountId: actor.accountId,
    account: '',
    fullname: '',
    isSuper: false,
    isTenantAdmin: false,
    tenantId: session.tenantId,
    tenantSchema: session.tenantSchema,
    tenantKind: session.tenantKind,
    systemId: session.systemId,
  };
  if (!(await holds(db, actorAuth, ACT_AS_PERMISSION))) return false;
  // Acting as a colleague whose roles grant more would be a way to gain those rights.
  const [mine, theirs] = await Promise.all([
    rankIn(db, actor.accountId, session),
    rankIn(db, target.accountId, session),
  ]);
  return covers(mine, theirs);
}

/** Ends an acting login (once) and audits its end. */
export async function endActing(db: Db, auth: AuthContext, reason: string, ip: string | null): Promise<void> {
  if (!auth.actor || !auth.familyId) return;
  if (!(await revokeFamilyOnce(db, auth.familyId, reason))) return;
  await recordActing(db, {
    event: 'exit',
    actor: auth.actor,
    target: { accountId: auth.accountId, account: auth.account },
    reason,
    tenantId: auth.tenantId,
    familyId: auth.familyId,
    ip,
  });
  await recordActingEnd(db, {
    actorAccount: auth.actor.account,
    target: { accountId: auth.accountId, account: auth.account },
    tenantId: auth.tenantId,
    familyId: auth.familyId,
    endReason: reason,
    ip,
  });
}

export async function enforceActingLimits(
  db: Db,
  _config: ServerConfig,
  auth: AuthContext,
  ip: string | null,
): Promise<void> {
  if (!auth.actor || !auth.familyId) return;
  const row = await db
    .selectFrom('platform.session_family as f')
    .innerJoin('platform.account as actor', 'actor.id', 'f.acting_by')
    .leftJoin('platform.tenant_member as am', (j) =>
      j.onRef('am.account_id', '=', 'f.acting_by').on('am.tenant_id', '=', auth.tenantId ?? ''),
    )
    .select(['f.acting_expires_at', 'actor.is_super', 'am.is_admin', 'am.account_id as memberId'])
    .where('f.id', '=', auth.familyId)
    .executeTakeFirst();
  if (!row) throw new ApiError(Code.ILLEGAL_TOKEN);
  if (row.acting_expires_at && new Date(row.acting_expires_at).getTime() <= Date.now()) {
    await endActing(db, auth, 'acting-expired', ip);
    throw new ApiError(Code.ILLEGAL_TOKEN, 'permission.acting.expired');
  }
  const actorIsSuper = row.is_super === true;
  const allowed =
    actorIsSuper ||
    (row.memberId !== null &&
      (await mayActAs(
        db,
        { accountId: auth.actor.accountId, isSuper: false, isTenantAdmin: row.is_admin === true },
        auth,
        { accountId: auth.accountId, isSuper: auth.isSuper, isTenantAdmin: auth.isTenantAdmin },
      )));
  if (!allowed) {
    await endActing(db, auth, 'acting-right-lost', ip);
    throw new ApiError(Code.ILLEGAL_TOKEN, 'permission.acting.rightLost');
  }
}
