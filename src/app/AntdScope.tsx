/**
 * antd's ConfigProvider around every page but the public ones: locale, the user's colour, size and
 * theme (spec §2 'Settings drawer'), the renderer environment and the screen dialog host. Loaded lazily with the first of
 * those pages, so the login page carries no antd at all.
 */
import { useEffect, useMemo } from 'react';
import { ConfigProvider } from 'antd';
// Every component's styles, read through CSS variables (theme-config.ts: zeroRuntime).
import 'antd/dist/antd.css';
import { useAtomValue } from 'jotai';
import { Outlet } from 'react-router-dom';
import { DialogHost } from '../../renderers/dialogs/index.ts';
import { antdLocaleAtom } from '../i18n/apply-language.ts';
import { DEFAULT_COLOUR } from '../settings/colour.ts';
import { settingsAtom } from '../settings/settings-store.ts';
import { SIZE_TOKENS } from '../settings/sizes.ts';
import { installA11yShims } from './a11y-shims.ts';
import { AppRendererEnvironment } from './renderer-environment.tsx';
import { themeConfigFor } from './theme-config.ts';
import { useReducedMotion } from './useReducedMotion.ts';

/** Spec §9: the default colour. */
export const PRIMARY_COLOUR = DEFAULT_COLOUR;

export default function AntdScope() {
  const locale = useAtomValue(antdLocaleAtom);
  const settings = useAtomValue(settingsAtom);
  useEffect(() => installA11yShims(), []);
  const reducedMotion = useReducedMotion();
  const theme = useMemo(() => themeConfigFor(settings, reducedMotion), [settings, reducedMotion]);
  return (
    <ConfigProvider locale={locale} theme={theme} componentSize={SIZE_TOKENS[settings.size].componentSize}>
      <AppRendererEnvironment>
        <Outlet />
        <DialogHost />
      </AppRendererEnvironment>
    </ConfigProvider>
  );
}
