/**
 * The refresh queue (spec §4 'Token flow'): when the access token has expired, exactly one refresh is
 * made; every call that fails or starts meanwhile waits for it and is then replayed with the new token.
 *
 * The refresh token is an HttpOnly cookie the page never sees (server/auth/refresh-cookie.ts): the
 * exchange sends no token, the browser sends the cookie, and the answer sets the next one. Refresh tokens
 * are single use and a second use ends the whole login (server/auth/session.ts), and every tab shares the
 * one cookie, so the refresh must also be exclusive across the browser's tabs: it runs under a Web Lock
 * and first re-reads the stored access token, adopting one another tab has just obtained.
 */

export interface RefreshedToken {
  access_token: string;
}

export interface RefreshQueueDeps {
  /** The access token as stored now (read fresh: another tab may have replaced it). */
  accessToken(): string | null;
  /** Whether a refresh cookie stands behind the session (read fresh too). */
  canRefresh(): boolean;
  /** Trades the refresh cookie for a new pair (authentication/apply, grant_type refresh_token). */
  exchange(): Promise<RefreshedToken>;
  /** Keeps the new access token (the cookie is the browser's). */
  store(token: RefreshedToken): void;
  /** Runs `task` exclusively across tabs; defaults to the Web Locks API when the browser has it. */
  exclusive?<T>(task: () => Promise<T>): Promise<T>;
}

export interface RefreshQueue {
  idle(): Promise<void>;
  recover(usedToken: string | null): Promise<boolean>;
  /** Refreshes made so far (each one call to the server). */
  readonly refreshCount: number;
  readonly refreshing: boolean;
}

export const REFRESH_LOCK_NAME = 'mf.tokenRefresh';

function webLock<T>(task: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request(REFRESH_LOCK_NAME, task) as Promise<T>) : task();
}

export function createRefreshQueue(deps: RefreshQueueDeps): RefreshQueue {
  const exclusive = deps.exclusive ?? webLock;
  let running: Promise<boolean> | null = null;
  let refreshCount = 0;

  async function refreshOnce(usedToken: string | null): Promise<boolean> {
    return exclusive(async () => {
      // Someone (this tab earlier, or another tab) already replaced the token the call was sent with.
      const current = deps.accessToken();
      if (current && current !== usedToken) return true;
      if (!deps.canRefresh()) return false;
      refreshCount += 1;
      try {
        deps.store(await deps.exchange());
        return true;
      } catch {
        return false;
      }
    });
  }

  return {
    idle: () => (running ? running.then(() => undefined) : Promise.resolve()),
    recover(usedToken) {
      if (!running) {
        running = refreshOnce(usedToken).finally(() => {
          running = null;
        });
      }
      return running;
    },
    get refreshCount() {
      return refreshCount;
    },
    get refreshing() {
      return running !== null;
    },
  };
}
