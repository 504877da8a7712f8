/**
 * For the public pages that need a session (/systemSelect, /tenantSelect): the user context, loaded
 * when this tab does not have it yet. `missing` means nobody is signed in.
 */
import { useEffect } from 'react';
import { useAtomValue } from 'jotai';
import { useLoad } from '../../../renderers/environment/use-load.ts';
import { isApiCallError } from '../../api/api-call-error.ts';
import { accessTokenAtom, refreshableAtom, userContextAtom } from '../../session/atoms.ts';
import { forceLocalLogout } from '../../session/session-ending.ts';
import { loadUserContext, type SessionContext } from '../../session/sign-in.ts';
import { refreshNow } from '../../session/token-refresh.ts';

export type SignedIn =
  | { state: 'missing' }
  | { state: 'loading' }
  | { state: 'failed'; text: string; retry: () => void }
  | { state: 'ready'; context: SessionContext };

export function useSignedIn(): SignedIn {
  const token = useAtomValue(accessTokenAtom);
  const canRefresh = useAtomValue(refreshableAtom);
  const context = useAtomValue(userContextAtom) as SessionContext | null;

  useEffect(() => {
    if (!token && canRefresh) void refreshNow();
  }, [token, canRefresh]);

  // Loading the context sets the session's atoms; a session that ended on the way is forgotten here.
  const load = useLoad(token && !context ? 'userContext' : null, async (signal) => {
    try {
      await loadUserContext({ silent: true, sessionEnd: 'caller' });
    } catch (e) {
      if (isApiCallError(e) && e.kind === 'sessionEnded') {
        if (!signal.aborted) forceLocalLogout();
        return;
      }
      throw e;
    }
  });

  if (!token && !canRefresh) return { state: 'missing' };
  if (load.error !== undefined && !load.loading) {
    const e = load.error;
    return { state: 'failed', text: isApiCallError(e) ? e.text : String(e), retry: load.reload };
  }
  if (!token || !context) return { state: 'loading' };
  return { state: 'ready', context };
}
