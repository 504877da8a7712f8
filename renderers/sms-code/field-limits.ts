/**
 * The limits of the sign-in and SMS fields, read from the entities the server validates with
 * (schemas/entities/login-form.yaml, captcha.yaml), so a form cannot drift from the server's rules.
 * Converted to data at build time (tools/vite-yaml-plugin.ts): no YAML parser in the browser.
 */
import captcha from '../../schemas/entities/captcha.yaml';
import loginForm from '../../schemas/entities/login-form.yaml';

type Limit = 'minLength' | 'maxLength';

function limit(entity: Record<string, unknown>, field: string, which: Limit): number {
  const properties = entity.properties as Record<string, Record<string, unknown>> | undefined;
  const value = properties?.[field]?.[which];
  if (typeof value !== 'number') throw new Error(`${String(entity.$id)}.${field} has no ${which}`);
  return value;
}

/** A mainland mobile: exactly this many digits. */
export const MOBILE_LENGTH = limit(loginForm, 'mobile', 'maxLength');
/** An SMS code: exactly this many characters. */
export const SMS_CODE_LENGTH = limit(loginForm, 'validCode', 'maxLength');
/** The login password: at least this many characters (spec §5, §9). */
export const LOGIN_PASSWORD_MIN = limit(loginForm, 'passWd', 'minLength');
/** An image captcha answer: at most this many characters. */
export const CAPTCHA_MAX = limit(captcha, 'captcha', 'maxLength');
