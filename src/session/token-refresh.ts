/**
 * Refreshing the session's tokens on demand (the route guard, the lock page), and storing a new token
 * pair after any sign-in. The refresh queue itself lives with the api client (src/api/client.ts).
 */
import { refreshQueue } from '../api/client.ts';
import { accessTokenAtom } from './atoms.ts';
import { appStore } from './store.ts';

export { adoptStoredTokens, storeToken } from './token-store.ts';

/**
 * A session with only a refresh token left (spec §2 'Route guard'): trade it for a new access token.
 * False when there is none or the server refused it.
 */
export function refreshNow(): Promise<boolean> {
  return refreshQueue.recover(appStore.get(accessTokenAtom));
}
