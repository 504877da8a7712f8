/**
 * Length as the legacy back end measures it: the database columns were sized in UTF-8 bytes,
 * so every non-ASCII character (Chinese, full-width punctuation, emoji…) counts 3 and ASCII counts 1.
 * Iterates by code point so an emoji (a surrogate pair in UTF-16) counts 3, not 6.
 */
export const NON_ASCII_WEIGHT = 3;

export function cnLength(value: string): number {
  let length = 0;
  for (const char of value) {
    length += (char.codePointAt(0) ?? 0) <= 0x7f ? 1 : NON_ASCII_WEIGHT;
  }
  return length;
}

/** File names (without extension) are limited to this many units (spec §5, §9). */
export const FILE_NAME_MAX_UNITS = 235;
