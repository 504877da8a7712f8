/** Rows to views: snake_case columns become camelCase keys, numeric strings become numbers. */

const NUMERIC = new Set([
  'deal_value',
  'worldwide',
  'china',
  'rate_to_cny',
  'worldwide_band_low',
  'worldwide_band_high',
  'china_band_low',
  'china_band_high',
  'share',
  'band_low',
  'band_high',
  'size',
]);

const camelKey = (k: string) => k.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

export function view<T extends Record<string, unknown>>(row: T): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    out[camelKey(k)] =
      NUMERIC.has(k) && v !== null && v !== undefined ? Number(v) : v instanceof Date ? v.toISOString() : v;
  }
  return out;
}

export const views = <T extends Record<string, unknown>>(rows: T[]) => rows.map(view);
