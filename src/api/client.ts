/**
 * The app's api client, wired to the session store, the current language and the user-facing notifier,
 * and its refresh queue (spec §4 'Token flow'), which trades the refresh token through this same client.
 * Both are built here, so the queue needs no import back into the call helpers.
 */
import { currentLanguage, t } from '../i18n/texts.ts';
import { accessTokenAtom, systemIdAtom, tenantIdAtom } from '../session/atoms.ts';
import { afterOperation } from '../session/operation-effects.ts';
import { endSession } from '../session/session-ending.ts';
import { appStore } from '../session/store.ts';
import { adoptStoredTokens, storeToken } from '../session/token-store.ts';
import { apiAddressAtom } from './api-address.ts';
import { createApiClient } from './http-client.ts';
import { notifier } from './notifier.ts';
import { callWith } from './operation-call.ts';
import { createRefreshQueue } from './refresh-queue.ts';

export const refreshQueue = createRefreshQueue({
  accessToken: () => adoptStoredTokens().access,
  canRefresh: () => adoptStoredTokens().refreshable,
  // The refresh token travels as its HttpOnly cookie (same origin), never through this page.
  exchange: () =>
    callWith(apiClient, 'authentication.apply', {
      body: { grant_type: 'refresh_token' },
      silent: true,
      sessionEnd: 'caller',
      anonymous: true,
    }),
  store: storeToken,
});

export const apiClient = createApiClient({
  address: () => appStore.get(apiAddressAtom),
  session: () => ({
    accessToken: appStore.get(accessTokenAtom),
    systemId: appStore.get(systemIdAtom),
    tenantId: appStore.get(tenantIdAtom),
  }),
  language: currentLanguage,
  translate: t,
  notifier,
  onSessionEnded: (state, envelope) => endSession(state, envelope),
  tokenRecovery: refreshQueue,
  onSuccess: (op, options) => afterOperation(op, options),
});
