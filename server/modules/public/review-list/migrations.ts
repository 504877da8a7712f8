/**
 * The under-review list's tables (what the authority has chosen to make public about an open case), in
 * the shared `filing` schema. Append new entries; never edit an applied one.
 */
import type { Migration } from '../../../db/migrate.ts';

export const reviewListMigrations: Migration[] = [
  {
    // Issue 25: whether the public may see a case's review progress (its acceptance, phase, clock stops and
    // due date) is the authority's choice per case, never inferred; each change is also in the audit chain.
    name: '025_public_case_disclosure',
    sql: (s) => `
      create table ${s}.case_disclosure (
        case_id text primary key references ${s}."case"(id) on delete cascade,
        progress_public boolean not null,
        changed_by text,
        changed_at timestamptz not null default now()
      );
      create index case_disclosure_public_idx on ${s}.case_disclosure (case_id) where progress_public;
    `,
  },
];
