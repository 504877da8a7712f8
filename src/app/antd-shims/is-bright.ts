/**
 * antd's `isBright` (color-picker/components/ColorPresets), which Button's and Tag's styles import.
 * Taken from there, ColorPresets' own import of Collapse came with every button (tools/vite-antd-shims.ts).
 */
import { Color as RcColor } from '@rc-component/color-picker';
import type { AggregationColor } from 'antd/es/color-picker/color';

export function isBright(value: AggregationColor, bgColorToken: string): boolean {
  const { r, g, b, a } = value.toRgb();
  const hsv = new RcColor(value.toRgbString()).onBackground(bgColorToken).toHsv();
  // Translucent colours: judged on the background (dark mode).
  if (a <= 0.5) return hsv.v > 0.5;
  return r * 0.299 + g * 0.587 + b * 0.114 > 192;
}
