/**
 * The modest shell of the walking skeleton: header, side menu, content. The full shell (tabs,
 * settings, bell, lock) replaces this folder later; pages only rely on <Outlet />.
 */
import { Suspense } from 'react';
import { Button, Layout, Result } from 'antd';
import { useAtomValue } from 'jotai';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router-dom';
import { PageLoading } from '../app/PageLoading.tsx';
import { menusAtom } from '../session/atoms.ts';
import { HeaderBar } from './HeaderBar.tsx';
import { SideMenu } from './SideMenu.tsx';
import { useSessionBootstrap } from './useSessionBootstrap.ts';

/** Spec §2: the side menu is 210 px wide. */
export const SIDE_MENU_WIDTH = 210;

export default function ShellLayout() {
  const { t } = useTranslation();
  const menus = useAtomValue(menusAtom);
  const { state, retry } = useSessionBootstrap();

  if (state === 'loading') return <PageLoading />;
  if (state === 'failed') {
    return (
      <Result
        status="warning"
        title={t('shell.loadFailed')}
        extra={<Button onClick={retry}>{t('common.retry')}</Button>}
      />
    );
  }
  return (
    <Layout style={{ minHeight: '100%' }}>
      <HeaderBar />
      <Layout>
        <Layout.Sider width={SIDE_MENU_WIDTH} theme="light" style={{ borderInlineEnd: '1px solid #f0f0f0' }}>
          <nav aria-label={t('shell.menu')}>
            <SideMenu menus={menus ?? []} />
          </nav>
        </Layout.Sider>
        <Layout.Content style={{ padding: 16, overflow: 'auto' }}>
          <Suspense fallback={<PageLoading />}>
            <Outlet />
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
