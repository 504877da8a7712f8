/** The server's password policy (user/passwordPolicy, public), for the hint and the check of a new password. */
import type { TFunction } from 'i18next';
import { useLoad } from '../../../renderers/environment/use-load.ts';
import { callApi } from '../../api/call.ts';
import type { PasswordPolicy } from '../../../schemas/validators/password.ts';

export function usePasswordPolicy(): PasswordPolicy | null {
  // Without it the server still checks; the form just cannot say the rules beforehand.
  const policy = useLoad('passwordPolicy', (signal) =>
    callApi('user.passwordPolicy', { silent: true, signal }),
  );
  return (policy.data as PasswordPolicy | undefined) ?? null;
}

/** "8 to 20 characters, with upper case letters and digits" from the policy. */
export function policyHint(policy: PasswordPolicy | null, t: TFunction): string {
  if (!policy) return '';
  const classes = (typeof policy.complexity === 'string' ? policy.complexity.split(',') : [])
    .map((code) => code.trim())
    .filter(Boolean)
    .map((code) => t(`register.charClass.${code}`));
  const length = t('register.policyLength', { min: policy.minLength ?? 1, max: policy.maxLength ?? 128 });
  return classes.length
    ? t('register.policyWithClasses', { length, classes: classes.join(t('register.listSeparator')) })
    : length;
}
