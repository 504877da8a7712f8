/** The login form's rules (spec §5): a username, and a password of at least 5 characters. */

/** Spec §5 and §9: the login password has at least 5 characters. */
export const LOGIN_PASSWORD_MIN = 5;

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
