/**
 * The renderer environment of the running app: operations through the api client (its envelope rules,
 * token refresh and notices), the session from the session store, the app's texts. Everything the
 * generic renderers know of the app comes through here (renderers/environment/).
 */
import { useEffect, useMemo, type ReactNode } from 'react';
import { useAtomValue } from 'jotai';
import { sessionScopeOf } from '../../renderers/actions/session-scope.tsx';
import type { RendererEnvironment } from '../../renderers/environment/environment-types.ts';
import { RendererEnvironmentProvider } from '../../renderers/environment/RendererEnvironment.tsx';
import { installScreenOverrides, refreshScreenOverrides } from '../../renderers/screen-overrides.ts';
import { callOperation, isOperationId } from '../api/call.ts';
import { apiAddressAtom } from '../api/api-address.ts';
import { apiClient } from '../api/client.ts';
import { operations, type ScreenConfigEffectiveResponse } from '../api/generated/operations.ts';
import { fileLink } from '../files/file-links.ts';
import { i18n, t } from '../i18n/i18n.ts';
import { accessTokenAtom, tenantIdAtom, uidAtom, userContextAtom } from '../session/atoms.ts';
import { appStore } from '../session/store.ts';

const APP: Partial<RendererEnvironment> = {
  call: (operation, { query, body, as, silent, signal }) => {
    if (as !== 'blob') return callOperation(operation, { query, body, silent, signal });
    if (!isOperationId(operation)) return Promise.reject(new Error(`Unknown operation id: ${operation}`));
    return apiClient.download(operations[operation], { query, silent, signal });
  },
  isOperation: isOperationId,
  permissionOf: (id) => (isOperationId(id) ? operations[id].permission : undefined),
  fileLink,
  uploadTarget: () => {
    const upload = operations['fldFile.upload'];
    const uploadUrl = apiClient.urlOf(upload);
    // tus is mounted under the API base itself (server/files/tus.ts), not under a service prefix.
    const tusEndpoint = `${appStore.get(apiAddressAtom).baseUrl.replace(/\/+$/, '')}/fldFile/tus`;
    return { uploadUrl, tusEndpoint, headers: apiClient.headersOf(upload) };
  },
  translate: t,
  hasText: (key) => (i18n.isInitialized ? i18n.exists(key) : undefined),
};

// Screens published at run time are drawn instead of the files, for whoever is signed in (issue 26).
installScreenOverrides({
  load: () =>
    callOperation('screenConfig.effective', { silent: true }) as Promise<ScreenConfigEffectiveResponse>,
  sessionKey: () =>
    appStore.get(accessTokenAtom)
      ? `${appStore.get(uidAtom) ?? ''}|${appStore.get(tenantIdAtom) ?? ''}`
      : null,
  isOperation: isOperationId,
  hasText: APP.hasText,
});

export function AppRendererEnvironment({ children }: { children: ReactNode }) {
  const context = useAtomValue(userContextAtom);
  const value = useMemo(() => ({ ...APP, session: sessionScopeOf(context) }), [context]);
  // Read as soon as there is a session (or another one), not when its first screen opens.
  useEffect(() => void refreshScreenOverrides(), [context]);
  return <RendererEnvironmentProvider value={value}>{children}</RendererEnvironmentProvider>;
}
