/**
 * Every password the server sets (change, reset, registration, restore default) passes here: the user
 * security policy (schemas/validators password rules, the same the forms use), a block list of the most
 * common passwords, and no account name or mobile number inside.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { passwordPolicyViolations } from '../../schemas/validators.ts';
import { Code } from '../http/codes.ts';
import { ApiError } from '../http/envelope.ts';
import { translate, type Language } from '../http/i18n.ts';
import type { SecuritySetting } from './security-settings.ts';

const COMMON = new Set(
  readFileSync(join(import.meta.dirname, 'common-passwords.txt'), 'utf8')
    .split('\n')
    .map((l) => l.trim().toLowerCase())
    .filter((l) => l && !l.startsWith('#')),
);

/** True for a password on the block list, also with trailing punctuation added ('Password1!'). */
export function isCommonPassword(password: string): boolean {
  const p = password.trim().toLowerCase();
  return COMMON.has(p) || COMMON.has(p.replace(/[^a-z0-9]+$/, ''));
}

export interface PasswordProblem {
  key: string;
  params?: Record<string, unknown>;
}

export function passwordProblems(
  password: string,
  setting: Pick<SecuritySetting, 'complexity' | 'minLength' | 'maxLength'>,
  who: { account?: string | null; mobile?: string | null } = {},
): PasswordProblem[] {
  const problems: PasswordProblem[] = passwordPolicyViolations(password, setting).map((v) => ({
    key: `validation.passwordPolicy.${v.rule}`,
    params: 'limit' in v ? { limit: v.limit } : {},
  }));
  if (isCommonPassword(password)) problems.push({ key: 'auth.password.common' });
  const lower = password.toLowerCase();
  const account = who.account?.toLowerCase();
  if (
    (account && account.length >= 3 && lower.includes(account)) ||
    (who.mobile && password.includes(who.mobile))
  ) {
    problems.push({ key: 'auth.password.personal' });
  }
  return problems;
}

/** Throws 6010101 with every broken rule, translated, in the message and as field errors in the cause. */
export function assertPasswordAllowed(
  password: string,
  setting: Pick<SecuritySetting, 'complexity' | 'minLength' | 'maxLength'>,
  who: { account?: string | null; mobile?: string | null },
  lang: Language,
  field = 'newPassword',
): void {
  const problems = passwordProblems(password, setting, who);
  if (problems.length === 0) return;
  const messages = problems.map((p) => translate(lang, p.key, p.params));
  throw new ApiError(
    Code.ILLEGAL_REQUEST,
    'auth.password.rejected',
    { details: messages.join(lang === 'en' ? '; ' : '；') },
    messages.map((message) => ({ field, message })),
  );
}
