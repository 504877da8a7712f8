/**
 * The public routes of sign-in and session (spec §2 'Public routes'), for the app's route table:
 * `{publicRoutes}` inside <Routes>. Only the login page is in the first bundle; the others load on use.
 * Each page sits in <PublicPage>: while the screen is locked, a signed-in user sees only /locking.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, Route } from 'react-router-dom';
import { PageLoading } from '../app/PageLoading.tsx';
import { LoginPage } from '../pages/LoginPage.tsx';
import { accessTokenAtom } from '../session/atoms.ts';
import { lockedAtom } from '../session/lock-state.ts';
import { NavigationBridge } from '../session/navigation.ts';
import { LOCKING_PATH } from './route-guard.ts';

const LockPage = lazy(() => import('../pages/auth/LockPage.tsx'));
const SystemSelectPage = lazy(() => import('../pages/auth/SystemSelectPage.tsx'));
const TenantSelectPage = lazy(() => import('../pages/auth/TenantSelectPage.tsx'));
const RegisterPage = lazy(() => import('../pages/auth/RegisterPage.tsx'));
const TenantRegisterPage = lazy(() => import('../pages/auth/TenantRegisterPage.tsx'));
const FldRegisterPage = lazy(() => import('../pages/auth/FldRegisterPage.tsx'));
const ForgetPage = lazy(() => import('../pages/auth/ForgetPage.tsx'));
const TenantForgetPage = lazy(() => import('../pages/auth/TenantForgetPage.tsx'));
const LogoutPage = lazy(() => import('../pages/auth/LogoutPage.tsx'));
const SsoLogoutPage = lazy(() => import('../pages/auth/SsoLogoutPage.tsx'));
const AuthRedirectPage = lazy(() => import('../pages/auth/AuthRedirectPage.tsx'));

/** Public pages that may be shown while the screen is locked. */
const OPEN_WHILE_LOCKED = new Set([LOCKING_PATH, '/logout', '/ssoLogout']);

export function PublicPage({ path, children }: { path: string; children: ReactNode }) {
  const locked = useAtomValue(lockedAtom);
  const token = useAtomValue(accessTokenAtom);
  if (locked && token && !OPEN_WHILE_LOCKED.has(path)) return <Navigate to={LOCKING_PATH} replace />;
  return (
    <>
      <NavigationBridge />
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </>
  );
}

/** Path → page, in the spec's order. */
export const PUBLIC_PAGES: ReadonlyArray<readonly [string, ReactNode]> = [
  ['/login', <LoginPage />],
  ['/loginfj', <LoginPage />],
  ['/loginWyf', <LoginPage />],
  ['/register', <RegisterPage />],
  ['/tenantRegister', <TenantRegisterPage />],
  ['/fldRegister', <FldRegisterPage />],
  ['/forget', <ForgetPage />],
  ['/tenantForget', <TenantForgetPage />],
  ['/systemSelect', <SystemSelectPage />],
  ['/tenantSelect', <TenantSelectPage />],
  [LOCKING_PATH, <LockPage />],
  ['/logout', <LogoutPage />],
  ['/ssoLogout', <SsoLogoutPage />],
  ['/authredirect', <AuthRedirectPage />],
];

export const PUBLIC_PATHS: readonly string[] = PUBLIC_PAGES.map(([path]) => path);

export const publicRoutes = (
  <>
    {PUBLIC_PAGES.map(([path, page]) => (
      <Route key={path} path={path} element={<PublicPage path={path}>{page}</PublicPage>} />
    ))}
  </>
);
