/**
 * Route guard: without a token, go to /login and come back afterwards. It re-renders when the token
 * is cleared (logout, session ended), so those need no navigation of their own.
 */
import type { ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { Navigate, useLocation } from 'react-router-dom';
import { accessTokenAtom } from '../session/atoms.ts';
import { loginPathFor } from './redirect.ts';

export function RequireAuth({ children }: { children: ReactNode }) {
  const token = useAtomValue(accessTokenAtom);
  const location = useLocation();
  if (!token) return <Navigate to={loginPathFor(location)} replace />;
  return <>{children}</>;
}
