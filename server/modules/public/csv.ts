/**
 * RFC 4180 CSV for the open data: fields with a comma, a quote, CR or LF are quoted and their quotes
 * doubled; lines end in CRLF. A text cell that starts like a spreadsheet formula (= + - @, tab, CR) gets a
 * leading apostrophe so a downloaded file cannot run a formula when opened (OWASP "CSV injection").
 */
export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function csvLine(values: CsvValue[]): string {
  return `${values.map(csvCell).join(',')}\r\n`;
}

/** The byte-order mark that makes spreadsheet programs read the file as UTF-8 (Chinese names). */
export const UTF8_BOM = '\uFEFF';
