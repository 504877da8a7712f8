/** Row types of the file tables for Kysely, added to the app's Database by module augmentation. */
import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;
type Nullable<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** bigint: a string from PostgreSQL, a number from PGlite; a number going in. */
type BigIntCol = ColumnType<string | number, number, number>;

export interface AttachmentTable {
  id: string;
  file_name: string;
  ext: Nullable<string>;
  total_bytes: BigIntCol;
  type_id: Nullable<string>;
  file_type: Nullable<string>;
  note: Nullable<string>;
  storage_key: string;
  owner_id: Nullable<string>;
  owner_name: Nullable<string>;
  sha256: Nullable<string>;
  mime: Nullable<string>;
  created_at: Timestamp;
}

export interface MessageAttachmentTable {
  message_id: string;
  attachment_id: string;
}

export interface FileRefTable {
  tenant_id: string;
  attachment_id: string;
  sha256: string;
  size: BigIntCol;
  is_public: Defaulted<boolean>;
  created_at: Timestamp;
}

declare module '../db/tables.ts' {
  interface Database {
    attachment: AttachmentTable;
    message_attachment: MessageAttachmentTable;
    'platform.file_ref': FileRefTable;
  }
}
