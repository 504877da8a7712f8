/** <tenant>.data_template (028_data_templates), by declaration merging of db/tables.ts. */
import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;

/**
 * One data template of a tenant: its definition (definition.ts) and the version its storage
 * (`dt_<code>` in the same schema) was last changed to. The rows themselves live in `dt_<code>`,
 * a table made at run time (ddl.ts), so they have no static type here.
 */
export interface DataTemplateTable {
  code: string;
  name: Json<Record<string, string>>;
  fields: Json<unknown[]>;
  formulas: Json<Record<string, unknown>>;
  read_roles: Json<string[]>;
  write_roles: Json<string[]>;
  version: number;
  created_at: Timestamp;
  updated_at: Timestamp;
}

declare module '../../db/tables.ts' {
  interface Database {
    data_template: DataTemplateTable;
  }
}
