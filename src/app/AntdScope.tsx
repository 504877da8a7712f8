/**
 * antd's ConfigProvider (theme, locale) around every page but /login. It is loaded lazily with the
 * first of those pages, so the login page carries no antd at all.
 */
import { ConfigProvider } from 'antd';
import { useAtomValue } from 'jotai';
import { Outlet } from 'react-router-dom';
import { antdLocaleAtom } from '../i18n/apply-language.ts';

/** Spec §9: the default colour. */
export const PRIMARY_COLOUR = '#409EFF';

export default function AntdScope() {
  const locale = useAtomValue(antdLocaleAtom);
  return (
    <ConfigProvider locale={locale} theme={{ token: { colorPrimary: PRIMARY_COLOUR } }}>
      <Outlet />
    </ConfigProvider>
  );
}
