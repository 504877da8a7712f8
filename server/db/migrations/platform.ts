/**
 * Migrations of the platform schema: what the regulator sees across tenants (tenants, accounts,
 * sessions, subsystems, menu resources). Append new entries; never edit an applied one.
 */
import type { Migration } from '../migrate.ts';

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
];
