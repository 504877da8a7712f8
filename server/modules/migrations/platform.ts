/**
 * Migrations of the platform schema: what the regulator sees across tenants (tenants, accounts,
 * sessions, subsystems, menu resources). Append new entries; never edit an applied one.
 */
import type { Migration } from '../../db/migrate.ts';
import { platformTenantKindMigration } from '../filing/migrations.ts';
import { platformFileMigration, platformSigningKeyMigration } from '../../files/migrations.ts';
import { platformTenantLifeMigration, platformTenantQuotaMigration } from '../tenants/migrations.ts';
import { platformMenuFavoriteMigration } from '../resources/migrations.ts';
import { platformPasswordHistoryMigration } from '../user-security/migrations.ts';
import { platformMailOutboxMigration } from '../alerts/migrations.ts';
import { platformActingLogMigration } from '../../audit/migrations.ts';
import { platformScreenVersionMigration } from '../screen-config/migrations.ts';

export const platformMigrations: Migration[] = [
  {
    name: '001_core',
    sql: (s) => `
      create table ${s}.tenant (
        id text primary key,
        code text not null unique,
        name text not null,
        schema_name text not null unique,
        account text,
        email text,
        scale text,
        parent_id text references ${s}.tenant(id),
        approve_status text not null default 'WAIT' check (approve_status in ('WAIT','PASSED','REFUSED')),
        status text not null default 'ENABLED' check (status in ('ENABLED','DISABLED')),
        schema_status text not null default 'NONE' check (schema_status in ('NONE','CREATED','DROPPED')),
        created_at timestamptz not null default now()
      );
      create table ${s}.account (
        id text primary key,
        account text not null unique,
        password_hash text,
        fullname text not null,
        mobile text,
        email text,
        is_super boolean not null default false,
        status text not null default 'actived',
        password_changed_at timestamptz,
        created_at timestamptz not null default now()
      );
      create index account_mobile_idx on ${s}.account (mobile);
      create table ${s}.tenant_member (
        tenant_id text not null references ${s}.tenant(id) on delete cascade,
        account_id text not null references ${s}.account(id) on delete cascade,
        is_admin boolean not null default false,
        is_main boolean not null default false,
        primary key (tenant_id, account_id)
      );
      create index tenant_member_account_idx on ${s}.tenant_member (account_id);
      create table ${s}.session (
        id text primary key,
        account_id text not null references ${s}.account(id) on delete cascade,
        token_hash text not null unique,
        tenant_id text references ${s}.tenant(id) on delete set null,
        system_id text,
        client text,
        ip text,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        last_seen_at timestamptz not null default now(),
        revoked_at timestamptz,
        revoked_reason text
      );
      create index session_account_idx on ${s}.session (account_id);
      create table ${s}.subsystem (
        id text primary key,
        name text not null,
        alias text not null unique,
        logo text,
        logo_type text not null default 'svg' check (logo_type in ('svg','image')),
        is_default boolean not null default false,
        sn integer not null default 0,
        created_at timestamptz not null default now()
      );
      create table ${s}.resource (
        id text primary key,
        system_id text not null references ${s}.subsystem(id) on delete cascade,
        parent_id text not null default '0',
        alias text not null,
        name text not null,
        type text not null default 'menu' check (type in ('menu','button','link')),
        icon text,
        path text,
        screen text,
        open_type text not null default 'tab',
        default_url text,
        sn integer not null default 0,
        created_at timestamptz not null default now(),
        unique (system_id, alias)
      );
      create index resource_parent_idx on ${s}.resource (system_id, parent_id, sn);
    `,
  },
  {
    // Sign-in and session hardening: token families with rotated refresh tokens, user security settings,
    // brute-force counters, per-IP rate limits, captchas, SMS codes and outbox, our own OAuth clients and
    // codes, and the audit of acting as another user.
    name: '002_auth',
    sql: (s) => `
      create table ${s}.user_security (
        id text primary key,
        name text not null,
        complexity text not null default '1,3',
        min_length integer not null default 8 check (min_length between 1 and 128),
        max_length integer not null default 64 check (max_length between 1 and 128),
        valid_days integer not null default 0 check (valid_days >= 0),
        max_failures integer not null default 5 check (max_failures >= 0),
        single_session boolean not null default false,
        is_use text not null default 'Y' check (is_use in ('Y','N')),
        is_default text not null default 'N' check (is_default in ('Y','N')),
        description text,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      insert into ${s}.user_security (id, name, complexity, min_length, max_length, valid_days, max_failures, single_session, is_use, is_default, description)
        values ('default', '默认安全设置', '1,3', 8, 64, 0, 5, false, 'Y', 'Y', null);

      alter table ${s}.account add column security_id text references ${s}.user_security(id) on delete set null;
      alter table ${s}.account add column must_change_password boolean not null default false;

      create table ${s}.session_family (
        id text primary key,
        account_id text not null references ${s}.account(id) on delete cascade,
        acting_by text references ${s}.account(id) on delete cascade,
        origin_family_id text,
        grant_type text,
        client text,
        ip text,
        created_at timestamptz not null default now(),
        revoked_at timestamptz,
        revoked_reason text
      );
      create index session_family_account_idx on ${s}.session_family (account_id);
      alter table ${s}.session add column family_id text references ${s}.session_family(id) on delete cascade;
      create index session_family_idx on ${s}.session (family_id);

      create table ${s}.refresh_token (
        token_hash text primary key,
        family_id text not null references ${s}.session_family(id) on delete cascade,
        session_id text not null,
        account_id text not null references ${s}.account(id) on delete cascade,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz
      );
      create index refresh_token_family_idx on ${s}.refresh_token (family_id);

      create table ${s}.auth_failure (
        id bigint generated always as identity primary key,
        subject text not null,
        ip text,
        cleared boolean not null default false,
        created_at timestamptz not null default now()
      );
      create index auth_failure_subject_idx on ${s}.auth_failure (subject, created_at);

      create table ${s}.rate_limit (
        bucket text not null,
        key text not null,
        window_start timestamptz not null,
        count integer not null default 0,
        primary key (bucket, key, window_start)
      );

      create table ${s}.captcha (
        id text primary key,
        answer text not null,
        ip text,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz
      );

      create table ${s}.sms_code (
        id text primary key,
        mobile text not null,
        purpose text not null,
        code_hash text not null,
        account_id text,
        ip text,
        attempts integer not null default 0,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz
      );
      create index sms_code_mobile_idx on ${s}.sms_code (mobile, purpose, created_at);

      create table ${s}.sms_outbox (
        id text primary key,
        mobile text not null,
        purpose text not null,
        content text not null,
        created_at timestamptz not null default now()
      );
      create index sms_outbox_mobile_idx on ${s}.sms_outbox (mobile, created_at);

      create table ${s}.verification_grant (
        id text primary key,
        account_id text not null references ${s}.account(id) on delete cascade,
        purpose text not null,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz
      );
      create index verification_grant_account_idx on ${s}.verification_grant (account_id, purpose);

      create table ${s}.oauth_client (
        client_id text primary key,
        name text not null,
        secret_hash text,
        redirect_uri text,
        created_at timestamptz not null default now()
      );
      insert into ${s}.oauth_client (client_id, name) values ('merger-filing-web', '经营者集中申报系统');

      create table ${s}.auth_code (
        code_hash text primary key,
        client_id text not null references ${s}.oauth_client(client_id) on delete cascade,
        account_id text not null references ${s}.account(id) on delete cascade,
        tenant_id text,
        state text,
        created_at timestamptz not null default now(),
        expires_at timestamptz not null,
        used_at timestamptz
      );

      create table ${s}.acting_audit (
        id bigint generated always as identity primary key,
        event text not null check (event in ('switch','exit','operation')),
        actor_account_id text not null,
        actor_account text not null,
        target_account_id text not null,
        target_account text not null,
        reason text,
        operation_id text,
        method text,
        status integer,
        tenant_id text,
        family_id text,
        ip text,
        created_at timestamptz not null default now()
      );
      create index acting_audit_actor_idx on ${s}.acting_audit (actor_account_id, created_at);
      create index acting_audit_target_idx on ${s}.acting_audit (target_account_id, created_at);
    `,
  },
  {
    // The front-end error log uploaded from the shell's error-log dialog (log/upload). Entries are kept
    // per account (and tenant when there is one); token-like text is redacted before it is stored.
    name: '003_client_log',
    sql: (s) => `
      create table ${s}.client_log (
        id bigint generated always as identity primary key,
        account_id text not null references ${s}.account(id) on delete cascade,
        account text not null,
        tenant_id text,
        type text,
        message text not null,
        component text,
        url text,
        browser_session text,
        occurred_at text,
        ip text,
        created_at timestamptz not null default now()
      );
      create index client_log_account_idx on ${s}.client_log (account_id, created_at);
    `,
  },
  {
    // Permissions (issue 9): a menu resource carries the permissions of its page (type menu) or of its
    // button (type button); hidden entries only carry permissions. origin_digest remembers the built-in
    // definition (schemas/menus) last written, so a start updates only entries nobody has edited.
    // Acting as another user ends at acting_expires_at. The login and operation logs, kept per tenant.
    name: '005_perms_core',
    sql: (s) => `
      alter table ${s}.resource add column permissions text[] not null default '{}';
      alter table ${s}.resource add column hidden boolean not null default false;
      alter table ${s}.resource add column origin_digest text;

      alter table ${s}.session_family add column acting_expires_at timestamptz;

      create table ${s}.login_log (
        id bigint generated always as identity primary key,
        tenant_id text,
        account_id text,
        account text,
        event text not null,
        outcome text not null check (outcome in ('success','failure')),
        grant_type text,
        code integer,
        reason text,
        actor_account text,
        ip text,
        client text,
        created_at timestamptz not null default now()
      );
      create index login_log_tenant_idx on ${s}.login_log (tenant_id, created_at desc);
      create index login_log_created_idx on ${s}.login_log (created_at desc);

      create table ${s}.operation_log (
        id bigint generated always as identity primary key,
        tenant_id text,
        account_id text,
        account text,
        actor_account text,
        operation_id text not null,
        method text not null,
        outcome text not null check (outcome in ('success','failure')),
        code integer,
        target text,
        ip text,
        created_at timestamptz not null default now()
      );
      create index operation_log_tenant_idx on ${s}.operation_log (tenant_id, created_at desc);
      create index operation_log_created_idx on ${s}.operation_log (created_at desc);
    `,
  },
  platformTenantKindMigration,
  {
    // The bigrams of a text, for GIN indexes that serve substring search of two characters or more
    // (Chinese names are mostly two or three characters; pg_trgm needs three). list-query.ts 'search'.
    name: '010_perf_bigrams',
    sql: (s) => `
      create or replace function ${s}.bigrams(t text) returns text[]
        language sql immutable strict parallel safe
        as $$ select coalesce(array_agg(distinct substr(t, i, 2)), '{}')
                from generate_series(1, length(t) - 1) as i $$;
    `,
  },
  platformFileMigration,
  platformTenantLifeMigration,
  platformPasswordHistoryMigration,
  platformMenuFavoriteMigration,
  platformMailOutboxMigration,
  platformTenantQuotaMigration,
  platformSigningKeyMigration,
  platformActingLogMigration,
  platformScreenVersionMigration,
];
