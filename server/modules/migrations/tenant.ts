/**
 * The tenant-schema template: every tenant's own space holds its people and its documents.
 * Applied to each tenant schema at start and when a space is created. Append; never edit an applied one.
 */
import type { Migration } from '../../db/migrate.ts';
import { tenantFileMigration } from '../../files/migrations.ts';
import { tenantAlertSettingMigration } from '../alerts/migrations.ts';
import { tenantMessageWalkMigration } from '../messages/migrations.ts';
import { tenantDataTemplateMigration } from '../data-templates/migrations.ts';

export const tenantMigrations: Migration[] = [
  {
    name: '001_people',
    sql: (s) => `
      create table ${s}.org (
        id text primary key,
        parent_id text not null default '0',
        name text not null,
        code text not null unique,
        path text not null,
        sn integer not null default 0,
        grade text,
        created_at timestamptz not null default now()
      );
      create index org_parent_idx on ${s}.org (parent_id, sn);
      create table ${s}.employee (
        id text primary key,
        account_id text,
        account text not null unique,
        name text not null,
        status text not null default 'actived'
          check (status in ('actived','inactive','locked','disabled','expired','deleted')),
        gender text not null default 'male' check (gender in ('male','female')),
        email text,
        address text,
        mobile text,
        qq text,
        wc_account text,
        photo text,
        org_id text references ${s}.org(id) on delete set null,
        created_at timestamptz not null default now(),
        updated_at timestamptz not null default now()
      );
      create index employee_name_idx on ${s}.employee (name);
      create index employee_created_idx on ${s}.employee (created_at desc, id);
      create index employee_org_idx on ${s}.employee (org_id);
      create table ${s}.position (
        id text primary key,
        parent_id text not null default '0',
        org_id text references ${s}.org(id) on delete cascade,
        name text not null,
        code text not null unique,
        sn integer not null default 0,
        created_at timestamptz not null default now()
      );
      create table ${s}.employee_position (
        employee_id text not null references ${s}.employee(id) on delete cascade,
        position_id text not null references ${s}.position(id) on delete cascade,
        is_main boolean not null default false,
        is_principal boolean not null default false,
        primary key (employee_id, position_id)
      );
      create table ${s}.role (
        id text primary key,
        system_id text,
        name text not null,
        alias text not null unique,
        enabled boolean not null default true,
        created_at timestamptz not null default now()
      );
      create table ${s}.role_grant (
        role_id text not null references ${s}.role(id) on delete cascade,
        party_type text not null check (party_type in ('employee','org','position')),
        party_id text not null,
        primary key (role_id, party_type, party_id)
      );
      create table ${s}.role_resource (
        role_id text not null references ${s}.role(id) on delete cascade,
        resource_id text not null,
        primary key (role_id, resource_id)
      );
      create table ${s}.user_group (
        id text primary key,
        name text not null,
        alias text not null unique,
        created_at timestamptz not null default now()
      );
      create table ${s}.user_group_member (
        group_id text not null references ${s}.user_group(id) on delete cascade,
        employee_id text not null references ${s}.employee(id) on delete cascade,
        primary key (group_id, employee_id)
      );
      create table ${s}.attr_def (
        id text primary key,
        key text not null unique,
        name text not null,
        data_type text not null default 'STRING',
        options jsonb,
        is_multi boolean not null default false,
        party_type text not null default 'employee'
      );
      create table ${s}.attr_value (
        attr_id text not null references ${s}.attr_def(id) on delete cascade,
        party_id text not null,
        value text,
        primary key (attr_id, party_id)
      );
    `,
  },
  {
    name: '002_messages_files',
    sql: (s) => `
      create table ${s}.attachment (
        id text primary key,
        file_name text not null,
        ext text,
        total_bytes bigint not null default 0,
        type_id text,
        file_type text,
        note text,
        storage_key text not null,
        owner_id text,
        created_at timestamptz not null default now()
      );
      create table ${s}.message (
        id text primary key,
        subject text not null,
        owner_id text,
        owner_name text,
        message_type text not null default 'normal',
        is_public boolean not null default false,
        can_reply boolean not null default false,
        content text,
        created_at timestamptz not null default now()
      );
      create table ${s}.message_attachment (
        message_id text not null references ${s}.message(id) on delete cascade,
        attachment_id text not null references ${s}.attachment(id) on delete cascade,
        primary key (message_id, attachment_id)
      );
      create table ${s}.message_receiver (
        message_id text not null references ${s}.message(id) on delete cascade,
        receiver_id text not null,
        receiver_name text,
        read_at timestamptz,
        removed boolean not null default false,
        primary key (message_id, receiver_id)
      );
      create index message_receiver_idx on ${s}.message_receiver (receiver_id, read_at);
      create table ${s}.message_reply (
        id text primary key,
        message_id text not null references ${s}.message(id) on delete cascade,
        content text not null,
        replier_id text,
        replier_name text,
        created_at timestamptz not null default now()
      );
    `,
  },
  {
    // People links: id paths of organisations (names kept beside them), several organisations per
    // employee, organisation managers, superiors, the tenant-admin flag, post levels, nested groups.
    name: '003_people_links',
    sql: (s) => `
      alter table ${s}.org add column path_name text;
      alter table ${s}.org add column description text;
      with recursive t as (
        select o.id, o.id::text as p, o.name::text as pn
          from ${s}.org o
         where o.parent_id = '0' or not exists (select 1 from ${s}.org x where x.id = o.parent_id)
        union all
        select o.id, t.p || '.' || o.id, t.pn || '/' || o.name
          from ${s}.org o join t on o.parent_id = t.id
      )
      update ${s}.org o set path = t.p, path_name = t.pn from t where t.id = o.id;
      create index org_path_idx on ${s}.org (path text_pattern_ops);

      alter table ${s}.employee add column is_admin boolean not null default false;
      update ${s}.employee e
         set account_id = coalesce(e.account_id, a.id), is_admin = m.is_admin
        from platform.account a
        join platform.tenant_member m on m.account_id = a.id
        join platform.tenant t on t.id = m.tenant_id
       where t.schema_name = '${s.replace(/"/g, '')}'
         and lower(a.account) = lower(e.account)
         and (e.account_id is null or e.account_id = a.id);

      create table ${s}.employee_org (
        employee_id text not null references ${s}.employee(id) on delete cascade,
        org_id text not null references ${s}.org(id) on delete cascade,
        is_main boolean not null default false,
        primary key (employee_id, org_id)
      );
      create index employee_org_org_idx on ${s}.employee_org (org_id);
      create unique index employee_org_main_idx on ${s}.employee_org (employee_id) where is_main;
      insert into ${s}.employee_org (employee_id, org_id, is_main)
        select id, org_id, true from ${s}.employee where org_id is not null;

      create table ${s}.org_manager (
        org_id text not null references ${s}.org(id) on delete cascade,
        employee_id text not null references ${s}.employee(id) on delete cascade,
        primary key (org_id, employee_id)
      );
      create index org_manager_employee_idx on ${s}.org_manager (employee_id);

      create table ${s}.employee_superior (
        employee_id text not null references ${s}.employee(id) on delete cascade,
        superior_id text not null references ${s}.employee(id) on delete cascade,
        primary key (employee_id, superior_id),
        check (employee_id <> superior_id)
      );
      create index employee_superior_superior_idx on ${s}.employee_superior (superior_id);

      alter table ${s}.position add column level_id text;
      alter table ${s}.position add column description text;
      create index position_parent_idx on ${s}.position (parent_id, sn);
      create index position_org_idx on ${s}.position (org_id);
      create index employee_position_position_idx on ${s}.employee_position (position_id);
      create unique index employee_position_main_idx on ${s}.employee_position (employee_id) where is_main;

      alter table ${s}.role add column description text;
      create index role_grant_party_idx on ${s}.role_grant (party_type, party_id);

      alter table ${s}.user_group add column parent_id text not null default '0';
      alter table ${s}.user_group add column sn integer not null default 0;
      alter table ${s}.user_group add column description text;
      create index user_group_parent_idx on ${s}.user_group (parent_id, sn);
      create index user_group_member_employee_idx on ${s}.user_group_member (employee_id);

      alter table ${s}.attr_def add column sn integer not null default 0;
      create index attr_value_party_idx on ${s}.attr_value (party_id);

      create table ${s}.level (
        id text primary key,
        name text not null,
        level integer not null default 0,
        type text not null check (type in ('org','position'))
      );
    `,
  },
  {
    // Employee search: names by substring (bigram GIN index, list-query.ts 'search'), accounts, mobiles
    // and e-mails by case-insensitive prefix (lower(col) text_pattern_ops serves lower(col) LIKE 'v%').
    // fastupdate off: no pending list that every search scans until a vacuum (PGlite has no autovacuum).
    name: '010_perf_employee_search',
    sql: (s) => `
      create index employee_name_bigrams_idx on ${s}.employee using gin (platform.bigrams(lower(name)))
        with (fastupdate = off);
      create index employee_account_prefix_idx on ${s}.employee (lower(account) text_pattern_ops);
      create index employee_mobile_prefix_idx on ${s}.employee (lower(mobile) text_pattern_ops);
      create index employee_email_prefix_idx on ${s}.employee (lower(email) text_pattern_ops);
    `,
  },
  {
    // Message fan-out: a message names its receivers as targets (a user, an organisation with its
    // sub-organisations, a position, a user group with its sub-groups, or everyone in the tenant), so a
    // message to 100,000 people is one message row and one target row. message_receiver becomes the
    // per-receiver state, written only when someone reads or removes (old rows still make receivers).
    name: '013_msg_fanout',
    sql: (s) => `
      create table ${s}.message_target (
        message_id text not null references ${s}.message(id) on delete cascade,
        target_key text not null,
        target_name text,
        primary key (message_id, target_key)
      );
      create index message_target_key_idx on ${s}.message_target (target_key, message_id);
      insert into ${s}.message_target (message_id, target_key, target_name)
        select message_id, 'user:' || receiver_id, receiver_name from ${s}.message_receiver;
      alter table ${s}.message add column owner_removed boolean not null default false;
      create index message_created_idx on ${s}.message (created_at desc, id);
      create index message_owner_idx on ${s}.message (owner_id, created_at desc, id);
      create index message_reply_message_idx on ${s}.message_reply (message_id, created_at);
    `,
  },
  tenantFileMigration,
  {
    // The permission check finds the session's employee by account on every call: without an index
    // that is a scan of the employee table (4–5 s a call in a tenant of 100,000 employees).
    name: '015_perf_employee_account',
    sql: (s) => `create index employee_account_id_idx on ${s}.employee (account_id);`,
  },
  tenantAlertSettingMigration,
  tenantMessageWalkMigration,
  {
    // A two-character name search (most Chinese names are two or three characters) as one index range:
    // each employee's name bigrams with the list's default sort key, so the first page is read in order
    // and the total is counted from the index (employees/name-search.ts), instead of fetching and sorting
    // every match the GIN index finds. Statement triggers with transition tables keep it in step, so a
    // bulk insert fills it in one statement, in index order: a bigram's rows then share a few heap pages,
    // and counting them stays cheap where the visibility map is not set yet (no autovacuum in PGlite).
    // Back-filled before its indexes are built (faster).
    name: '018_perf_employee_name_bigram',
    sql: (s) => `
      create table ${s}.employee_name_bigram (
        bigram text not null,
        created_at timestamptz not null,
        employee_id text not null
      );
      insert into ${s}.employee_name_bigram (bigram, created_at, employee_id)
        select b, e.created_at, e.id from ${s}.employee e cross join unnest(platform.bigrams(lower(e.name))) b
         order by 1, 2 desc, 3;
      create index employee_name_bigram_idx on ${s}.employee_name_bigram (bigram, created_at desc, employee_id);
      create index employee_name_bigram_employee_idx on ${s}.employee_name_bigram (employee_id);
      analyze ${s}.employee_name_bigram;

      create function ${s}.employee_name_bigram_insert() returns trigger language plpgsql as $$
        begin
          insert into ${s}.employee_name_bigram (bigram, created_at, employee_id)
            select b, n.created_at, n.id from new_rows n cross join unnest(platform.bigrams(lower(n.name))) b
             order by 1, 2 desc, 3;
          return null;
        end $$;
      -- Only rows whose id, name or creation time changed (a status change touches nothing here).
      -- EXECUTE plans each time for the transition tables' real sizes: a cached plan made for one
      -- row would join a bulk update's million rows by nested loops.
      create function ${s}.employee_name_bigram_update() returns trigger language plpgsql as $$
        begin
          execute 'delete from ${s}.employee_name_bigram
            where employee_id in (
              select o.id from old_rows o
               where not exists (select 1 from new_rows n
                                  where n.id = o.id and n.name = o.name and n.created_at = o.created_at))';
          execute 'insert into ${s}.employee_name_bigram (bigram, created_at, employee_id)
            select b, n.created_at, n.id
              from new_rows n cross join unnest(platform.bigrams(lower(n.name))) b
             where not exists (select 1 from old_rows o
                                where o.id = n.id and o.name = n.name and o.created_at = n.created_at)
             order by 1, 2 desc, 3';
          return null;
        end $$;
      create function ${s}.employee_name_bigram_delete() returns trigger language plpgsql as $$
        begin
          execute 'delete from ${s}.employee_name_bigram where employee_id in (select id from old_rows)';
          return null;
        end $$;
      create function ${s}.employee_name_bigram_truncate() returns trigger language plpgsql as $$
        begin
          truncate ${s}.employee_name_bigram;
          return null;
        end $$;
      create trigger employee_name_bigram_insert after insert on ${s}.employee
        referencing new table as new_rows
        for each statement execute function ${s}.employee_name_bigram_insert();
      create trigger employee_name_bigram_update after update on ${s}.employee
        referencing old table as old_rows new table as new_rows
        for each statement execute function ${s}.employee_name_bigram_update();
      create trigger employee_name_bigram_delete after delete on ${s}.employee
        referencing old table as old_rows
        for each statement execute function ${s}.employee_name_bigram_delete();
      create trigger employee_name_bigram_truncate after truncate on ${s}.employee
        for each statement execute function ${s}.employee_name_bigram_truncate();
    `,
  },
  tenantDataTemplateMigration,
];
