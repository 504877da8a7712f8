/**
 * The public side's tables and indexes, in the shared \`filing\` schema beside the cases they publish
 * (server/modules/spaces.ts applies them after the filing area's own). Append new entries; never edit an
 * applied one.
 */
import type { Migration } from '../../db/migrate.ts';
import { followMigrations } from './follow/migrations.ts';
import { reviewListMigrations } from './review-list/migrations.ts';

const registerMigrations: Migration[] = [
  {
    // The public side (issue 13): keyword search over case and party names served by a bigram GIN index
    // (two characters and up), news and sample cases, and reports of unnotified deals with their triage.
    name: '018_public_search_news_clues',
    sql: (s) => `
      -- The bigrams are stored, not computed per row: a common keyword matches most rows, and the check
      -- must stay an array containment then, not a function call per row.
      alter table ${s}.publication
        add column search_text text generated always as (title || ' ' || parties) stored,
        add column search_bigrams text[] generated always as (platform.bigrams(lower(title || ' ' || parties))) stored;
      create index publication_search_bigrams_idx on ${s}.publication using gin (search_bigrams);
      create index publication_kind_live_idx on ${s}.publication (kind, live_from desc);

      create table ${s}.news (
        id text primary key,
        category text not null check (category in ('news','notice','policy','sample')),
        title text not null,
        summary text,
        content text,
        source text,
        published boolean not null default false,
        publish_time timestamptz,
        created_by text,
        created_at timestamptz not null default now(),
        updated_at timestamptz
      );
      create index news_public_idx on ${s}.news (published, category, publish_time desc);

      create table ${s}.wyf_reporter (
        account_id text primary key,
        real_name text not null,
        organisation text,
        id_type text not null check (id_type in ('ID_CARD','PASSPORT','USCC','OTHER')),
        id_number text not null,
        contact_phone text not null,
        email text,
        address text,
        updated_at timestamptz not null default now()
      );

      create table ${s}.wyf_clue (
        id text primary key,
        reporter_account_id text not null,
        targets text[] not null,
        deal_description text not null,
        description text not null,
        state text not null default 'NEW' check (state in ('NEW','ASSIGNED','LINKED','CLOSED')),
        assignee_account_id text,
        linked_case_id text references ${s}."case"(id) on delete set null,
        close_reason text,
        created_at timestamptz not null default now(),
        updated_at timestamptz
      );
      create index wyf_clue_state_idx on ${s}.wyf_clue (state, created_at desc);
      create index wyf_clue_reporter_idx on ${s}.wyf_clue (reporter_account_id, created_at desc);

      create table ${s}.wyf_clue_step (
        id text primary key,
        clue_id text not null references ${s}.wyf_clue(id) on delete cascade,
        action text not null check (action in ('submit','assign','link','close')),
        from_state text,
        to_state text not null,
        by_account_id text,
        note text,
        at timestamptz not null default now()
      );
      create index wyf_clue_step_clue_idx on ${s}.wyf_clue_step (clue_id, at);

      -- Evidence bytes are kept here: a reporter has no tenant, hence no file-store space.
      create table ${s}.wyf_evidence (
        id text primary key,
        account_id text not null,
        clue_id text references ${s}.wyf_clue(id) on delete cascade,
        file_name text not null,
        mime text not null,
        size integer not null,
        sha256 text not null,
        content bytea not null,
        created_at timestamptz not null default now()
      );
      create index wyf_evidence_owner_idx on ${s}.wyf_evidence (account_id, clue_id);
    `,
  },
  {
    // The public clearance list's first page (issue 13): its rows in the list's default order
    // (decided_on desc, id), so the first page stops after 20 rows and the count walks one small index,
    // whatever the planner's statistics (PGlite runs no autovacuum, so a freshly filled table has none).
    name: '021_public_clearance_list_idx',
    sql: (s) => `
      create index publication_clearance_list_idx on ${s}.publication (decided_on desc, id)
        where kind = 'CLEARANCE' and batch_id is not null and hidden_at is null;
    `,
  },
  {
    // Case numbers on the public lists (issue 25): the keyword finds a case by the start of its number,
    // case-insensitive (upper(case_no) like 'JZSB2026-00%'); text_pattern_ops serves the prefix in any
    // collation, where the unique index on case_no does only under C.
    name: '024_public_case_no_prefix_idx',
    sql: (s) => `
      create index case_no_prefix_idx on ${s}."case" (upper(case_no) text_pattern_ops);
    `,
  },
];

/** The register's own, then the under-review list's (025), then following cases and searches (026). */
export const publicMigrations: Migration[] = [
  ...registerMigrations,
  ...reviewListMigrations,
  ...followMigrations,
];
