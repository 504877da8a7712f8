/** Tables and columns of 014_admin_password_history (declaration merging). */
import type { ColumnType } from 'kysely';

declare module '../db/tables.ts' {
  interface UserSecurityTable {
    history_count: ColumnType<number, number | undefined, number>;
  }
  interface Database {
    'platform.password_history': {
      id: string;
      account_id: string;
      password_hash: string;
      created_at: ColumnType<Date | string, Date | string | undefined, never>;
    };
  }
}
