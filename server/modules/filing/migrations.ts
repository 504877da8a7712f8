/**
 * The shared `filing` schema: merger cases are cross-tenant objects (a filer's tenant, co-parties, agents,
 * the authority), so they live in one schema keyed by owning tenant and every worklist of the authority is
 * one indexed query. Append new entries; never edit an applied one.
 */
import type { Migration } from '../../db/migrate.ts';
import { officialCalendarDays } from './holidays-cn.ts';

const literal = (v: string) => `'${v.replace(/'/g, "''")}'`;

export const FILING_SCHEMA = 'filing';

/** Appended to the platform schema's list: the kind of each tenant. */
export const platformTenantKindMigration: Migration = {
  name: '006_filing_tenant_kind',
  sql: (s) => `
    alter table ${s}.tenant add column kind text not null default 'enterprise'
      check (kind in ('authority','enterprise','law_firm'));
    create index tenant_kind_idx on ${s}.tenant (kind);
  `,
};

const STATES = `'DRAFT','SUBMITTED','AWAITING_SUPPLEMENT','DEEMED_NOT_FILED','RETURNED','PHASE_I','PHASE_II',
  'SUSPENDED','WITHDRAWAL_PENDING','WITHDRAWN','CLEARED','CLEARED_WITH_CONDITIONS','PROHIBITED','DEEMED_CLEARED'`;

export const filingMigrations: Migration[] = [
  {
    name: '006_filing_core',
    sql: (s) => `
      create table ${s}.calendar_day (
        day date primary key,
        kind text not null check (kind in ('HOLIDAY','WORKDAY')),
        name text not null,
        source text,
        created_by text,
        created_at timestamptz not null default now()
      );

      create table ${s}.counter (
        name text primary key,
        value integer not null
      );

      create table ${s}."case" (
        id text primary key,
        owner_tenant_id text not null references platform.tenant(id),
        created_by text references platform.account(id) on delete set null,
        case_no text unique,
        title text not null default '',
        procedure text not null default 'SIMPLIFIED' check (procedure in ('SIMPLIFIED','NORMAL')),
        basis text check (basis in ('THRESHOLD_MET','CALLED_IN','VOLUNTARY')),
        called_in_on date,
        transaction_mode text check (transaction_mode in ('MERGER_ABSORPTION','MERGER_NEW','EQUITY_ACQUISITION',
          'ASSET_ACQUISITION','CONTRACT_CONTROL','JOINT_VENTURE','JOINT_TO_SOLE')),
        is_horizontal boolean not null default false,
        is_vertical boolean not null default false,
        is_conglomerate boolean not null default false,
        jv_abroad_no_china_activity boolean not null default false,
        foreign_target_no_china_activity boolean not null default false,
        deal_value numeric(20,2) check (deal_value is null or deal_value >= 0),
        deal_currency text check (deal_currency is null or deal_currency ~ '^[A-Z]{3}$'),
        signing_date date,
        planned_closing_date date,
        reference_year integer check (reference_year is null or reference_year between 1990 and 2100),
        industries text[] not null default '{}',
        rationale text,
        simplified_reasons integer[] not null default '{}',
        state text not null default 'DRAFT' check (state in (${STATES})),
        suspended_from text check (suspended_from in ('PHASE_I','PHASE_II')),
        refiled_from_id text references ${s}."case"(id),
        handler_account_id text references platform.account(id) on delete set null,
        division_id text,
        division_name text,
        delegated_region text,
        submitted_at timestamptz,
        accepted_on date,
        decided_on date,
        decision text check (decision in ('CLEARED','CLEARED_WITH_CONDITIONS','PROHIBITED','DEEMED_CLEARED')),
        version integer not null default 1,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index case_state_idx on ${s}."case" (state, updated_at desc);
      create index case_owner_idx on ${s}."case" (owner_tenant_id, updated_at desc);
      create index case_handler_idx on ${s}."case" (handler_account_id, state);
      create index case_division_idx on ${s}."case" (division_id, state);

      create table ${s}.membership (
        id text primary key,
        case_id text not null references ${s}."case"(id) on delete cascade,
        tenant_id text not null references platform.tenant(id),
        role text not null check (role in ('FILER','CO_PARTY','AGENT')),
        on_behalf_of_tenant_id text references platform.tenant(id),
        account_id text references platform.account(id) on delete cascade,
        poa_document_id text,
        status text not null default 'ACTIVE' check (status in ('ACTIVE','REVOKED')),
        invited_by text,
        created_at timestamptz not null default now(),
        revoked_at timestamptz,
        check (role <> 'AGENT' or (on_behalf_of_tenant_id is not null and poa_document_id is not null))
      );
      create unique index membership_active_idx on ${s}.membership (case_id, tenant_id) where status = 'ACTIVE';
      create index membership_tenant_idx on ${s}.membership (tenant_id, status, case_id);

      create table ${s}.party (
        id text primary key,
        case_id text not null references ${s}."case"(id) on delete cascade,
        contributed_by_tenant_id text not null references platform.tenant(id),
        role text not null check (role in ('ACQUIRER','TARGET','MERGING','JV_PARENT','JV','SELLER')),
        name_zh text not null,
        name_original text,
        registered_place text,
        established_on date,
        listing_exchange text,
        listed_since date,
        main_business text,
        business_scope text,
        address text,
        ultimate_controller text,
        china_affiliates text,
        uscc text,
        sn integer not null default 0,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index party_case_idx on ${s}.party (case_id, sn);
      create index party_uscc_idx on ${s}.party (uscc);

      create table ${s}.turnover (
        id text primary key,
        case_id text not null references ${s}."case"(id) on delete cascade,
        party_id text not null references ${s}.party(id) on delete cascade,
        contributed_by_tenant_id text not null references platform.tenant(id),
        year integer not null check (year between 1990 and 2100),
        worldwide numeric(20,2) not null check (worldwide >= 0),
        china numeric(20,2) not null check (china >= 0),
        currency text not null default 'CNY' check (currency ~ '^[A-Z]{3}$'),
        rate_to_cny numeric(14,6) not null default 1 check (rate_to_cny > 0),
        worldwide_band_low numeric(20,2),
        worldwide_band_high numeric(20,2),
        china_band_low numeric(20,2),
        china_band_high numeric(20,2),
        unique (party_id, year),
        check (china <= worldwide)
      );
      create index turnover_case_idx on ${s}.turnover (case_id);

      create table ${s}.market (
        id text primary key,
        case_id text not null references ${s}."case"(id) on delete cascade,
        contributed_by_tenant_id text not null references platform.tenant(id),
        product text not null,
        geography text not null,
        relation text not null check (relation in ('HORIZONTAL','UPSTREAM','DOWNSTREAM','ADJACENT')),
        reasoning text,
        sn integer not null default 0
      );
      create index market_case_idx on ${s}.market (case_id, sn);

      create table ${s}.market_share (
        id text primary key,
        market_id text not null references ${s}.market(id) on delete cascade,
        case_id text not null references ${s}."case"(id) on delete cascade,
        contributed_by_tenant_id text not null references platform.tenant(id),
        holder_name text not null,
        party_id text references ${s}.party(id) on delete cascade,
        year integer not null check (year between 1990 and 2100),
        share numeric(6,3) not null check (share >= 0 and share <= 100),
        band_low numeric(6,2) not null check (band_low >= 0),
        band_high numeric(6,2) not null check (band_high <= 100),
        check (band_high - band_low <= 5 and band_low <= share and share <= band_high)
      );
      create index market_share_market_idx on ${s}.market_share (market_id);

      create table ${s}.jurisdiction (
        id text primary key,
        case_id text not null references ${s}."case"(id) on delete cascade,
        jurisdiction text not null,
        status text not null check (status in ('PLANNED','FILED','CLEARED','CLEARED_WITH_CONDITIONS','PROHIBITED','WITHDRAWN')),
        status_date date,
        sn integer not null default 0
      );
      create index jurisdiction_case_idx on ${s}.jurisdiction (case_id);

      create table ${s}.notice_form (
        case_id text primary key references ${s}."case"(id) on delete cascade,
        title text not null default '',
        summary text not null default '',
        party_intros jsonb not null default '[]',
        reasons integer[] not null default '{}',
        remarks text not null default '',
        updated_at timestamptz not null default now(),
        check (char_length(summary) <= 200)
      );

      -- Files live in the file store (owning tenant + attachment id, SHA-256 kept here too). Until the
      -- store lands, generated documents are rows of stored_content (see server/modules/filing/documents/store.ts).
      create table ${s}.stored_content (
        id text primary key,
        tenant_id text not null references platform.tenant(id),
        name text not null,
        mime text not null,
        size bigint not null,
        sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
        content bytea not null,
        created_at timestamptz not null default now()
      );

      create table ${s}.document (
        id text primary key,
        case_id text not null references ${s}."case"(id) on delete cascade,
        kind text not null,
        title text not null,
        language text not null default 'zh',
        confidential boolean not null default false,
        public_version_of text references ${s}.document(id),
        translation_of text references ${s}.document(id),
        party_id text references ${s}.party(id) on delete set null,
        supplement_id text,
        file_tenant_id text not null references platform.tenant(id),
        attachment_id text not null,
        sha256 text not null check (sha256 ~ '^[0-9a-f]{64}$'),
        size bigint not null default 0,
        mime text,
        file_name text,
        generated boolean not null default false,
        contributed_by_tenant_id text not null references platform.tenant(id),
        uploaded_by text,
        created_at timestamptz not null default now(),
        removed_at timestamptz
      );
      create index document_case_idx on ${s}.document (case_id, kind);

      create table ${s}.transition (
        id bigint generated always as identity primary key,
        case_id text not null references ${s}."case"(id) on delete cascade,
        action text not null,
        from_state text,
        to_state text not null,
        actor_account_id text,
        actor_tenant_id text,
        by_system boolean not null default false,
        reason text,
        ground text,
        document_ids text[] not null default '{}',
        detail jsonb not null default '{}',
        at timestamptz not null default now()
      );
      create index transition_case_idx on ${s}.transition (case_id, id);

      create table ${s}.clock (
        id text primary key,
        case_id text not null references ${s}."case"(id) on delete cascade,
        kind text not null check (kind in ('SUPPLEMENT','NOTICE','PHASE_I','PHASE_II')),
        ref_id text,
        started_on date not null,
        length_days integer not null check (length_days >= 0),
        extension_days integer not null default 0 check (extension_days >= 0),
        stopped_days integer not null default 0 check (stopped_days >= 0),
        nominal_due_on date not null,
        due_on date not null,
        state text not null default 'RUNNING' check (state in ('RUNNING','STOPPED','DONE','LAPSED','CANCELLED')),
        stopped_on date,
        ended_on date,
        lapse_flagged_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index clock_due_idx on ${s}.clock (state, due_on);
      create index clock_case_idx on ${s}.clock (case_id, kind);

      create table ${s}.supplement (
        id text primary key,
        case_id text not null references ${s}."case"(id) on delete cascade,
        stage text not null check (stage in ('PRE_ACCEPTANCE','REVIEW')),
        items text not null,
        requested_by text,
        requested_at timestamptz not null default now(),
        due_on date not null,
        state text not null default 'OPEN' check (state in ('OPEN','ANSWERED','LAPSED','CANCELLED')),
        answer_text text,
        answer_document_ids text[] not null default '{}',
        answered_by text,
        answered_at timestamptz,
        notice_document_id text
      );
      create index supplement_case_idx on ${s}.supplement (case_id, state);

      create table ${s}.served_document (
        id text primary key,
        case_id text not null references ${s}."case"(id) on delete cascade,
        document_id text not null references ${s}.document(id) on delete cascade,
        tenant_id text not null references platform.tenant(id),
        served_at timestamptz not null default now(),
        first_opened_at timestamptz,
        first_opened_by text,
        unique (document_id, tenant_id)
      );
      create index served_tenant_idx on ${s}.served_document (tenant_id, served_at desc);

      create table ${s}.withdrawal (
        id text primary key,
        case_id text not null references ${s}."case"(id) on delete cascade,
        from_state text not null,
        reason text not null,
        requested_by text,
        requested_at timestamptz not null default now(),
        state text not null default 'PENDING' check (state in ('PENDING','CONSENTED','REFUSED')),
        decided_by text,
        decided_at timestamptz,
        decision_reason text
      );
      create index withdrawal_case_idx on ${s}.withdrawal (case_id, state);

      create table ${s}.stop_request (
        id text primary key,
        case_id text not null references ${s}."case"(id) on delete cascade,
        reason text not null,
        requested_by text,
        requested_at timestamptz not null default now(),
        state text not null default 'PENDING' check (state in ('PENDING','USED','WITHDRAWN'))
      );

      create table ${s}.concern (
        id text primary key,
        case_id text not null references ${s}."case"(id) on delete cascade,
        text text not null,
        opinion_due_on date not null,
        raised_by text,
        raised_at timestamptz not null default now(),
        document_id text
      );

      create table ${s}.remedy (
        id text primary key,
        case_id text not null references ${s}."case"(id) on delete cascade,
        version integer not null,
        kind text not null check (kind in ('STRUCTURAL','BEHAVIOURAL','HYBRID')),
        text text not null,
        document_ids text[] not null default '{}',
        submitted_by text,
        submitted_at timestamptz not null default now(),
        unique (case_id, version)
      );

      create table ${s}.publication_batch (
        id text primary key,
        title text not null,
        published_on date not null,
        created_by text,
        created_at timestamptz not null default now()
      );
      create index publication_batch_date_idx on ${s}.publication_batch (published_on desc);

      create table ${s}.publication (
        id text primary key,
        kind text not null check (kind in ('CLEARANCE','NOTICE','CONDITIONAL','PROHIBITION')),
        case_id text references ${s}."case"(id) on delete set null,
        batch_id text references ${s}.publication_batch(id) on delete cascade,
        seq integer,
        title text not null,
        parties text not null default '',
        procedure text,
        transaction_mode text,
        industries text[] not null default '{}',
        decided_on date,
        live_from date,
        live_until date,
        notice_state text check (notice_state in ('SCHEDULED','LIVE','CLOSED')),
        notice_form jsonb,
        full_text text,
        conditions text,
        condition_term text,
        variations jsonb not null default '[]',
        allow_anonymous boolean not null default true,
        published_by text,
        published_at timestamptz not null default now(),
        -- A withdrawn case is not listed by name: its notice is hidden, its comments kept.
        hidden_at timestamptz
      );
      create index publication_kind_date_idx on ${s}.publication (kind, decided_on desc);
      create index publication_batch_idx on ${s}.publication (batch_id, seq);
      create index publication_notice_idx on ${s}.publication (kind, notice_state, live_until);
      create unique index publication_case_kind_idx on ${s}.publication (case_id, kind) where case_id is not null;

      create table ${s}.comment (
        id text primary key,
        publication_id text not null references ${s}.publication(id) on delete cascade,
        case_id text references ${s}."case"(id) on delete cascade,
        anonymous boolean not null default false,
        name text,
        organisation text,
        contact text,
        text text not null,
        attachment_tenant_id text,
        attachment_id text,
        attachment_sha256 text check (attachment_sha256 is null or attachment_sha256 ~ '^[0-9a-f]{64}$'),
        triage text not null default 'NEW' check (triage in ('NEW','RELEVANT','NOT_RELEVANT','SPAM')),
        triage_note text,
        triaged_by text,
        triaged_at timestamptz,
        ip text,
        created_at timestamptz not null default now()
      );
      create index comment_triage_idx on ${s}.comment (triage, created_at);
      create index comment_case_idx on ${s}.comment (case_id, created_at);

      -- Append-only, hash-chained: each entry carries the previous entry's hash (see server/modules/filing/audit.ts).
      create table ${s}.audit_log (
        seq bigint primary key,
        at timestamptz not null,
        action text not null,
        actor_account_id text,
        actor_tenant_id text,
        case_id text,
        object_type text,
        object_id text,
        detail jsonb not null default '{}',
        prev_hash text not null,
        hash text not null
      );
      create index audit_log_case_idx on ${s}.audit_log (case_id, seq);
      create function ${s}.audit_log_refuse_change() returns trigger language plpgsql as $$
        begin raise exception 'filing.audit_log is append-only'; end $$;
      create trigger audit_log_append_only before update or delete on ${s}.audit_log
        for each row execute function ${s}.audit_log_refuse_change();
      create trigger audit_log_no_truncate before truncate on ${s}.audit_log
        for each statement execute function ${s}.audit_log_refuse_change();
    `,
  },
  {
    // The official 2025 and 2026 holidays and 调休 working weekends (holidays-cn.ts); later years are
    // added by an administrator through the calendar service.
    name: '006_filing_calendar_2025_2026',
    sql: (s) => `
      insert into ${s}.calendar_day (day, kind, name, source, created_by) values
      ${officialCalendarDays()
        .map(
          (d) => `(${literal(d.day)}, ${literal(d.kind)}, ${literal(d.name)}, ${literal(d.source)}, 'seed')`,
        )
        .join(',\n      ')}
      on conflict (day) do nothing;
    `,
  },
  {
    // Office items (办公事项, issue 12): 委托 (cases delegated to the provincial bureau), 转办 (cases
    // reassigned away from a handler, from the assignment history in filing.transition) and 撤回
    // (withdrawal requests a reviewer handled or decided); see service/worklists.ts.
    name: '019_filing_office_items',
    sql: (s) => `
      create index case_delegated_idx on ${s}."case" (delegated_region, state) where delegated_region is not null;
      create index transition_handler_before_idx on ${s}.transition ((detail->>'handlerBefore'), case_id)
        where action = 'reassign';
      create index transition_delegated_by_idx on ${s}.transition (actor_account_id, case_id)
        where action in ('assign','reassign') and detail->>'delegatedRegion' is not null;
      create index withdrawal_decided_by_idx on ${s}.withdrawal (decided_by, case_id) where decided_by is not null;
      create index membership_principal_idx on ${s}.membership (on_behalf_of_tenant_id, status, case_id)
        where role = 'AGENT';
    `,
  },
  {
    // 拟办意见 (issue 12): a delegated reviewer's proposed decision on a delegated simplified case, with
    // its reasoning and files, for the lead who delegated it; see service/proposals.ts.
    name: '020_filing_proposal',
    sql: (s) => `
      create table ${s}.proposal (
        id text primary key,
        case_id text not null references ${s}."case"(id) on delete cascade,
        action text not null,
        reason text not null,
        document_ids text[] not null default '{}',
        proposed_by text not null,
        proposed_at timestamptz not null,
        lead_account_id text,
        state text not null default 'PENDING'
          check (state in ('PENDING','ADOPTED','OVERRULED','REJECTED','SUPERSEDED','CLOSED')),
        decided_by text,
        decided_at timestamptz,
        decided_action text,
        decision_note text
      );
      create index proposal_case_idx on ${s}.proposal (case_id, proposed_at);
      create index proposal_pending_lead_idx on ${s}.proposal (lead_account_id, case_id) where state = 'PENDING';
    `,
  },
  {
    // 回执 (issue 24): what was submitted or served, each file's size and SHA-256 as stored, written in
    // the act's own transaction and never changed afterwards (like the audit log); service/receipts.ts.
    name: '022_filing_receipt',
    sql: (s) => `
      create table ${s}.receipt (
        id text primary key,
        case_id text not null references ${s}."case"(id),
        case_no text not null,
        case_title text not null,
        kind text not null check (kind in ('SUBMISSION','SERVICE')),
        act text not null,
        at timestamptz not null,
        actor_account_id text,
        actor_tenant_id text,
        item_count integer not null
      );
      create index receipt_case_idx on ${s}.receipt (case_id, at);
      create table ${s}.receipt_item (
        receipt_id text not null references ${s}.receipt(id),
        seq integer not null,
        document_id text not null,
        name text not null,
        file_name text,
        kind text not null,
        size bigint not null,
        sha256 text not null,
        file_tenant_id text not null,
        attachment_id text not null,
        confidential boolean not null,
        contributed_by_tenant_id text not null,
        primary key (receipt_id, seq)
      );
      create function ${s}.receipt_refuse_change() returns trigger language plpgsql as $$
        begin raise exception 'filing receipts are immutable'; end $$;
      create trigger receipt_immutable before update or delete on ${s}.receipt
        for each row execute function ${s}.receipt_refuse_change();
      create trigger receipt_no_truncate before truncate on ${s}.receipt
        for each statement execute function ${s}.receipt_refuse_change();
      create trigger receipt_item_immutable before update or delete on ${s}.receipt_item
        for each row execute function ${s}.receipt_refuse_change();
      create trigger receipt_item_no_truncate before truncate on ${s}.receipt_item
        for each statement execute function ${s}.receipt_refuse_change();
    `,
  },
];
