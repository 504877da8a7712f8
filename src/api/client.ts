/** The app's api client, wired to the session store, the current language and the user-facing notifier. */
import { i18n, t } from '../i18n/i18n.ts';
import { accessTokenAtom, systemIdAtom, tenantIdAtom } from '../session/atoms.ts';
import { afterOperation } from '../session/operation-effects.ts';
import { endSession } from '../session/session-ending.ts';
import { appStore } from '../session/store.ts';
import { refreshQueue } from '../session/token-refresh.ts';
import { apiAddressAtom } from './api-address.ts';
import { createApiClient, type TokenRecovery } from './http-client.ts';
import { notifier } from './notifier.ts';

// Read at call time: the refresh queue's module imports this one (through call.ts).
const tokenRecovery: TokenRecovery = {
  idle: () => refreshQueue.idle(),
  recover: (usedToken) => refreshQueue.recover(usedToken),
};

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
  onSessionEnded: (state, envelope) => endSession(state, envelope),
  tokenRecovery,
  onSuccess: (op, options) => afterOperation(op, options),
});
