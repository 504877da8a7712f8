/** Numbers typed into text inputs, 32-bit integer bounds and decimal places. */

export const INT32_MIN = -2147483648;
export const INT32_MAX = 2147483647;

const INTEGER_STRING = /^[+-]?\d+$/;
const FLOAT_STRING = /^[+-]?(?:\d+(?:\.\d+)?|\.\d+)$/;
const NUMERIC = /^[+-]?(?:\d+(?:\.(\d*))?|\.(\d+))(?:[eE]([+-]?\d+))?$/;

export function isIntegerString(value: string): boolean {
  return INTEGER_STRING.test(value);
}

export function isFloatString(value: string): boolean {
  return FLOAT_STRING.test(value);
}

/** Integer within the signed 32-bit range (the database column type); numbers or integer strings. */
export function isInt32(value: number | string): boolean {
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (!INTEGER_STRING.test(trimmed)) return false;
    // BigInt keeps precision for long digit strings that Number would round into range.
    const big = BigInt(trimmed.replace(/^\+/, ''));
    return big >= BigInt(INT32_MIN) && big <= BigInt(INT32_MAX);
  }
  return Number.isInteger(value) && value >= INT32_MIN && value <= INT32_MAX;
}

/**
 * Digits after the decimal point; undefined when the value is not numeric.
 * Numbers go through their shortest string form, so 0.1 + 0.2 reports 17 places, as the user would see it;
 * exponent notation (1.5e-7) is taken into account.
 */
export function decimalPlacesOf(value: number | string): number | undefined {
  if (typeof value === 'number' && !Number.isFinite(value)) return undefined;
  const text = String(value).trim();
  const match = NUMERIC.exec(text);
  if (!match) return undefined;
  const fraction = (match[1] ?? match[2] ?? '').length;
  const exponent = match[3] ? Number(match[3]) : 0;
  return Math.max(0, fraction - exponent);
}
