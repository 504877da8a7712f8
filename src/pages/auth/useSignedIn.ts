/**
 * For the public pages that need a session (/systemSelect, /tenantSelect): the user context, loaded
 * when this tab does not have it yet. `missing` means nobody is signed in.
 */
import { useEffect, useState } from 'react';
import { useAtomValue } from 'jotai';
import { isApiCallError } from '../../api/api-call-error.ts';
import { accessTokenAtom, refreshTokenAtom, userContextAtom } from '../../session/atoms.ts';
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
  const refreshToken = useAtomValue(refreshTokenAtom);
  const context = useAtomValue(userContextAtom) as SessionContext | null;
  const [failure, setFailure] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    if (!token && refreshToken) void refreshNow();
  }, [token, refreshToken]);

  useEffect(() => {
    if (!token || context) return;
    let live = true;
    loadUserContext({ silent: true, sessionEnd: 'caller' }).catch((e: unknown) => {
      if (!live) return;
      if (isApiCallError(e) && e.kind === 'sessionEnded') forceLocalLogout();
      else setFailure(isApiCallError(e) ? e.text : String(e));
    });
    return () => {
      live = false;
    };
  }, [token, context, attempt]);

  if (!token && !refreshToken) return { state: 'missing' };
  if (failure) {
    return {
      state: 'failed',
      text: failure,
      retry: () => {
        setFailure(null);
        setAttempt((n) => n + 1);
      },
    };
  }
  if (!token || !context) return { state: 'loading' };
  return { state: 'ready', context };
}
