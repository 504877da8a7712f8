/**
 * The public routes of sign-in and session (spec §2 'Public routes'), for the app's route table:
 * `{publicRoutes}` inside <Routes>. Only the login page is in the first bundle; the others load on use.
 * Each page sits in <PublicPage>: while the screen is locked, a signed-in user sees only /locking.
 */
import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, Route } from 'react-router-dom';
import { PageLoading } from '../app/PageLoading.tsx';
import { applyAppLanguage } from '../i18n/apply-language.ts';
import { LoginPage } from '../pages/LoginPage.tsx';
import { accessTokenAtom } from '../session/atoms.ts';
import { LOCKING_PATH, lockedAtom } from '../session/lock-state.ts';
import { NavigationBridge } from '../session/navigation.ts';
import { appStore } from '../session/store.ts';

/**
 * A public page other than /login: it loads with the texts beyond the sign-in page's (apply-language.ts)
 * and the app's domain actions, for the screens it may show (app-actions.ts).
 */
function page(load: () => Promise<{ default: ComponentType }>) {
  return lazy(
    async () => (await Promise.all([load(), applyAppLanguage(appStore), import('../app/app-actions.ts')]))[0],
  );
}

const LockPage = page(() => import('../pages/auth/LockPage.tsx'));
const SystemSelectPage = page(() => import('../pages/auth/SystemSelectPage.tsx'));
const TenantSelectPage = page(() => import('../pages/auth/TenantSelectPage.tsx'));
const RegisterPage = page(() => import('../pages/auth/RegisterPage.tsx'));
const TenantRegisterPage = page(() => import('../pages/auth/TenantRegisterPage.tsx'));
const FldRegisterPage = page(() => import('../pages/auth/FldRegisterPage.tsx'));
const ForgetPage = page(() => import('../pages/auth/ForgetPage.tsx'));
const TenantForgetPage = page(() => import('../pages/auth/TenantForgetPage.tsx'));
const LogoutPage = page(() => import('../pages/auth/LogoutPage.tsx'));
const SsoLogoutPage = page(() => import('../pages/auth/SsoLogoutPage.tsx'));
const AuthRedirectPage = page(() => import('../pages/auth/AuthRedirectPage.tsx'));
const WyfPerfectPage = page(() => import('../pages/wyf/WyfPerfectPage.tsx'));
const WyfReportPage = page(() => import('../pages/wyf/WyfReportPage.tsx'));
const PerfectPage = page(() => import('../pages/auth/PerfectPage.tsx'));
const IframeRoutePage = page(() => import('../pages/iframe/IframeRoutePage.tsx'));

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
  ['/perfect', <PerfectPage />],
  ['/systemSelect', <SystemSelectPage />],
  ['/tenantSelect', <TenantSelectPage />],
  [LOCKING_PATH, <LockPage />],
  ['/logout', <LogoutPage />],
  ['/ssoLogout', <SsoLogoutPage />],
  ['/authredirect', <AuthRedirectPage />],
  ['/wyfperfect', <WyfPerfectPage />],
  ['/wyfReport', <WyfReportPage />],
  // Public like the spec's: it shows only this site's pages (or allowed sites), never a 404 for a bad address.
  ['/iframe', <IframeRoutePage />],
];

export const PUBLIC_PATHS: readonly string[] = PUBLIC_PAGES.map(([path]) => path);

export const publicRoutes = (
  <>
    {PUBLIC_PAGES.map(([path, page]) => (
      <Route key={path} path={path} element={<PublicPage path={path}>{page}</PublicPage>} />
    ))}
  </>
);
