/** Tenant rows as the API shows them, and the look-ups every tenant operation starts with. */
import { sql, type Selectable } from 'kysely';
import type { Db } from '../../db/database.ts';
import type { TenantTable } from '../../db/tables.ts';
import type { TenantKind } from '../filing/tables.ts';
import { Code } from '../../http/codes.ts';
import { ApiError } from '../../http/envelope.ts';
import { formatDateTime, idList } from '../people/common.ts';
import './tables.ts';

/**
 * The enum columns keep the table's types (kind: filing's migration 006 and its augmentation of
 * TenantTable; the statuses), which the database's check constraints hold, so they are the catalogue's enums.
 */
type Stored = Selectable<TenantTable>;

export interface TenantRow {
  id: string;
  kind: TenantKind;
  creditCode: string | null;
  contactName: string | null;
  mobile: string | null;
  address: string | null;
  refuseReason: string | null;
  name: string;
  code: string;
  account: string | null;
  email: string | null;
  scale: string | null;
  parentId: string | null;
  parentName: string | null;
  approveStatus: Stored['approve_status'];
  status: Stored['status'];
  schemaStatus: Stored['schema_status'];
  createTime: Date | string;
  maxAccounts: number | null;
  maxStorageMb: number | null;
  memberCount?: number;
  storageBytes?: number | string;
}

export const tenants = (db: Db) =>
  db.selectFrom('platform.tenant as t').leftJoin('platform.tenant as p', 'p.id', 't.parent_id');

export const COLUMNS = [
  't.id',
  't.kind',
  't.credit_code as creditCode',
  't.contact_name as contactName',
  't.mobile',
  't.address',
  't.refuse_reason as refuseReason',
  't.name',
  't.code',
  't.account',
  't.email',
  't.scale',
  't.parent_id as parentId',
  'p.name as parentName',
  't.approve_status as approveStatus',
  't.status',
  't.schema_status as schemaStatus',
  't.created_at as createTime',
  't.max_accounts as maxAccounts',
  't.max_storage_mb as maxStorageMb',
] as const;

/** What the tenant uses of its quotas: member accounts and attachment bytes. */
export const USAGE = [
  sql<number>`(select count(*)::int from platform.tenant_member m where m.tenant_id = t.id)`.as(
    'memberCount',
  ),
  sql<string>`(select coalesce(sum(f.size), 0)::text from platform.file_ref f where f.tenant_id = t.id)`.as(
    'storageBytes',
  ),
];

/** The entity shape: no nulls where the schema wants a string, times as the spec shows them. */
export function asTenant(row: TenantRow) {
  return {
    id: row.id,
    name: row.name,
    code: row.code,
    kind: row.kind,
    creditCode: row.creditCode,
    contactName: row.contactName,
    mobile: row.mobile,
    address: row.address,
    refuseReason: row.refuseReason,
    account: row.account ?? '',
    email: row.email ?? '',
    ...(row.scale ? { scale: row.scale } : {}),
    parentId: row.parentId,
    parentName: row.parentName,
    approveStatus: row.approveStatus,
    status: row.status,
    schemaStatus: row.schemaStatus,
    createTime: formatDateTime(row.createTime),
    maxAccounts: row.maxAccounts,
    maxStorageMb: row.maxStorageMb,
    // Only where the query asked for the usage (the list and one tenant), never as a made-up 0.
    ...(row.memberCount === undefined
      ? {}
      : { memberCount: Number(row.memberCount), storageBytes: Number(row.storageBytes) }),
  };
}

export async function tenantsByIds(db: Db, ids: string[]): Promise<TenantRow[]> {
  const rows = (await tenants(db)
    .select(COLUMNS)
    .select(USAGE)
    .where('t.id', 'in', ids)
    .execute()) as TenantRow[];
  const missing = ids.find((id) => !rows.some((r) => r.id === id));
  if (missing !== undefined) throw new ApiError(Code.NOT_FOUND, 'tenant.error.notFound', { id: missing });
  // In the order asked, so the first offender named is the first one given.
  return ids.map((id) => rows.find((r) => r.id === id)!);
}

export async function oneTenant(db: Db, id: unknown): Promise<TenantRow> {
  return (await tenantsByIds(db, idList(id, 'id').slice(0, 1)))[0];
}

export const refuse = (key: string, tenant: TenantRow) =>
  new ApiError(Code.ILLEGAL_REQUEST, `tenant.error.${key}`, { name: tenant.name, id: tenant.id });
