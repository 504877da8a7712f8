/** Contact data: mobile and landline numbers, postal codes, e-mail addresses and web addresses. */

/** Mainland mobile: 11 digits, 1 then 3–9 (spec §5). */
export const MOBILE_DIGITS = 11;
export const MOBILE = new RegExp(`^1[3-9]\\d{${MOBILE_DIGITS - 2}}$`);

/** Landline: area code 0 + 2–3 digits, optional hyphen, 7–8 digits, optional "-extension". */
const LANDLINE = /^0\d{2,3}-?\d{7,8}(?:-\d{1,6})?$/;

export const ZIP = /^\d{6}$/;

/** Local part: starts and ends with a letter or digit; inside letters, digits, underscore, dot, hyphen. */
const EMAIL_LOCAL = '[A-Za-z0-9](?:[A-Za-z0-9_.-]{0,62}[A-Za-z0-9])?';
/** Host name with at least one dot; the top-level label is letters (or an IDN "xn--" label). */
const LABEL = '[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?';
const HOSTNAME_WITH_DOT = `(?:${LABEL}\\.)+(?:[A-Za-z]{2,63}|xn--[A-Za-z0-9-]{1,59})`;
const EMAIL = new RegExp(`^${EMAIL_LOCAL}@${HOSTNAME_WITH_DOT}$`);

const HOSTNAME = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);
const IPV4 = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)$/;

export function isMobile(value: string): boolean {
  return MOBILE.test(value);
}

export function isPhone(value: string): boolean {
  return LANDLINE.test(value) || MOBILE.test(value);
}

export function isZip(value: string): boolean {
  return ZIP.test(value);
}

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

/** http or https address with a real host; whitespace anywhere is rejected (URL() would silently encode it). */
export function isHttpUrl(value: string): boolean {
  if (!/^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  const host = url.hostname;
  return host.startsWith('[') || IPV4.test(host) || HOSTNAME.test(host);
}
