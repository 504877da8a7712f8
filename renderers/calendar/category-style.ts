/** A category's colours from antd's palette (tag colour names: red, blue, gold…). */
import type { CSSProperties } from 'react';
import type { GlobalToken } from 'antd';
import type { CalendarCategory } from './calendar-types.ts';

type Token = GlobalToken;

/** The antd palette colour `name` at shade `n` (red1 … red10), or the fallback. */
function shade(token: Token, name: string | undefined, n: number, fallback: string): string {
  const value = name ? (token as unknown as Record<string, unknown>)[`${name}${n}`] : undefined;
  return typeof value === 'string' ? value : fallback;
}

export function categoryStyle(token: Token, category: CalendarCategory | undefined): CSSProperties {
  return {
    background: shade(token, category?.color ?? 'blue', 1, token.colorPrimaryBg),
    color: shade(token, category?.color ?? 'blue', 7, token.colorPrimary),
    borderColor: shade(token, category?.color ?? 'blue', 3, token.colorPrimaryBorder),
    fontWeight: token.fontWeightStrong,
  };
}
