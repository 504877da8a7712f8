/**
 * 统一社会信用代码 (GB 32100-2015): 18 characters from a 31-character alphabet without I, O, S, V, Z;
 * the last one is a check character over the first 17 (weights 3^i mod 31, check = 31 - sum mod 31).
 */

const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];
/** Registration authority (1st: 1–9, A, N, Y) and entity type (2nd: a digit 1–9) per the standard. */
const AUTHORITY = /^[1-9ANY][1-9]/;

export type UsccProblem = 'length' | 'character' | 'authority' | 'region' | 'checkDigit';

export function usccCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += ALPHABET.indexOf(first17[i]) * WEIGHTS[i];
  return ALPHABET[(31 - (sum % 31)) % 31];
}

/** Null when valid, else what is wrong (a translation key suffix under filing.uscc). */
export function usccProblem(code: string): UsccProblem | null {
  const value = code.trim().toUpperCase();
  if (value.length !== 18) return 'length';
  for (const ch of value) if (!ALPHABET.includes(ch)) return 'character';
  if (!AUTHORITY.test(value)) return 'authority';
  if (!/^\d{6}$/.test(value.slice(2, 8))) return 'region';
  if (usccCheckCharacter(value.slice(0, 17)) !== value[17]) return 'checkDigit';
  return null;
}

export function isValidUscc(code: string): boolean {
  return usccProblem(code) === null;
}

/** A full code from its first 17 characters (for generated demo data and tests). */
export function withCheckCharacter(first17: string): string {
  return first17 + usccCheckCharacter(first17);
}
