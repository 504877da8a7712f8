/**
 * Data templates (issue 26): each tenant's definitions, in the tenant's own schema. The storage of each
 * template (`dt_<code>`) is made and changed at run time by ddl.ts, in the same schema only.
 */
import type { Migration } from '../../db/migrate.ts';

export const tenantDataTemplateMigration: Migration = {
  name: '028_data_templates',
  sql: (s) => `
    create table ${s}.data_template (
      code text primary key,
      name jsonb not null,
      fields jsonb not null,
      formulas jsonb not null default '{}',
      read_roles jsonb not null default '[]',
      write_roles jsonb not null default '[]',
      version integer not null check (version >= 1),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
  `,
};
