/**
 * Platform columns of the tenants' life (issue 11): the enterprise's 统一社会信用代码, its contact
 * person and mobile, the reason of a refusal, the administrator's password chosen at registration
 * (kept as an argon2 hash only until approval creates the account) and the id of that account.
 */
import type { Migration } from '../../db/migrate.ts';

export const platformTenantLifeMigration: Migration = {
  name: '014_admin_tenant_life',
  sql: (s) => `
    alter table ${s}.tenant add column credit_code text;
    alter table ${s}.tenant add column contact_name text;
    alter table ${s}.tenant add column mobile text;
    alter table ${s}.tenant add column address text;
    alter table ${s}.tenant add column refuse_reason text;
    alter table ${s}.tenant add column admin_password_hash text;
    alter table ${s}.tenant add column admin_account_id text;
    create unique index tenant_credit_code_uq on ${s}.tenant (credit_code) where credit_code is not null;
    create unique index tenant_name_uq on ${s}.tenant (name);
    create index tenant_mobile_idx on ${s}.tenant (mobile);
  `,
};

/** Per-tenant quotas (issue 11): member accounts and attachment storage; null keeps the default. */
export const platformTenantQuotaMigration: Migration = {
  name: '021_quota_tenant_limits',
  sql: (s) => `
    alter table ${s}.tenant add column max_accounts integer check (max_accounts > 0);
    alter table ${s}.tenant add column max_storage_mb integer check (max_storage_mb > 0);
  `,
};
