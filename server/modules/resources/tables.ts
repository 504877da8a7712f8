/** platform.menu_favorite (014_admin_menu_favorite), by declaration merging. */
import type { ColumnType } from 'kysely';

declare module '../../db/tables.ts' {
  interface Database {
    'platform.menu_favorite': {
      account_id: string;
      resource_id: string;
      system_id: string;
      sn: ColumnType<number, number | undefined, number>;
      created_at: ColumnType<Date | string, Date | string | undefined, never>;
    };
  }
}
