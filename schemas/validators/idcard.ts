/**
 * PRC resident identity card numbers (GB 11643-1999):
 * 18 characters = 6-digit area code + yyyyMMdd birth date + 3-digit sequence + ISO 7064 MOD 11-2 check character;
 * the legacy 15-digit form = area code + yyMMdd (19yy) + sequence, without a check character.
 */
import { isValidYmd } from './dates.ts';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK_CHARACTERS = '10X98765432';

const ID18 = /^[1-9]\d{5}(\d{4})(\d{2})(\d{2})\d{3}[\dXx]$/;
const ID15 = /^[1-9]\d{5}(\d{2})(\d{2})(\d{2})\d{3}$/;

/** The check character for the first 17 digits. */
export function idCardCheckCharacter(first17: string): string {
  let sum = 0;
  for (let i = 0; i < 17; i += 1) sum += Number(first17[i]) * WEIGHTS[i];
  return CHECK_CHARACTERS[sum % 11];
}

export function isIdCard(value: string): boolean {
  const long = ID18.exec(value);
  if (long) {
    const year = Number(long[1]);
    return (
      year >= 1800 &&
      isValidYmd(year, Number(long[2]), Number(long[3])) &&
      idCardCheckCharacter(value).toUpperCase() === value[17].toUpperCase()
    );
  }
  const legacy = ID15.exec(value);
  return legacy !== null && isValidYmd(1900 + Number(legacy[1]), Number(legacy[2]), Number(legacy[3]));
}
