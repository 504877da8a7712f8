/**
 * 统一社会信用代码 (GB 32100-2015) for forms and the API alike: 18 characters of a 31-character
 * alphabet (no I, O, S, V, Z), a registration authority and entity type, a six-digit region, and a
 * check character over the first 17 (weights 3^i mod 31). The server's filing rules use the same
 * algorithm (server/modules/filing/uscc.ts), which also names what is wrong.
 */
const ALPHABET = '0123456789ABCDEFGHJKLMNPQRTUWXY';
const WEIGHTS = [1, 3, 9, 27, 19, 26, 16, 17, 20, 29, 25, 13, 8, 24, 10, 30, 28];

export function isUscc(value: string): boolean {
  const code = value.trim().toUpperCase();
  if (!/^[1-9ANY][1-9]\d{6}[0-9A-HJ-NP-RTUW-Y]{10}$/.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 17; i++) sum += ALPHABET.indexOf(code[i]) * WEIGHTS[i];
  return ALPHABET[(31 - (sum % 31)) % 31] === code[17];
}
