/**
 * The routes (history mode, base '/'). Only /login is loaded eagerly; antd, the shell, its pages and
 * the screen renderers are separate chunks so the login page stays light.
 */
import { lazy, Suspense } from 'react';
import { Navigate, Route, Routes } from 'react-router-dom';
import { PageLoading } from '../app/PageLoading.tsx';
import { LoginPage } from '../pages/LoginPage.tsx';
import { RequireAuth } from './RequireAuth.tsx';
import { HOME_PATH } from './redirect.ts';

const AntdScope = lazy(() => import('../app/AntdScope.tsx'));
const ShellLayout = lazy(() => import('../shell/ShellLayout.tsx'));
const DashboardPage = lazy(() => import('../pages/DashboardPage.tsx'));
const MenuScreenPage = lazy(() => import('../shell/MenuScreenPage.tsx'));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage.tsx'));

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route element={<AntdScope />}>
          <Route path="/404" element={<NotFoundPage />} />
        </Route>
        {/* The guard comes before antd loads: a visitor without a session goes to /login straight away. */}
        <Route
          path="/"
          element={
            <RequireAuth>
              <AntdScope />
            </RequireAuth>
          }
        >
          <Route element={<ShellLayout />}>
            <Route index element={<Navigate to={HOME_PATH} replace />} />
            <Route path="dashboard" element={<DashboardPage />} />
            {/* One route serves every menu entry: /{alias or name} → the entry's screen. */}
            <Route path=":routeName" element={<MenuScreenPage />} />
          </Route>
        </Route>
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
    </Suspense>
  );
}
