/**
 * Columns and tables of migration 005_perms_core, merged into the Kysely Database type from here so the
 * shared tables file needs no edit: the permissions a menu resource carries, hidden (permission-only)
 * entries, the digest of the built-in definition last written, the end of an acting session, and the
 * login and operation logs.
 */
import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface LoginLogTable {
  id: Generated<number>;
  tenant_id: string | null;
  account_id: string | null;
  /** The account name (as typed, for a failure against an unknown name). */
  account: string | null;
  /** login, logout, refused (locked, captcha, rate limit…), acting-end, session-end. */
  event: string;
  outcome: 'success' | 'failure';
  grant_type: string | null;
  code: number | null;
  reason: string | null;
  actor_account: string | null;
  ip: string | null;
  client: string | null;
  /** Acting rows (acting-start, acting-end): the reason given for acting, and when it began (migration 023). */
  acting_reason: ColumnType<string | null, string | null | undefined, string | null>;
  acting_started_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
  created_at: Timestamp;
}

export interface OperationLogTable {
  id: Generated<number>;
  tenant_id: string | null;
  account_id: string | null;
  account: string | null;
  /** While acting as another user: the administrator really doing it. */
  actor_account: string | null;
  operation_id: string;
  method: string;
  outcome: 'success' | 'failure';
  code: number | null;
  /** The ids the call named (ids, userIds, id… of the query), never a body. */
  target: string | null;
  ip: string | null;
  /** While acting: the reason the administrator gave for acting (migration 023). */
  acting_reason: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Timestamp;
}

declare module '../db/tables.ts' {
  interface ResourceTable {
    permissions: ColumnType<string[], string[] | undefined, string[]>;
    hidden: ColumnType<boolean, boolean | undefined, boolean>;
    origin_digest: string | null;
  }
  interface SessionFamilyTable {
    acting_expires_at: ColumnType<
      Date | string | null,
      Date | string | null | undefined,
      Date | string | null
    >;
  }
  interface Database {
    'platform.login_log': LoginLogTable;
    'platform.operation_log': OperationLogTable;
  }
}
