/**
 * Password history (issue 11): a setting says how many earlier passwords an account may not reuse;
 * the hashes of the latest ones are kept per account (argon2, as the current one).
 */
import type { Migration } from '../../db/migrate.ts';

export const platformPasswordHistoryMigration: Migration = {
  name: '014_admin_password_history',
  sql: (s) => `
    alter table ${s}.user_security add column history_count integer not null default 0
      check (history_count between 0 and 24);
    create table ${s}.password_history (
      id text primary key,
      account_id text not null references ${s}.account(id) on delete cascade,
      password_hash text not null,
      created_at timestamptz not null default now()
    );
    create index password_history_account_idx on ${s}.password_history (account_id, created_at desc);
  `,
};
