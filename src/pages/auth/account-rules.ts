/**
 * Checks of the registration and password-reset forms, the same rules as the server's schemas
 * (schemas/validators): account key-alias, name ≤ 64, optional e-mail, the server's password policy,
 * the repeated password.
 */
import { isEmail } from '../../../schemas/validators/contact.ts';
import { passwordPolicyViolations, type PasswordPolicy } from '../../../schemas/validators/password.ts';
import { isKeyAlias } from '../../../schemas/validators/text.ts';
import type { FieldError } from '../login-validation.ts';

export const NAME_MAX = 64;

export function validateAccount(account: string): FieldError | undefined {
  const value = account.trim();
  if (!value) return { key: 'validation.required' };
  if (!isKeyAlias(value)) return { key: 'validation.keyAlias' };
  return undefined;
}

export function validateName(name: string): FieldError | undefined {
  const value = name.trim();
  if (!value) return { key: 'validation.required' };
  if ([...value].length > NAME_MAX) return { key: 'validation.maxLength', params: { limit: NAME_MAX } };
  return undefined;
}

export function validateEmail(email: string): FieldError | undefined {
  const value = email.trim();
  return value && !isEmail(value) ? { key: 'validation.email' } : undefined;
}

export function validateRequired(value: string): FieldError | undefined {
  return value.trim() ? undefined : { key: 'validation.required' };
}

/** The first rule of the policy the password breaks (max length, min length, then complexity). */
export function validateNewPassword(password: string, policy: PasswordPolicy | null): FieldError | undefined {
  if (!password) return { key: 'validation.required' };
  const [first] = policy ? passwordPolicyViolations(password, policy) : [];
  if (!first) return undefined;
  return 'limit' in first
    ? { key: `validation.passwordPolicy.${first.rule}`, params: { limit: first.limit } }
    : { key: `validation.passwordPolicy.${first.rule}` };
}

export function validateRepeat(password: string, repeat: string): FieldError | undefined {
  if (!repeat) return { key: 'validation.required' };
  return password === repeat ? undefined : { key: 'validation.passwordMismatch' };
}
