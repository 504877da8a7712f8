/** Account lookups and password writes shared by the sign-in, password and registration calls. */
import { sql } from 'kysely';
import type { Db } from '../db/database.ts';
import { hashPassword } from './passwords.ts';
import { rememberOutgoingPassword } from './password-history.ts';

const COLUMNS = [
  'id',
  'account',
  'fullname',
  'mobile',
  'email',
  'password_hash',
  'status',
  'is_super',
  'must_change_password',
  'password_changed_at',
] as const;

export type AccountRow = {
  id: string;
  account: string;
  fullname: string;
  mobile: string | null;
  email: string | null;
  password_hash: string | null;
  status: string;
  is_super: boolean;
  must_change_password: boolean;
  password_changed_at: Date | string | null;
};

export async function accountByName(db: Db, name: string): Promise<AccountRow | undefined> {
  return db.selectFrom('platform.account').select(COLUMNS).where('account', '=', name).executeTakeFirst();
}

export async function accountById(db: Db, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('platform.account').select(COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** Accounts bound to a mobile (normally one; the caller decides what two mean). */
export async function accountsByMobile(
  db: Db,
  mobile: string,
  opts: { activeOnly?: boolean } = {},
): Promise<AccountRow[]> {
  let q = db.selectFrom('platform.account').select(COLUMNS).where('mobile', '=', mobile);
  if (opts.activeOnly !== false) q = q.where('status', '=', 'actived');
  return q.orderBy('created_at').limit(5).execute();
}

/** Account names are unique without regard to case, so 'Admin' cannot pose as 'admin'. */
export async function accountNameTaken(db: Db, name: string): Promise<boolean> {
  const row = await db
    .selectFrom('platform.account')
    .select('id')
    .where(sql<string>`lower(account)`, '=', name.toLowerCase())
    .executeTakeFirst();
  return Boolean(row);
}

export async function mobileTaken(db: Db, mobile: string, exceptAccountId?: string): Promise<boolean> {
  let q = db.selectFrom('platform.account').select('id').where('mobile', '=', mobile);
  if (exceptAccountId) q = q.where('id', '<>', exceptAccountId);
  return Boolean(await q.executeTakeFirst());
}

export async function membership(
  db: Db,
  accountId: string,
  tenantId: string,
): Promise<{ is_admin: boolean; is_main: boolean } | undefined> {
  return db
    .selectFrom('platform.tenant_member')
    .select(['is_admin', 'is_main'])
    .where('account_id', '=', accountId)
    .where('tenant_id', '=', tenantId)
    .executeTakeFirst();
}

/** Stores a new password (argon2id) and whether the user must change it at the next sign-in. */
export async function setPassword(
  db: Db,
  accountId: string,
  password: string,
  mustChange: boolean,
): Promise<void> {
  // The outgoing password joins the history the no-reuse rule reads (password-history.ts).
  await rememberOutgoingPassword(db, accountId);
  await db
    .updateTable('platform.account')
    .set({
      password_hash: await hashPassword(password),
      password_changed_at: new Date(),
      must_change_password: mustChange,
    })
    .where('id', '=', accountId)
    .execute();
}

/** PostgreSQL unique violation (both drivers expose the SQLSTATE as `code`). */
export function isUniqueViolation(err: unknown): boolean {
  return typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';
}
