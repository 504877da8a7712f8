/**
 * Migrations of the file store (issue 10). The attachment rows stay in each tenant's space (tenant data);
 * the platform keeps one small index row per stored file: which tenant holds which attachment with which
 * content, so the store knows when a content has no attachment left and the public download can find a
 * published file without a session. Append; never edit an applied one.
 */
import type { Migration } from '../db/migrate.ts';

export const platformFileMigration: Migration = {
  name: '011_files_index',
  sql: (s) => `
    create table ${s}.file_ref (
      tenant_id text not null references ${s}.tenant(id) on delete cascade,
      attachment_id text not null,
      sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
      size bigint not null,
      -- Set by the domain that publishes the file (a published filing notice, decision…): only such
      -- files are served by the public download.
      is_public boolean not null default false,
      created_at timestamptz not null default now(),
      primary key (tenant_id, attachment_id)
    );
    create index file_ref_sha_idx on ${s}.file_ref (sha256);
    create index file_ref_public_idx on ${s}.file_ref (attachment_id) where is_public;
  `,
};

export const tenantFileMigration: Migration = {
  name: '011_files_metadata',
  sql: (s) => `
    alter table ${s}.attachment add column sha256 text check (sha256 is null or sha256 ~ '^[0-9a-f]{64}$');
    alter table ${s}.attachment add column mime text;
    alter table ${s}.attachment add column owner_name text;
    create index attachment_created_idx on ${s}.attachment (created_at desc, id);
    create index attachment_name_idx on ${s}.attachment (file_name);
  `,
};

/**
 * The signing keys of the server (one row per use; today 'file-link', the key of signed file links in
 * tickets.ts). Made on first use with 256 random bits, so every instance on the database signs and checks
 * with the same key without any configuration; APP_SECRET, when set, is mixed in (tickets.ts).
 */
export const platformSigningKeyMigration: Migration = {
  name: '022_files_signing_key',
  sql: (s) => `
    create table ${s}.signing_key (
      name text primary key,
      secret text not null,
      created_at timestamptz not null default now()
    );
  `,
};
