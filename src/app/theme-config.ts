/**
 * antd's theme from the user's settings: the chosen colour (in its readable shade, see
 * settings/colour.ts), the component size, the frame colours of the chosen theme, and secondary
 * text dark enough for 4.5:1 contrast on white; no motion when the system asks for less.
 */
import type { ThemeConfig } from 'antd';
import { readableShade } from '../settings/colour.ts';
import type { ShellSettings } from '../settings/settings-model.ts';
import { SIZE_TOKENS } from '../settings/sizes.ts';
import { themeById } from '../settings/themes.ts';

export function themeConfigFor(
  settings: Pick<ShellSettings, 'colour' | 'size' | 'theme'>,
  reducedMotion = false,
): ThemeConfig {
  const primary = readableShade(settings.colour);
  const size = SIZE_TOKENS[settings.size];
  const frame = themeById(settings.theme);
  return {
    // Component styles come from antd's static stylesheet (imported by AntdScope), not generated in the
    // browser on every first render: a list page's first render does about a third less script work.
    // The tokens below still apply, as the CSS variables that stylesheet reads.
    zeroRuntime: true,
    token: {
      colorPrimary: primary,
      colorLink: primary,
      colorInfo: primary,
      controlHeight: size.controlHeight,
      fontSize: size.fontSize,
      // prefers-reduced-motion: no zoom or slide on dialogs, drawers and menus.
      motion: !reducedMotion,
      colorTextSecondary: 'rgba(0, 0, 0, 0.65)',
      colorTextTertiary: 'rgba(0, 0, 0, 0.6)',
      colorTextDescription: 'rgba(0, 0, 0, 0.6)',
      colorTextPlaceholder: 'rgba(0, 0, 0, 0.6)',
      // antd's red, green and orange read at about 3:1 on white and on their light tag backgrounds.
      colorError: '#C9302C',
      colorSuccess: '#2E7D1E',
      colorWarning: '#A35A00',
      red: '#C9302C',
      green: '#2E7D1E',
      orange: '#A35A00',
      gold: '#8A6100',
      blue: '#1A5FB4',
      cyan: '#0B6F7A',
      purple: '#6B3FA0',
      magenta: '#A3245F',
      volcano: '#B23A12',
      lime: '#4D7A0B',
      geekblue: '#2F4BB5',
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
