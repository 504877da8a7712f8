/** Menu favourites (issue 11): per account and subsystem, in the account's own order. */
import type { Migration } from '../../db/migrate.ts';

export const platformMenuFavoriteMigration: Migration = {
  name: '014_admin_menu_favorite',
  sql: (s) => `
    create table ${s}.menu_favorite (
      account_id text not null references ${s}.account(id) on delete cascade,
      resource_id text not null references ${s}.resource(id) on delete cascade,
      system_id text not null,
      sn integer not null default 0,
      created_at timestamptz not null default now(),
      primary key (account_id, resource_id)
    );
    create index menu_favorite_account_idx on ${s}.menu_favorite (account_id, system_id, sn);
  `,
};
