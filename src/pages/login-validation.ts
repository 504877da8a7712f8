/**
 * The sign-in forms' rules (spec §5, §9): a username; a password of at least 5 characters; a mobile
 * of 11 digits (1, then 3–9, then 9 digits) with its own messages for empty, length and format; an
 * SMS code of exactly 6 characters; a captcha of at most 5.
 */
import { MOBILE } from '../../schemas/validators/contact.ts';
import {
  CAPTCHA_MAX,
  LOGIN_PASSWORD_MIN,
  MOBILE_LENGTH,
  SMS_CODE_LENGTH,
} from '../../renderers/sms-code/field-limits.ts';
// The password form's rules have their own module: the login page loads them without the rest.
import { validateLogin, type FieldError, type LoginErrors } from './login-password-rules.ts';

// The limits come from the entities the server checks with (login-form, captcha).
export { CAPTCHA_MAX, LOGIN_PASSWORD_MIN, MOBILE_LENGTH, SMS_CODE_LENGTH };

export type { FieldError, LoginErrors };
export { validateLogin };

export interface SmsLoginErrors {
  mobile?: FieldError;
  validCode?: FieldError;
}

export function validateMobile(mobile: string): FieldError | undefined {
  const value = mobile.trim();
  if (!value) return { key: 'validation.mobileRequired' };
  if (value.length !== MOBILE_LENGTH) return { key: 'validation.mobileLength' };
  if (!MOBILE.test(value)) return { key: 'validation.mobile' };
  return undefined;
}

export function validateSmsCode(code: string): FieldError | undefined {
  const value = code.trim();
  if (!value) return { key: 'signin.codeRequired' };
  if (value.length !== SMS_CODE_LENGTH) return { key: 'validation.validCodeLength' };
  return undefined;
}

export function validateCaptcha(captcha: string): FieldError | undefined {
  const value = captcha.trim();
  if (!value) return { key: 'validation.captchaRequired' };
  if (value.length > CAPTCHA_MAX) return { key: 'signin.captchaMax', params: { max: CAPTCHA_MAX } };
  return undefined;
}

export function validateSmsLogin(mobile: string, code: string): SmsLoginErrors {
  const errors: SmsLoginErrors = {};
  const mobileError = validateMobile(mobile);
  if (mobileError) errors.mobile = mobileError;
  const codeError = validateSmsCode(code);
  if (codeError) errors.validCode = codeError;
  return errors;
}
