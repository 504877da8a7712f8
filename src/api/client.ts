/** The app's api client, wired to the session store, the current language and the user-facing notifier. */
import { i18n, t } from '../i18n/i18n.ts';
import { accessTokenAtom, systemIdAtom, tenantIdAtom } from '../session/atoms.ts';
import { endSession } from '../session/session-ending.ts';
import { appStore } from '../session/store.ts';
import { apiAddressAtom } from './api-address.ts';
import { createApiClient } from './http-client.ts';
import { notifier } from './notifier.ts';

export const apiClient = createApiClient({
  address: () => appStore.get(apiAddressAtom),
  session: () => ({
    accessToken: appStore.get(accessTokenAtom),
    systemId: appStore.get(systemIdAtom),
    tenantId: appStore.get(tenantIdAtom),
  }),
  language: () => i18n.language || 'zh-CN',
  translate: t,
  notifier,
  onSessionEnded: endSession,
});
