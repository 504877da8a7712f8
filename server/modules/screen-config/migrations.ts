/**
 * Versioned screens (issue 26): every saved version of a screen, the platform's and each tenant's
 * overrides, in the platform schema. Version 0 of every screen is its file (schemas/screens), never a row.
 */
import type { Migration } from '../../db/migrate.ts';

export const platformScreenVersionMigration: Migration = {
  name: '027_screen_versions',
  sql: (s) => `
    create table ${s}.screen_version (
      id text primary key,
      name text not null,
      tenant_id text references ${s}.tenant(id) on delete cascade,
      version integer not null check (version >= 1),
      state text not null check (state in ('DRAFT', 'PUBLISHED')),
      content jsonb not null,
      author_id text references ${s}.account(id) on delete set null,
      author_name text,
      note text,
      base_platform_version integer check (base_platform_version >= 0),
      restored_from integer,
      created_at timestamptz not null default now(),
      published_at timestamptz,
      check ((tenant_id is null) = (base_platform_version is null)),
      check ((state = 'PUBLISHED') = (published_at is not null))
    );
    -- One number per version of a screen in a scope, and one open draft at most.
    create unique index screen_version_number_idx on ${s}.screen_version (name, coalesce(tenant_id, ''), version);
    create unique index screen_version_draft_idx on ${s}.screen_version (name, coalesce(tenant_id, ''))
      where state = 'DRAFT';
    -- What a session sees (screenConfig.effective): the newest published version per screen and scope.
    create index screen_version_published_idx on ${s}.screen_version (tenant_id, name, version desc)
      where state = 'PUBLISHED';
  `,
};
