/**
 * The login log (platform.login_log): sign-ins and their failures (wrong secret, locked, captcha needed,
 * inactive), logouts, and the start and end of acting sessions (acting-log.ts) — who, when, how, which
 * tenant, outcome, address.
 * A row belongs to the tenant the session started in (for a failure: the account's default tenant), so a
 * tenant admin reads the rows of their own tenant and the super user reads them all. Writing the log
 * never fails the call it describes.
 */
import type { Db } from '../db/database.ts';
import '../auth/permission-tables.ts';

export interface LoginEvent {
  event: 'login' | 'logout' | 'acting-start' | 'acting-end' | 'password-reset' | 'session-end';
  outcome: 'success' | 'failure';
  accountId?: string | null;
  account?: string | null;
  tenantId?: string | null;
  grantType?: string | null;
  code?: number | null;
  reason?: string | null;
  actorAccount?: string | null;
  ip?: string | null;
  client?: string | null;
  /** Acting rows: the reason given for acting and when acting began (acting-log.ts). */
  actingReason?: string | null;
  actingStartedAt?: Date | null;
}

export async function recordLogin(db: Db, e: LoginEvent): Promise<void> {
  try {
    const tenantId =
      e.tenantId !== undefined ? e.tenantId : e.accountId ? await mainTenantOf(db, e.accountId) : null;
    await db
      .insertInto('platform.login_log')
      .values({
        tenant_id: tenantId,
        account_id: e.accountId ?? null,
        account: e.account?.slice(0, 128) ?? null,
        event: e.event,
        outcome: e.outcome,
        grant_type: e.grantType ?? null,
        code: e.code ?? null,
        reason: e.reason?.slice(0, 200) ?? null,
        actor_account: e.actorAccount ?? null,
        ip: e.ip ?? null,
        client: e.client?.slice(0, 300) ?? null,
        acting_reason: e.actingReason?.slice(0, 500) ?? null,
        acting_started_at: e.actingStartedAt ?? null,
      })
      .execute();
  } catch (err) {
    console.warn(`login log not written: ${String(err)}`);
  }
}

/** The tenant an account's failures and account-level events are filed under: its main membership. */
export async function mainTenantOf(db: Db, accountId: string): Promise<string | null> {
  const row = await db
    .selectFrom('platform.tenant_member')
    .select('tenant_id')
    .where('account_id', '=', accountId)
    .orderBy('is_main', 'desc')
    .executeTakeFirst();
  return row?.tenant_id ?? null;
}
