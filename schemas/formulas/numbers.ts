/**
 * Rounding on the decimal digits a number is written with, not on its binary value: ROUND(2.675, 2)
 * is 2.68, as a person (and a spreadsheet) expects, though 2.675 is stored as 2.67499999….
 */
export type Rounding = 'half' | 'up' | 'down';

/** x × 10^n, by moving the decimal point in x's text (no binary multiplication error). */
function shift(x: number, n: number): number {
  const [mantissa, exponent = '0'] = String(x).split('e');
  return Number(`${mantissa}e${Number(exponent) + n}`);
}

/** x at `digits` decimals (negative: tens, hundreds…): half away from zero, away from zero, toward zero. */
export function roundTo(x: number, digits: number, mode: Rounding): number {
  const n = Math.max(-300, Math.min(300, Math.trunc(digits)));
  const scaled = shift(Math.abs(x), n);
  const whole = mode === 'half' ? Math.round(scaled) : mode === 'up' ? Math.ceil(scaled) : Math.floor(scaled);
  const result = Math.sign(x) * shift(whole, -n);
  return result === 0 ? 0 : result;
}
