/** The server's password policy (user/passwordPolicy, public), for the hint and the check of a new password. */
import { useEffect, useState } from 'react';
import type { TFunction } from 'i18next';
import { callApi } from '../../api/call.ts';
import type { PasswordPolicy } from '../../../schemas/validators/password.ts';

export function usePasswordPolicy(): PasswordPolicy | null {
  const [policy, setPolicy] = useState<PasswordPolicy | null>(null);
  useEffect(() => {
    let live = true;
    callApi('user.passwordPolicy', { silent: true })
      .then((p) => live && setPolicy(p as PasswordPolicy))
      // Without it the server still checks; the form just cannot say the rules beforehand.
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return policy;
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
