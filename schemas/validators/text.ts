/** Plain text rules: identifiers, whitespace, Y/N flags, capitalised names, multi-select counts. */

/** Key: a letter first, then letters, digits, underscore. */
export const KEY = /^[A-Za-z][A-Za-z0-9_]*$/;
/** The longest alias (spec §9 account rule). */
export const KEY_ALIAS_MAX = 40;
/** Alias (accounts, codes): a letter first, 2 to 40 characters in all (spec §9 account rule). */
export const KEY_ALIAS = new RegExp(`^[A-Za-z][A-Za-z0-9_]{1,${KEY_ALIAS_MAX - 1}}$`);

export function isKey(value: string): boolean {
  return KEY.test(value);
}

export function isKeyAlias(value: string): boolean {
  return KEY_ALIAS.test(value);
}

/** \s covers Unicode spaces too, including the full-width space that Chinese IMEs type. */
export function hasNoWhitespace(value: string): boolean {
  return !/\s/.test(value);
}

export function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export function isYesNo(value: string): boolean {
  return value === 'Y' || value === 'N';
}

/** Any script's upper-case letter counts, e.g. "Émile" as well as "Zhang". */
export function startsWithUpperCase(value: string): boolean {
  return /^\p{Lu}/u.test(value);
}

/** Number of selected items of a multi-select: an array, or a comma-separated string as the old forms stored it. */
export function selectedCount(value: unknown): number {
  if (Array.isArray(value)) return value.length;
  if (typeof value === 'string') return value.split(',').filter((item) => item.trim() !== '').length;
  return 0;
}
