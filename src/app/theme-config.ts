/**
 * antd's theme from the user's settings: the chosen colour (in its readable shade, see
 * settings/colour.ts), the component size, the frame colours of the chosen theme, and secondary
 * text dark enough for 4.5:1 contrast on white.
 */
import type { ThemeConfig } from 'antd';
import { readableShade } from '../settings/colour.ts';
import type { ShellSettings } from '../settings/settings-model.ts';
import { SIZE_TOKENS } from '../settings/sizes.ts';
import { themeById } from '../settings/themes.ts';

export function themeConfigFor(settings: Pick<ShellSettings, 'colour' | 'size' | 'theme'>): ThemeConfig {
  const primary = readableShade(settings.colour);
  const size = SIZE_TOKENS[settings.size];
  const frame = themeById(settings.theme);
  return {
    token: {
      colorPrimary: primary,
      colorLink: primary,
      colorInfo: primary,
      controlHeight: size.controlHeight,
      fontSize: size.fontSize,
      colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
      colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
      colorTextDescription: 'rgba(0, 0, 0, 0.6)',
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.5)',
    },
    components: {
      Layout: { siderBg: frame.siderBg, headerBg: frame.headerBg, headerPadding: '0', headerHeight: 50 },
      Menu: {
        darkItemBg: frame.siderBg,
        darkSubMenuItemBg: frame.subMenuBg,
        darkPopupBg: frame.siderBg,
        darkItemColor: 'rgba(255, 255, 255, 0.82)',
        darkItemSelectedBg: primary,
      },
    },
  };
}
