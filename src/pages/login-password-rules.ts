/**
 * The password sign-in form's rules (spec §5, §9): a username, and a password of at least 5
 * characters (the limit of the login-form entity the server checks with). Apart from the SMS and
 * captcha rules (login-validation.ts), which load with their forms, not with the login page.
 */
import { LOGIN_PASSWORD_MIN } from '../../renderers/sms-code/field-limits.ts';

export interface FieldError {
  key: string;
  params?: Record<string, unknown>;
}

export interface LoginErrors {
  username?: FieldError;
  password?: FieldError;
}

export function validateLogin(username: string, password: string): LoginErrors {
  const errors: LoginErrors = {};
  if (!username.trim()) errors.username = { key: 'login.usernameRequired' };
  if (!password) errors.password = { key: 'login.passwordRequired' };
  else if (password.length < LOGIN_PASSWORD_MIN)
    errors.password = { key: 'login.passwordMin', params: { min: LOGIN_PASSWORD_MIN } };
  return errors;
}
