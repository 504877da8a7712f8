/** Row type of platform.mail_outbox (migration 016_alert_mail_outbox; module augmentation). */
import type { ColumnType } from 'kysely';

export interface MailOutboxTable {
  id: string;
  recipient: string;
  subject: string;
  content: string;
  purpose: string;
  created_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

declare module '../db/tables.ts' {
  interface Database {
    'platform.mail_outbox': MailOutboxTable;
  }
}
