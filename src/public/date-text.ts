/**
 * The filters' dates typed as text: a native date input shows its placeholder (mm/dd/yyyy …) in the
 * browser's language, not the page's, so the page takes text and reads it here. Accepted: 2024-01-31,
 * 2024/1/31, 2024.1.31, 2024年1月31日, 20240131, in full-width digits too; kept as yyyy-mm-dd.
 */

/** The same forms for the input's pattern attribute (compiled with the `v` flag, hence the escapes). */
export const DATE_PATTERN = '\\d{8}|\\d{4}[\\-\\/.年]\\d{1,2}[\\-\\/.月]\\d{1,2}日?';

const SEPARATED = /^(\d{4})[-/.年](\d{1,2})[-/.月](\d{1,2})日?$/;
const DIGITS = /^(\d{4})(\d{2})(\d{2})$/;

/** The text as yyyy-mm-dd, or undefined if it is not a real calendar date in one of those forms. */
export function parseDateText(text: string): string | undefined {
  // NFKC turns full-width digits and dashes (an IME's) into ASCII ones.
  const plain = text.normalize('NFKC').replace(/\s+/g, '');
  const match = SEPARATED.exec(plain) ?? DIGITS.exec(plain);
  if (!match) return undefined;
  const [year, month, day] = match.slice(1).map(Number);
  const date = new Date(Date.UTC(year, month - 1, day));
  // Date.UTC rolls 2024-02-30 over to March: a real date comes back unchanged.
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}
