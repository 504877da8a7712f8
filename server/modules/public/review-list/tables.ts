/** Row type of filing.case_disclosure (migration 025), added to the app's Database like ../tables.ts. */
import type { ColumnType } from 'kysely';

export interface CaseDisclosureTable {
  case_id: string;
  progress_public: boolean;
  changed_by: ColumnType<string | null, string | null | undefined, string | null>;
  changed_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module '../../../db/tables.ts' {
  interface Database {
    'filing.case_disclosure': CaseDisclosureTable;
  }
}
