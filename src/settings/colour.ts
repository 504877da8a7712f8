/**
 * Colours: the predefined choices of the colour picker, and the readable shade of a chosen colour.
 * White text on the spec's default #409EFF has a contrast of 3:1; buttons, links and selected items
 * need 4.5:1 (WCAG AA), so the app darkens the chosen colour just enough wherever text sits on it or
 * is drawn in it. The choice itself is kept as picked.
 */
export const DEFAULT_COLOUR = '#409EFF';

export const PRESET_COLOURS = [
  '#409EFF',
  '#1890FF',
  '#304156',
  '#212121',
  '#11A983',
  '#13C2C2',
  '#6959CD',
  '#F5222D',
  '#FA8C16',
] as const;

const HEX = /^#([0-9a-f]{6})$/i;

export function isHexColour(value: unknown): value is string {
  return typeof value === 'string' && HEX.test(value);
}

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio of two #rrggbb colours. */
export function contrast(a: string, b: string): number {
  const [x, y] = [luminance(channels(a)), luminance(channels(b))].sort((p, q) => q - p);
  return (x + 0.05) / (y + 0.05);
}

const toHex = (rgb: number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** The colour, darkened in small steps until white text on it (and it on white) reads at 4.5:1. */
export function readableShade(colour: string, minimum = 4.5): string {
  if (!isHexColour(colour)) return readableShade(DEFAULT_COLOUR, minimum);
  let rgb = channels(colour);
  for (let step = 0; step < 40 && contrast(toHex(rgb), '#ffffff') < minimum; step++) {
    rgb = rgb.map((c) => c * 0.95) as [number, number, number];
  }
  return toHex(rgb).toUpperCase();
}
