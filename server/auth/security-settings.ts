/**
 * User security settings (platform.user_security): the password policy, the lock-out threshold and the
 * single-session rule. An account uses its own setting (account.security_id) while that setting is in use,
 * else the platform default (is_default = 'Y'), else the built-in default below.
 */
import type { Db } from '../db/database.ts';

export interface SecuritySetting {
  id: string;
  /** Comma list of required classes: 1 lower case, 2 upper case, 3 digit, 4 special character. */
  complexity: string;
  minLength: number;
  maxLength: number;
  /** Days a password stays valid; 0 = no expiry. */
  validDays: number;
  /** Consecutive failures before the growing lock-out starts; 0 = no lock-out (the hourly cap still applies). */
  maxFailures: number;
  /** A new login ends the account's other sessions (they answer 6020102). */
  singleSession: boolean;
}

/**
 * Built-in default (also the migration's 'default' row): lower case + digit, 8 to 64 characters.
 * Lower + digit keeps the rule simple to state while excluding all-letter and all-digit passwords; the
 * block list of common passwords catches 'password1'-style choices. 64 leaves room for pass phrases.
 */
export const BUILT_IN_SETTING: SecuritySetting = {
  id: 'default',
  complexity: '1,3',
  minLength: 8,
  maxLength: 64,
  validDays: 0,
  maxFailures: 5,
  singleSession: false,
};

type Row = {
  id: string;
  complexity: string;
  min_length: number;
  max_length: number;
  valid_days: number;
  max_failures: number;
  single_session: boolean;
};

const toSetting = (r: Row): SecuritySetting => ({
  id: r.id,
  complexity: r.complexity,
  minLength: r.min_length,
  maxLength: r.max_length,
  validDays: r.valid_days,
  maxFailures: r.max_failures,
  singleSession: r.single_session,
});

const COLUMNS = [
  'id',
  'complexity',
  'min_length',
  'max_length',
  'valid_days',
  'max_failures',
  'single_session',
] as const;

export async function defaultSetting(db: Db): Promise<SecuritySetting> {
  const row = await db
    .selectFrom('platform.user_security')
    .select(COLUMNS)
    .where('is_default', '=', 'Y')
    .where('is_use', '=', 'Y')
    .orderBy('updated_at', 'desc')
    .executeTakeFirst();
  return row ? toSetting(row) : BUILT_IN_SETTING;
}

/** The setting in force for an account (null: an unknown account gets the default). */
export async function settingFor(db: Db, accountId: string | null | undefined): Promise<SecuritySetting> {
  if (accountId) {
    const own = await db
      .selectFrom('platform.account as a')
      .innerJoin('platform.user_security as u', 'u.id', 'a.security_id')
      .select(COLUMNS.map((c) => `u.${c}` as const))
      .where('a.id', '=', accountId)
      .where('u.is_use', '=', 'Y')
      .executeTakeFirst();
    if (own) return toSetting(own);
  }
  return defaultSetting(db);
}

/** The public part: what the password policy call and the forms show. */
export function policyOf(s: SecuritySetting): { complexity: string; minLength: number; maxLength: number } {
  return { complexity: s.complexity, minLength: s.minLength, maxLength: s.maxLength };
}
