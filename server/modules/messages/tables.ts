/** Row types of the message tables added by migration 013_msg_fanout (module augmentation). */
import type { ColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** Who a message is addressed to, one row per target (see recipients.ts for the keys). */
export interface MessageTargetTable {
  message_id: string;
  target_key: string;
  target_name: string | null;
}

export interface MessageReplyTable {
  id: string;
  message_id: string;
  content: string;
  replier_id: string | null;
  replier_name: string | null;
  created_at: Timestamp;
}

declare module '../../db/tables.ts' {
  interface Database {
    message_target: MessageTargetTable;
    message_reply: MessageReplyTable;
  }
  /** The sender removed it from their sent box (receivers keep it). */
  interface MessageTable {
    owner_removed: Defaulted<boolean>;
  }
}
