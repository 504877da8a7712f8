/**
 * The route table (history mode, base '/'): the public pages of sign-in, the error pages, and the
 * shell with everything behind the route guard. Only /login is loaded eagerly; the guard, antd, the
 * shell, its pages and the screen renderers are separate chunks so the login page stays light.
 */
import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Routes } from 'react-router-dom';
import { PageLoading } from '../app/PageLoading.tsx';
import { applyAppLanguage } from '../i18n/apply-language.ts';
import { ERROR_PAGES } from '../pages/errors/error-codes.ts';
import { publicRoutes } from './public-routes.tsx';
import { accessTokenAtom } from '../session/atoms.ts';
import { appStore } from '../session/store.ts';

// The rest of the texts, antd's and dayjs's come with antd, so the first page past sign-in is complete;
// the app's domain actions are registered before any screen runs. Loaded once.
let antdScope: Promise<{ default: ComponentType }> | undefined;
function loadAntdScope(): Promise<{ default: ComponentType }> {
  antdScope ??= Promise.all([
    import('../app/AntdScope.tsx'),
    applyAppLanguage(appStore),
    import('../app/app-actions.ts'),
  ]).then(([scope]) => scope);
  return antdScope;
}
const AntdScope = lazy(loadAntdScope);
// The guard is not part of the login page either. With a session stored it will most likely let the
// page through, so antd starts loading alongside it rather than after it.
const RequireAuth = lazy(() => {
  if (appStore.get(accessTokenAtom)) void loadAntdScope();
  return import('./RequireAuth.tsx');
});
const ShellLayout = lazy(() => import('../shell/ShellLayout.tsx'));
const ErrorPage = lazy(() => import('../pages/errors/ErrorPage.tsx'));
const PasswordChangePage = lazy(() => import('../pages/auth/PasswordChangePage.tsx'));

export function AppRoutes() {
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes>
        {publicRoutes}
        {/* Error pages need no session: /404 must answer anyone. */}
        <Route element={<AntdScope />}>
          {ERROR_PAGES.map((code) => (
            <Route key={code} path={`/${code}`} element={<ErrorPage code={code} />} />
          ))}
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
          {/* The shell matches every other path and draws its own routes (src/router/shell-routes.tsx);
              a path that is neither one of them nor a menu entry goes to /404 from there. */}
          {/* '*' does not match '/' itself: the home address needs its own (index) route. */}
          {/* A password that must be changed first: this page only, outside the shell (route-guard.ts). */}
          <Route path="passwordChange" element={<PasswordChangePage />} />
          <Route index element={<ShellLayout />} />
          <Route path="*" element={<ShellLayout />} />
        </Route>
      </Routes>
    </Suspense>
  );
}
