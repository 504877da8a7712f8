/**
 * Row type of platform.client_log (migration 003_client_log), merged into the Kysely Database type
 * from here so the shared tables file needs no edit.
 */
import type { ColumnType, Generated } from 'kysely';

export interface ClientLogTable {
  id: Generated<number>;
  account_id: string;
  account: string;
  tenant_id: string | null;
  type: string | null;
  message: string;
  component: string | null;
  url: string | null;
  /** The browser session's uuid from the entry's meta. */
  browser_session: string | null;
  /** The client's own time stamp, as sent (yyyy-MM-dd HH:mm:ss). */
  occurred_at: string | null;
  ip: string | null;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module '../../db/tables.ts' {
  interface Database {
    'platform.client_log': ClientLogTable;
  }
}
