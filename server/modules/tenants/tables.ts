/** Columns added to platform.tenant by 014_admin_tenant_life and 021_quota_tenant_limits (declaration merging, as filing does). */
import type { ColumnType } from 'kysely';

type Nullable = ColumnType<string | null, string | null | undefined, string | null>;
type NullableInt = ColumnType<number | null, number | null | undefined, number | null>;

declare module '../../db/tables.ts' {
  interface TenantTable {
    credit_code: Nullable;
    contact_name: Nullable;
    mobile: Nullable;
    address: Nullable;
    refuse_reason: Nullable;
    admin_password_hash: Nullable;
    admin_account_id: Nullable;
    max_accounts: NullableInt;
    max_storage_mb: NullableInt;
  }
}
