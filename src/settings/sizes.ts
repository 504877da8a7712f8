/**
 * Component sizes of the settings drawer (spec §2 'Settings drawer', §9): default, medium, small,
 * mini. antd has three sizes, so each of ours sets the control height and font size directly.
 */
export const SIZES = ['default', 'medium', 'small', 'mini'] as const;
export type ShellSize = (typeof SIZES)[number];

/** The spec reads "default" as the first option in one place and "small" in another: the first wins. */
export const DEFAULT_SIZE: ShellSize = 'default';

export interface SizeTokens {
  componentSize: 'large' | 'middle' | 'small';
  controlHeight: number;
  fontSize: number;
}

export const SIZE_TOKENS: Record<ShellSize, SizeTokens> = {
  default: { componentSize: 'middle', controlHeight: 36, fontSize: 14 },
  medium: { componentSize: 'middle', controlHeight: 32, fontSize: 14 },
  small: { componentSize: 'middle', controlHeight: 28, fontSize: 13 },
  mini: { componentSize: 'small', controlHeight: 28, fontSize: 12 },
};

export function isShellSize(value: unknown): value is ShellSize {
  return typeof value === 'string' && (SIZES as readonly string[]).includes(value);
}
