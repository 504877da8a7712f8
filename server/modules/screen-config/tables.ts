/** platform.screen_version (027_screen_versions), by declaration merging of db/tables.ts. */
import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** One saved version of a screen: the platform's (tenant_id null) or one tenant's override. */
export interface ScreenVersionTable {
  id: string;
  name: string;
  tenant_id: string | null;
  version: number;
  state: 'DRAFT' | 'PUBLISHED';
  /** The screen definition as the configurator wrote it (option set references kept). */
  content: ColumnType<unknown, string, string>;
  author_id: string | null;
  /** The author's display name when saved: history outlives the account. */
  author_name: string | null;
  note: string | null;
  /** An override's: the platform version it was made from (0: the file); null for the platform's. */
  base_platform_version: number | null;
  /** A restore's: the version whose content it took. */
  restored_from: number | null;
  created_at: Timestamp;
  published_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

declare module '../../db/tables.ts' {
  interface Database {
    'platform.screen_version': ScreenVersionTable;
  }
}
