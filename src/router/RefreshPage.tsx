/**
 * /refresh?redirect=<path>: reloads a view (spec §2: hidden route). The page of that path starts
 * afresh (its kept-alive state is dropped) and the browser returns to it without a history entry.
 * /redirect/<path> does the same for addresses written the older way.
 */
import { useEffect } from 'react';
import { useSetAtom } from 'jotai';
import { useLocation, useNavigate, useParams } from 'react-router-dom';
import { PageLoading } from '../app/PageLoading.tsx';
import { normalisePath } from '../shell/page-resolver.ts';
import { refreshTabAtom } from '../shell/tabs/tabs-store.ts';
import { safeRedirect } from './redirect.ts';

function useReloadTo(target: string): void {
  const navigate = useNavigate();
  const refreshTab = useSetAtom(refreshTabAtom);
  useEffect(() => {
    // Never back into a refresh (which would loop).
    const to = /^\/(refresh|redirect)(\/|\?|$)/.test(target) ? safeRedirect(null) : safeRedirect(target);
    refreshTab(normalisePath(new URL(to, 'http://x').pathname));
    void navigate(to, { replace: true });
  }, [target, navigate, refreshTab]);
}

export default function RefreshPage() {
  const { search } = useLocation();
  useReloadTo(new URLSearchParams(search).get('redirect') ?? '/dashboard');
  return <PageLoading />;
}

export function RedirectPage() {
  const { search, hash } = useLocation();
  const rest = useParams()['*'] ?? '';
  useReloadTo(`/${rest}${search}${hash}`);
  return <PageLoading />;
}
