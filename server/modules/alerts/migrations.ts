/** Alerts for messages (issue 14): the local mail outbox and each tenant's alert setting per message type. */
import type { Migration } from '../../db/migrate.ts';

export const platformMailOutboxMigration: Migration = {
  name: '016_alert_mail_outbox',
  sql: (s) => `
    create table ${s}.mail_outbox (
      id text primary key,
      recipient text not null,
      subject text not null,
      content text not null,
      purpose text not null,
      created_at timestamptz not null default now()
    );
    create index mail_outbox_recipient_idx on ${s}.mail_outbox (recipient, created_at);
  `,
};

/** Which message types alert their receivers by SMS and/or e-mail; no row: no alert. */
export const tenantAlertSettingMigration: Migration = {
  name: '016_alert_message_setting',
  sql: (s) => `
    create table ${s}.message_alert_setting (
      message_type text primary key check (message_type in ('normal', 'system', 'bulletin')),
      sms boolean not null default false,
      email boolean not null default false,
      updated_at timestamptz not null default now()
    );
  `,
};
